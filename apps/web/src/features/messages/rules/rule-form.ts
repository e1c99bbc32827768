import {
  domainSearchExportQuerySchema,
  domainSearchFilterNames,
  domainStatuses,
  registrationLabels,
  rgpStatuses,
  type DomainStatus,
  type NotificationRule,
  type NotificationRuleInput,
  type NotificationRuleKind,
  type RegistrationLabel,
  type RgpStatus,
  type SavedSearch,
  type SearchCountDirection,
} from '@registrar-panel/contract';

/*
 * The rule form's values and their mapping to and from the contract's request. The form keeps a
 * field for every kind's target, so that switching the kind back and forth loses nothing typed; only
 * the chosen kind's fields go into the request.
 */

export interface RuleFormValues {
  name: string;
  kind: NotificationRuleKind;
  status: DomainStatus;
  gracePeriod: RgpStatus;
  label: RegistrationLabel;
  /** Text inputs hold text; the contract's schema turns it into a number, or refuses it. */
  days: string;
  /** The saved search's name pattern (`*an*`), as on the search page. */
  pattern: string;
  direction: SearchCountDirection;
  threshold: string;
  /** The saved search's filters besides its name, kept as they came (the form shows them, read-only). */
  filters: Omit<SavedSearch, 'ulabel'>;
  recipients: string[];
}

/** The form's fields with a message of their own (the ids of their controls: `rule-<field>`). */
export type RuleField = 'name' | 'kind' | 'status' | 'gracePeriod' | 'label' | 'days' | 'pattern' | 'direction' | 'threshold' | 'recipients';

/**
 * The form as it opens: the rule's values, or a new rule's defaults telling the user who opened it;
 * a new rule from the search page's Save as rule counts that search.
 */
export function ruleFormValues(rule: NotificationRule | undefined, me: string | undefined, search?: SavedSearch): RuleFormValues {
  const values: RuleFormValues = {
    name: rule?.name ?? '',
    kind: rule?.target.kind ?? 'entersStatus',
    status: 'serverHold',
    gracePeriod: 'REDEMPTION_PERIOD',
    label: 'DOMAINGUARD',
    days: '30',
    pattern: '',
    direction: 'atLeast',
    threshold: '',
    filters: {},
    recipients: rule ? [...rule.recipients] : me ? [me] : [],
  };
  const target = rule?.target ?? (search ? { kind: 'searchCount' as const, search, direction: 'atLeast' as const, threshold: '' } : undefined);
  if (!rule && search) values.kind = 'searchCount';
  if (target?.kind === 'entersStatus') values.status = target.status;
  if (target?.kind === 'entersGracePeriod') values.gracePeriod = target.gracePeriod;
  if (target?.kind === 'entersLabel') values.label = target.label;
  if (target?.kind === 'expiresWithin') values.days = String(target.days);
  if (target?.kind === 'searchCount') {
    const { ulabel, ...filters } = target.search;
    Object.assign(values, { pattern: ulabel, filters, direction: target.direction, threshold: String(target.threshold) });
  }
  return values;
}

/** The request the form's values make: the chosen kind and its own target fields only. */
export function ruleRequestOf(values: RuleFormValues): NotificationRuleInput {
  const { name, kind, recipients } = values;
  const target = ((): NotificationRuleInput['target'] => {
    switch (kind) {
      case 'entersStatus':
        return { kind, status: values.status };
      case 'entersGracePeriod':
        return { kind, gracePeriod: values.gracePeriod };
      case 'entersLabel':
        return { kind, label: values.label };
      case 'expiresWithin':
        return { kind, days: values.days.trim() };
      case 'searchCount':
        return { kind, search: { ...values.filters, ulabel: values.pattern }, direction: values.direction, threshold: values.threshold.trim() };
      default:
        return { kind };
    }
  })();
  return { name, target, recipients };
}

/**
 * The field a message is about, from its path in the request (`target.days`, `target.search.ulabel`,
 * `recipients.0`): the form shows it there. A message about the target as a whole goes to the kind.
 */
export function ruleFieldOf(path: readonly PropertyKey[] | string | undefined): RuleField {
  const parts = (typeof path === 'string' ? path.split('.') : (path ?? []).map(String)).filter(Boolean);
  const [first, second] = parts;
  if (first === 'name' || first === 'recipients') return first;
  // The search's filters other than the name are not fields of the form: their message goes to the name pattern.
  if (first === 'target' && second === 'search') return 'pattern';
  if (second === 'status' || second === 'gracePeriod' || second === 'label' || second === 'days' || second === 'direction' || second === 'threshold')
    return second;
  return 'kind';
}

/** The lists the target selects offer, from the contract. */
export const targetOptions = { status: domainStatuses, gracePeriod: rgpStatuses, label: registrationLabels } as const;

/**
 * The search Save as rule brought in the address (the search page's own parameters: `domainname` and
 * the filters), when it is one the contract accepts; otherwise none, and the page opens as usual.
 */
export function savedSearchOf(params: URLSearchParams): SavedSearch | null {
  const ulabel = params.get('domainname');
  if (ulabel === null) return null;
  const filters = Object.fromEntries(domainSearchFilterNames.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])));
  const checked = domainSearchExportQuerySchema.safeParse({ ulabel, ...filters });
  if (!checked.success) return null;
  // Only the filters set: an unset one is no key at all, as in a rule the API gives.
  return Object.fromEntries(Object.entries(checked.data).filter(([, value]) => value !== undefined)) as SavedSearch;
}
