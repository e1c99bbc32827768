import { apiKeyScopes, type ApiKeyScope, type AuditDetails } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { BreakableText } from '../../../../components/breakable-text';
import { anyAddressLabel, scopeLabel } from '../../../../lib/api-key-labels';
import { Labelled, Lines, day, text } from './lines';

const isApiKeyScope = (value: string): value is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(value);

/** A key created or revoked: its name and prefix, scopes, last day and addresses (never its secret). */
export function ApiKeyDetails({ details }: { details: Partial<AuditDetails['apiKey.create']> }) {
  const { t } = useTranslation();
  const name = text(details.name);
  const prefix = text(details.prefix);
  const expiresOn = text(details.expiresOn);
  const { scopes, allowedAddresses } = details;
  return (
    <Lines>
      {(name || prefix) && (
        <li>
          <span className="fw-semibold">{t('registrar.history.details.apiKey')}:</span> {name && <BreakableText text={name} />}
          {name && prefix && ' '}
          {prefix && <span className="font-monospace text-break">({prefix})</span>}
        </li>
      )}
      {scopes && (
        <li>
          <Labelled label={t('registrar.history.details.scopes')}>
            {/* A scope this version no longer knows is shown as it was recorded. */}
            {scopes.map((scope) => (isApiKeyScope(scope) ? scopeLabel(t, scope) : scope)).join(', ')}
          </Labelled>
        </li>
      )}
      {expiresOn && (
        <li>
          <Labelled label={t('registrar.history.details.expiresOn')}>
            <time dateTime={expiresOn}>{day(expiresOn)}</time>
          </Labelled>
        </li>
      )}
      {allowedAddresses && (
        <li>
          <Labelled label={t('registrar.history.details.allowedAddresses')}>
            {allowedAddresses.length > 0 ? <span className="font-monospace text-break">{allowedAddresses.join(', ')}</span> : anyAddressLabel(t)}
          </Labelled>
        </li>
      )}
    </Lines>
  );
}
