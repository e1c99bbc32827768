import {
  lifecycleOrder,
  notificationRuleKinds,
  notificationRuleLimits,
  notificationRuleSchema,
  searchCountDirections,
  type NotificationRule,
  type NotificationRulesResponse,
  type SavedSearch,
} from '@registrar-panel/contract';
import { useState, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { FieldError, invalidAria } from '../../../../components/form-field';
import { alerts } from '../../../../lib/alerts';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/auth';
import { messageText } from '../../../../lib/form';
import { useSaveRule } from '../api/save-rule';
import { filtersInWords } from '../rule-description';
import { ruleFieldOf, ruleFormValues, ruleRequestOf, targetOptions, type RuleField, type RuleFormValues } from '../rule-form';
import { FormModal } from '../../../../components/form-modal';

type Errors = Partial<Record<RuleField, string>>;

/** What a message's `{{max}}` stands for, by the field it is about. */
const maxOf: Partial<Record<RuleField, number>> = {
  name: notificationRuleLimits.nameMaxLength,
  recipients: notificationRuleLimits.maxRecipients,
  days: notificationRuleLimits.maxExpiryDays,
  threshold: notificationRuleLimits.maxThreshold,
};

const controlId = (field: RuleField) => `rule-${field}`;

/**
 * 'Add rule' and 'Change rule': the name, what the rule watches (its kind and that kind's target) and
 * its recipients among the registrar's users, checked by the contract's schema as the server checks
 * it; the server's messages land on their field, the others (too many rules) are alerted.
 */
export function RuleFormModal({
  rule,
  search,
  candidates,
  onCancel,
  onSaved,
}: {
  rule?: NotificationRule;
  /** A new rule's saved search, from the search page's Save as rule. */
  search?: SavedSearch;
  candidates: NotificationRulesResponse['candidates'];
  onCancel: () => void;
  onSaved: (saved: NotificationRule) => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser()?.username;
  const [values, setValues] = useState<RuleFormValues>(() =>
    ruleFormValues(rule, candidates.some((candidate) => candidate.username === me) ? me : undefined, search),
  );
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveRule();

  const show = (found: Errors) => {
    setErrors(found);
    const first = (Object.keys(found) as RuleField[])[0];
    if (first) document.getElementById(first === 'recipients' ? 'rule-recipients-first' : controlId(first))?.focus();
  };

  const submit = async () => {
    const checked = notificationRuleSchema.safeParse(ruleRequestOf(values));
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = ruleFieldOf(issue.path);
        found[field] ??= t(issue.message, { max: maxOf[field] });
      }
      show(found);
      return;
    }
    setErrors({});
    try {
      onSaved(await save.mutateAsync({ id: rule?.id, input: ruleRequestOf(values) }));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const found: Errors = {};
      for (const message of error.messages) {
        if (message.field) found[ruleFieldOf(message.field)] ??= messageText(message);
        else alerts.error(messageText(message));
      }
      show(found);
    }
  };

  const set = <K extends keyof RuleFormValues>(field: K, value: RuleFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A message about the value it was is no longer about this one.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const select = (field: 'kind' | 'status' | 'gracePeriod' | 'label' | 'direction', options: readonly string[], label: (option: string) => string) => (
    <Field field={field} label={t(`messages.rules.form.${field}`)} error={errors[field]}>
      <Form.Select
        value={values[field]}
        isInvalid={Boolean(errors[field])}
        {...invalidAria(controlId(field), errors[field])}
        onChange={(event) => set(field, event.target.value as RuleFormValues[typeof field])}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </Form.Select>
    </Field>
  );

  const text = (field: 'name' | 'days' | 'pattern' | 'threshold', options: { numeric?: boolean; help?: string } = {}) => (
    <Field field={field} label={t(`messages.rules.form.${field}`)} error={errors[field]} help={options.help}>
      <Form.Control
        autoComplete="off"
        inputMode={options.numeric ? 'numeric' : undefined}
        className={field === 'pattern' ? 'font-monospace' : undefined}
        aria-required
        value={values[field]}
        isInvalid={Boolean(errors[field])}
        {...invalidAria(controlId(field), errors[field], options.help ? `${controlId(field)}-help` : undefined)}
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );

  const toggle = (username: string, on: boolean) =>
    set('recipients', on ? [...values.recipients, username] : values.recipients.filter((name) => name !== username));
  // Filters the search page gave the saved search besides its status: kept as they are, shown in words.
  const { status: _editable, ...kept } = values.filters;
  const otherFilters = filtersInWords(t, kept).join(', ');

  return (
    <FormModal
      titleId="rule-form-title"
      title={t(rule ? 'messages.rules.form.editTitle' : 'messages.rules.form.title')}
      firstFieldId="rule-name"
      cancelLabel={t('messages.rules.cancel')}
      submitLabel={t(rule ? 'messages.rules.form.save' : 'messages.rules.form.create')}
      pending={save.isPending}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      {text('name')}
      {select('kind', notificationRuleKinds, (kind) => t(`messages.rules.kind.${kind}`))}
      {values.kind === 'entersStatus' && select('status', targetOptions.status, (status) => status)}
      {values.kind === 'entersGracePeriod' && select('gracePeriod', targetOptions.gracePeriod, (period) => t(`messages.rules.rgp.${period}`))}
      {values.kind === 'entersLabel' && select('label', targetOptions.label, (label) => t(`messages.rules.label.${label}`))}
      {values.kind === 'expiresWithin' &&
        text('days', { numeric: true, help: t('messages.rules.form.daysHelp', { max: notificationRuleLimits.maxExpiryDays }) })}
      {values.kind === 'searchCount' && (
        <>
          {text('pattern', { help: t('messages.rules.form.patternHelp') })}
          <Form.Group className="mb-3" controlId="rule-searchStatus">
            <Form.Label>{t('messages.rules.form.searchStatus')}</Form.Label>
            <Form.Select
              value={values.filters.status ?? ''}
              onChange={(event) => {
                const { status: _dropped, ...rest } = values.filters;
                const status = lifecycleOrder.find((option) => option === event.target.value);
                set('filters', status ? { ...rest, status } : rest);
              }}
            >
              <option value="">{t('messages.rules.form.anyStatus')}</option>
              {lifecycleOrder.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {otherFilters && (
            <p className="small text-body-secondary" data-testid="rule-other-filters">
              {t('messages.rules.form.otherFilters', { filters: otherFilters })}
            </p>
          )}
          <div className="row gx-3">
            <div className="col-sm-6">{select('direction', searchCountDirections, (direction) => t(`messages.rules.direction.${direction}`))}</div>
            <div className="col-sm-6">{text('threshold', { numeric: true })}</div>
          </div>
        </>
      )}
      <fieldset aria-describedby={errors.recipients ? 'rule-recipients-error' : 'rule-recipients-help'}>
        <legend className="form-label fs-6 mb-1">{t('messages.rules.form.recipients')}</legend>
        <p id="rule-recipients-help" className="form-text mt-0 mb-2">
          {t('messages.rules.form.recipientsHelp', { max: notificationRuleLimits.maxRecipients })}
        </p>
        {errors.recipients && (
          <p id="rule-recipients-error" className="invalid-feedback d-block mt-0 mb-2">
            {errors.recipients}
          </p>
        )}
        <div className="rules-recipients">
          {candidates.map((candidate, index) => (
            <Form.Check
              key={candidate.username}
              id={index === 0 ? 'rule-recipients-first' : `rule-recipient-${index}`}
              label={`${candidate.name} (${candidate.username})`}
              checked={values.recipients.includes(candidate.username)}
              isInvalid={Boolean(errors.recipients)}
              onChange={(event) => toggle(candidate.username, event.target.checked)}
            />
          ))}
        </div>
      </fieldset>
    </FormModal>
  );
}

/** A labelled control with its message and optional hint under it. */
function Field({ field, label, error, help, children }: { field: RuleField; label: string; error?: string; help?: string; children: ReactNode }) {
  return (
    <Form.Group className="mb-3" controlId={controlId(field)}>
      <Form.Label>{label}</Form.Label>
      {children}
      <FieldError controlId={controlId(field)} error={error} />
      {help && <Form.Text id={`${controlId(field)}-help`}>{help}</Form.Text>}
    </Form.Group>
  );
}
