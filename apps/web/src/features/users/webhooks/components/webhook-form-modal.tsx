import {
  eventKinds,
  webhookEndpointSchema,
  webhookLimits,
  type EventKind,
  type Message,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookSecretResponse,
} from '@registrar-panel/contract';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { FieldError, invalidAria } from '../../../../components/form-field';
import { alerts } from '../../../../lib/alerts';
import { ApiError } from '../../../../lib/api-client';
import { eventKindLabel } from '../../../../lib/event-kind-labels';
import { messageText } from '../../../../lib/form';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { eventKindGroups } from '../webhook-events';
import { FormModal } from '../../../../components/form-modal';

type Field = 'url' | 'eventKinds' | 'description';
type Errors = Partial<Record<Field, string>>;

const fieldOf = (message: Message): Field | undefined => {
  const field = message.field?.split('.')[0];
  return field === 'url' || field === 'eventKinds' || field === 'description' ? field : undefined;
};

/**
 * 'Add endpoint' and 'Change endpoint': the address, the events it receives and a description,
 * checked by the contract's schema as the server checks it; the server's messages (https only, a
 * private address) land on their field.
 */
export function WebhookFormModal({
  endpoint,
  onCancel,
  onCreated,
  onSaved,
}: {
  endpoint?: WebhookEndpoint;
  onCancel: () => void;
  onCreated: (created: WebhookSecretResponse) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<WebhookEndpointInput>({
    url: endpoint?.url ?? 'https://',
    eventKinds: endpoint?.eventKinds ?? [...eventKinds],
    description: endpoint?.description ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;

  const submit = async () => {
    const checked = webhookEndpointSchema.safeParse(values);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(issue.message, { max: field === 'url' ? webhookLimits.urlMaxLength : webhookLimits.descriptionMaxLength });
      }
      setErrors(found);
      document.getElementById(`webhook-${Object.keys(found)[0] ?? 'url'}`)?.focus();
      return;
    }
    setErrors({});
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, input: values });
        onSaved();
      } else onCreated(await create.mutateAsync(values));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const found: Errors = {};
      for (const message of error.messages) {
        const field = fieldOf(message);
        if (field) found[field] ??= messageText(message);
        else alerts.error(messageText(message));
      }
      setErrors(found);
      if (found.url) document.getElementById('webhook-url')?.focus();
    }
  };

  const toggle = (kind: EventKind, on: boolean) =>
    setValues((current) => ({ ...current, eventKinds: on ? [...current.eventKinds, kind] : current.eventKinds.filter((k) => k !== kind) }));

  return (
    <FormModal
      titleId="webhook-form-title"
      title={t(endpoint ? 'users.webhooks.form.editTitle' : 'users.webhooks.form.title')}
      firstFieldId="webhook-url"
      cancelLabel={t('users.webhooks.cancel')}
      submitLabel={t(endpoint ? 'users.webhooks.form.save' : 'users.webhooks.form.create')}
      pending={pending}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <Form.Group className="mb-4" controlId="webhook-url">
        <Form.Label>{t('users.webhooks.form.url')}</Form.Label>
        <Form.Control
          type="url"
          inputMode="url"
          autoComplete="off"
          className="font-monospace"
          aria-required
          value={values.url}
          isInvalid={Boolean(errors.url)}
          {...invalidAria('webhook-url', errors.url, 'webhook-url-help')}
          onChange={(event) => {
            setValues({ ...values, url: event.target.value });
            // A message about the address it was is no longer about this one.
            setErrors({ ...errors, url: undefined });
          }}
        />
        <FieldError controlId="webhook-url" error={errors.url} />
        <Form.Text id="webhook-url-help">{t('users.webhooks.form.urlHelp')}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-4" controlId="webhook-description">
        <Form.Label>{t('users.webhooks.form.description')}</Form.Label>
        <Form.Control
          autoComplete="off"
          value={values.description}
          isInvalid={Boolean(errors.description)}
          {...invalidAria('webhook-description', errors.description)}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
        />
        <FieldError controlId="webhook-description" error={errors.description} />
      </Form.Group>
      <fieldset aria-describedby={errors.eventKinds ? 'webhook-eventKinds-error' : undefined}>
        <legend className="form-label fs-6 mb-2">{t('users.webhooks.form.events')}</legend>
        {errors.eventKinds && (
          <p id="webhook-eventKinds-error" className="invalid-feedback d-block mt-0 mb-2">
            {errors.eventKinds}
          </p>
        )}
        <div className="webhook-kinds">
          {eventKindGroups().map(({ group, kinds }, groupIndex) => (
            <div key={group} className="mb-3 webhook-kind-group">
              <p className="fw-semibold small text-body-secondary mb-1">{t(`users.webhooks.group.${group}`)}</p>
              {kinds.map((kind, index) => (
                <Form.Check
                  key={kind}
                  id={index === 0 && groupIndex === 0 ? 'webhook-eventKinds' : `webhook-kind-${kind}`}
                  label={eventKindLabel(t, kind)}
                  checked={values.eventKinds.includes(kind)}
                  isInvalid={Boolean(errors.eventKinds)}
                  onChange={(event) => toggle(kind, event.target.checked)}
                />
              ))}
            </div>
          ))}
        </div>
      </fieldset>
    </FormModal>
  );
}
