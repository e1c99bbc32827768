import type { AuditDetails } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { BreakableText } from '../../../../components/breakable-text';
import { eventKindLabel } from '../../../../lib/event-kind-labels';
import { Labelled, Lines, text } from './lines';

type Facts = Partial<AuditDetails['webhook.create']>;

function FactLines({ facts }: { facts: Facts }) {
  const { t } = useTranslation();
  const url = text(facts.url);
  return (
    <>
      {url && (
        <li>
          <Labelled label={t('registrar.history.details.webhookUrl')}>
            <span className="font-monospace text-break">
              <BreakableText text={url} />
            </span>
          </Labelled>
        </li>
      )}
      {facts.eventKinds && (
        <li>
          <Labelled label={t('registrar.history.details.webhookEvents')}>{facts.eventKinds.map((kind) => eventKindLabel(t, kind)).join(', ')}</Labelled>
        </li>
      )}
    </>
  );
}

/** A webhook endpoint added, changed (as it is after), enabled, disabled, deleted or given a new secret: its address (no query) and events, never its secret. */
export function WebhookDetails({ details }: { details: Facts | Partial<AuditDetails['webhook.update']> }) {
  const facts: Facts = 'after' in details && details.after ? details.after : (details as Facts);
  return (
    <Lines>
      <FactLines facts={facts} />
    </Lines>
  );
}
