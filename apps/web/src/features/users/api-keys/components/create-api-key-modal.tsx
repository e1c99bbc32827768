import { apiKeyExpiryBounds, apiKeyLimits, apiKeyScopes, brusselsDay, createApiKeySchema, type ApiKeyCreatedResponse } from '@registrar-panel/contract';
import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../../lib/use-translation';
import { FieldError, invalidAria } from '../../../../components/form-field';
import { alerts } from '../../../../lib/alerts';
import { scopeLabel } from '../../../../lib/api-key-labels';
import { ApiError } from '../../../../lib/api-client';
import { useFieldChanged } from '../../../../lib/changed-fields';
import { messageText } from '../../../../lib/form';
import { useCreateApiKey } from '../api/create-api-key';
import { apiKeyRequestOf, initialApiKeyForm, placeMessage, type ApiKeyFormValues } from '../api-key-form';
import { apiKeyFormResolver, fieldErrorsOf, serverErrorType } from '../api-key-form-resolver';
import { scopeHelp } from '../api-key-text';
import { FormModal } from '../../../../components/form-modal';

/**
 * A field's message: once the user changed it or tried to create (GOV.UK's pattern: the button is
 * never disabled, a failed try shows what is missing), and always when the server sent it.
 */
function useDialogError(form: UseFormReturn<ApiKeyFormValues>, name: FieldPath<ApiKeyFormValues>): string | undefined {
  const changed = useFieldChanged(form, name);
  const error = form.getFieldState(name, form.formState).error;
  return error && (changed || form.formState.isSubmitted || error.type === serverErrorType) ? error.message : undefined;
}

function Required() {
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

/**
 * 'Create API key': a name, the scopes (each with what it lets the key read), the last day it works
 * (90 days ahead unless changed, at most a year) and the addresses it may be used from. Validated by
 * the contract's schema as the server validates it; the server's messages land on their fields.
 */
export function CreateApiKeyModal({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: ApiKeyCreatedResponse) => void }) {
  const { t } = useTranslation();
  // Today as the dialog opened: the bounds and the schema stay the same while it is open.
  const today = useMemo(() => brusselsDay(), []);
  const bounds = apiKeyExpiryBounds(today);
  const resolver = useMemo(() => apiKeyFormResolver(createApiKeySchema(today)), [today]);
  const form = useForm<ApiKeyFormValues>({
    mode: 'onChange',
    resolver,
    defaultValues: initialApiKeyForm(today),
  });
  const create = useCreateApiKey();
  const errors = {
    name: useDialogError(form, 'name'),
    scopes: useDialogError(form, 'scopes'),
    expiresOn: useDialogError(form, 'expiresOn'),
    allowedAddresses: useDialogError(form, 'allowedAddresses'),
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(apiKeyRequestOf(values)));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const placed = fieldErrorsOf(error.messages, values);
      let first = true;
      for (const [field, fieldError] of placed) {
        form.setError(field, { type: serverErrorType, message: fieldError.message }, { shouldFocus: first });
        first = false;
      }
      // A handled key about no field of the dialog still deserves to be read.
      for (const message of error.messages) if (!placeMessage(message, values)) alerts.error(messageText(message));
    }
  });

  return (
    <FormModal
      titleId="create-api-key-title"
      title={t('users.apiKeys.form.title')}
      firstFieldId="api-key-name"
      cancelLabel={t('users.apiKeys.form.cancel')}
      submitLabel={t('users.apiKeys.form.submit')}
      pending={create.isPending}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <Form.Group className="mb-4" controlId="api-key-name">
        <Form.Label>
          {t('users.apiKeys.form.name')}
          <Required />
        </Form.Label>
        <Form.Control
          autoComplete="off"
          aria-required
          isInvalid={Boolean(errors.name)}
          {...invalidAria('api-key-name', errors.name, 'api-key-name-help')}
          {...form.register('name')}
        />
        <FieldError controlId="api-key-name" error={errors.name} />
        <Form.Text id="api-key-name-help">{t('users.apiKeys.form.nameHelp')}</Form.Text>
      </Form.Group>

      <fieldset className="mb-4" aria-describedby={errors.scopes ? 'api-key-scopes-help api-key-scopes-error' : 'api-key-scopes-help'}>
        <legend className="form-label fs-6 mb-1">
          {t('users.apiKeys.form.scopes')}
          <Required />
        </legend>
        <p id="api-key-scopes-help" className="form-text mt-0 mb-2">
          {t('users.apiKeys.form.scopesHelp')}
        </p>
        {errors.scopes && (
          <p id="api-key-scopes-error" className="invalid-feedback d-block mt-0 mb-2">
            {errors.scopes}
          </p>
        )}
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <div className="api-key-scopes">
              {apiKeyScopes.map((scope, index) => (
                <Form.Check key={scope} id={`api-key-scope-${scope}`} className="api-key-scope">
                  <Form.Check.Input
                    type="checkbox"
                    // The first box takes the focus when no scope was chosen.
                    ref={index === 0 ? field.ref : undefined}
                    isInvalid={Boolean(errors.scopes)}
                    checked={field.value.includes(scope)}
                    onChange={(event) => field.onChange(event.target.checked ? [...field.value, scope] : field.value.filter((s) => s !== scope))}
                    onBlur={field.onBlur}
                    aria-describedby={`api-key-scope-${scope}-help`}
                  />
                  <Form.Check.Label className="fw-semibold">{scopeLabel(t, scope)}</Form.Check.Label>
                  <div id={`api-key-scope-${scope}-help`} className="form-text mt-0">
                    {scopeHelp(t, scope)}
                  </div>
                </Form.Check>
              ))}
            </div>
          )}
        />
      </fieldset>

      <Form.Group className="mb-4" controlId="api-key-expires-on">
        <Form.Label>
          {t('users.apiKeys.form.expiresOn')}
          <Required />
        </Form.Label>
        <Form.Control
          type="date"
          className="api-key-expiry"
          min={bounds.first}
          max={bounds.last}
          aria-required
          isInvalid={Boolean(errors.expiresOn)}
          {...invalidAria('api-key-expires-on', errors.expiresOn, 'api-key-expires-on-help')}
          {...form.register('expiresOn')}
        />
        <FieldError controlId="api-key-expires-on" error={errors.expiresOn} />
        <Form.Text id="api-key-expires-on-help">{t('users.apiKeys.form.expiresOnHelp')}</Form.Text>
      </Form.Group>

      <Form.Group controlId="api-key-addresses">
        <Form.Label>
          {t('users.apiKeys.form.addresses')} <span className="text-body-secondary fw-normal">{t('users.apiKeys.form.optional')}</span>
        </Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          className="font-monospace"
          spellCheck={false}
          autoComplete="off"
          isInvalid={Boolean(errors.allowedAddresses)}
          {...invalidAria('api-key-addresses', errors.allowedAddresses, 'api-key-addresses-help')}
          {...form.register('allowedAddresses')}
        />
        <FieldError controlId="api-key-addresses" error={errors.allowedAddresses} />
        <Form.Text id="api-key-addresses-help">{t('users.apiKeys.form.addressesHelp', { max: apiKeyLimits.maxAllowedAddresses })}</Form.Text>
      </Form.Group>
    </FormModal>
  );
}
