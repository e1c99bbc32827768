import { apiKeyScopes, formatDay, type ApiKeyScope, type HistoryEntry } from '@registrar-panel/contract';
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BreakableText } from '../../../components/breakable-text';
import { anyAddressLabel, scopeLabel } from '../../../lib/api-key-labels';

/*
 * The details of a history entry as people read them: a contact change as each field's before →
 * after, an IP list as what was added and removed, a user's name and roles, an API key as the API
 * keys page shows it, a download's file.
 * The entries are stored as JSON by the server's services; anything unexpected shows as its values.
 */

type Details = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const record = (value: unknown): Details => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {});

/** A contact field's dotted path (`address.city`) as the contact forms label it. */
const contactFieldKeys: Record<string, string> = {
  name: 'registrar.contact.name',
  organization: 'registrar.contact.organization',
  street: 'registrar.contact.street',
  street2: 'registrar.contact.street2',
  street3: 'registrar.contact.street3',
  postalCode: 'registrar.contact.postalCode',
  city: 'registrar.contact.city',
  region: 'registrar.contact.region',
  countryCode: 'registrar.contact.country',
  email: 'registrar.contact.email',
  phone: 'registrar.contact.phone',
  mobilePhone: 'registrar.contact.mobilePhone',
  url: 'registrar.contact.url',
};

function fieldLabel(t: TFunction, field: string): string {
  const last = field.split('.').pop() ?? field;
  const key = contactFieldKeys[last];
  return key ? t(key) : field;
}

function Value({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value === null ? <span className="text-body-secondary fst-italic">{t('registrar.history.details.empty')}</span> : <BreakableText text={value} />;
}

/** A Brussels day (`YYYY-MM-DD`) as the portal writes it, `2026/12/31`; anything else as it is. */
const day = (value: string): string => formatDay(value) || value;

function Lines({ children }: { children: ReactNode }) {
  return <ul className="list-unstyled mb-0 history-details">{children}</ul>;
}

function ContactChanges({ details }: { details: Details }) {
  const { t } = useTranslation();
  const changes = Array.isArray(details.changes) ? details.changes.map(record) : [];
  return (
    <Lines>
      {changes.map((change, index) => (
        <li key={`${String(change.field)}-${index}`}>
          <span className="fw-semibold">{fieldLabel(t, String(change.field))}:</span> <Value value={text(change.old)} />
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden"> {t('registrar.history.details.changedTo')} </span>
          <Value value={text(change.new)} />
        </li>
      ))}
    </Lines>
  );
}

function IpChanges({ details }: { details: Details }) {
  const { t } = useTranslation();
  const before = strings(details.before);
  const after = strings(details.after);
  const added = after.filter((ip) => !before.includes(ip));
  const removed = before.filter((ip) => !after.includes(ip));
  if (added.length === 0 && removed.length === 0) return <>{t('registrar.history.details.noChange')}</>;
  return (
    <Lines>
      {added.length > 0 && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.added')}:</span> <span className="font-monospace text-break">{added.join(', ')}</span>
        </li>
      )}
      {removed.length > 0 && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.removed')}:</span> <span className="font-monospace text-break">{removed.join(', ')}</span>
        </li>
      )}
    </Lines>
  );
}

function UserDetails({ details }: { details: Details }) {
  const { t } = useTranslation();
  const before = record(details.before);
  const after = record(details.after);
  const changed = (name: string) => JSON.stringify(before[name]) !== JSON.stringify(after[name]);
  const roles = (value: unknown) => strings(value).join(', ') || t('registrar.history.details.noRoles');
  const lines: ReactNode[] = [];
  const username = text(details.username);
  if (username)
    lines.push(
      <li key="user">
        <span className="fw-semibold">{t('registrar.history.details.user')}:</span> <BreakableText text={username} />
      </li>,
    );
  if ('after' in details) {
    // A change: each value that changed, before → after.
    for (const name of ['name', 'email', 'roles'] as const) {
      if (!changed(name)) continue;
      const show = (value: unknown) => (name === 'roles' ? roles(value) : text(value));
      lines.push(
        <li key={name}>
          <span className="fw-semibold">{t(`registrar.history.details.${name}`)}:</span> <Value value={show(before[name])} />
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden"> {t('registrar.history.details.changedTo')} </span>
          <Value value={show(after[name])} />
        </li>,
      );
    }
  } else if ('roles' in details) {
    lines.push(
      <li key="roles">
        <span className="fw-semibold">{t('registrar.history.details.roles')}:</span> {roles(details.roles)}
      </li>,
    );
  }
  if ('accessEnd' in details) {
    const accessEnd = text(details.accessEnd);
    lines.push(
      <li key="accessEnd">{accessEnd ? t('registrar.history.details.accessEnd', { date: day(accessEnd) }) : t('registrar.history.details.noAccessEnd')}</li>,
    );
  }
  return <Lines>{lines}</Lines>;
}

const isApiKeyScope = (value: string): value is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(value);

/** A key created or revoked: its name and prefix, scopes, last day and addresses (never its secret). */
function ApiKeyDetails({ details }: { details: Details }) {
  const { t } = useTranslation();
  const name = text(details.name);
  const prefix = text(details.prefix);
  const expiresOn = text(details.expiresOn);
  const addresses = strings(details.allowedAddresses);
  return (
    <Lines>
      {(name || prefix) && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.apiKey')}:</span> {name && <BreakableText text={name} />}
          {name && prefix && ' '}
          {prefix && <span className="font-monospace text-break">({prefix})</span>}
        </li>
      )}
      {'scopes' in details && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.scopes')}:</span>{' '}
          {strings(details.scopes)
            .map((scope) => (isApiKeyScope(scope) ? scopeLabel(t, scope) : scope))
            .join(', ')}
        </li>
      )}
      {expiresOn && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.expiresOn')}:</span> <time dateTime={expiresOn}>{day(expiresOn)}</time>
        </li>
      )}
      {'allowedAddresses' in details && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.allowedAddresses')}:</span>{' '}
          {addresses.length > 0 ? <span className="font-monospace text-break">{addresses.join(', ')}</span> : anyAddressLabel(t)}
        </li>
      )}
    </Lines>
  );
}

/** One filter of an export as the filter form names it: 'Kind of action: Contact changes'. */
function filterText(t: TFunction, name: string, value: string): string {
  const labels: Record<string, string> = {
    user: 'registrar.history.user',
    kind: 'registrar.history.kind',
    from: 'registrar.history.from',
    to: 'registrar.history.to',
  };
  const label = labels[name];
  if (!label) return `${name}: ${value}`;
  const kindKey = `registrar.history.kind.${value}`;
  return `${t(label)}: ${name === 'kind' && i18next.exists(kindKey) ? t(kindKey) : value}`;
}

function DownloadDetails({ details }: { details: Details }) {
  const { t } = useTranslation();
  const fileName = text(details.fileName);
  const rows = typeof details.rows === 'number' ? details.rows : null;
  const filter = Object.entries(record(details.filter)).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return (
    <Lines>
      {fileName && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.file')}:</span> <BreakableText text={fileName} />
          {rows !== null && <span className="text-body-secondary"> · {t('registrar.history.details.rows', { count: rows })}</span>}
        </li>
      )}
      {'filter' in details && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.filter')}:</span>{' '}
          {filter.length > 0 ? filter.map(([name, value]) => filterText(t, name, String(value))).join(', ') : t('registrar.history.details.noFilter')}
        </li>
      )}
    </Lines>
  );
}

/** Whatever a detail shape this page does not know holds, as name: value lines. */
function OtherDetails({ details }: { details: Details }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return null;
  return (
    <Lines>
      {entries.map(([name, value]) => (
        <li key={name}>
          <span className="fw-semibold">{name}:</span> <BreakableText text={typeof value === 'string' ? value : JSON.stringify(value)} />
        </li>
      ))}
    </Lines>
  );
}

export function HistoryDetails({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  const { action, details } = entry;
  if (action.startsWith('registrar.') && Array.isArray(details.changes)) return <ContactChanges details={details} />;
  if (action === 'epp.ipAddresses.update') return <IpChanges details={details} />;
  if (action === 'epp.password.update') return details.firstTime === true ? <>{t('registrar.history.details.firstPassword')}</> : null;
  if (action.startsWith('user.')) return <UserDetails details={details} />;
  if (action.startsWith('apiKey.')) return <ApiKeyDetails details={details} />;
  if (action.startsWith('download.')) return <DownloadDetails details={details} />;
  if (action.startsWith('signIn.')) return null;
  return <OtherDetails details={details} />;
}
