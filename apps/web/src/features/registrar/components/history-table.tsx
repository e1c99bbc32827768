import { formatDateTime, type HistoryEntry } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { BreakableText, wrapWordsClass } from '../../../components/breakable-text';
import { visible } from '../../../lib/visible-text';
import { StackCell, stackTableClass, stickyHeadClass } from '../../../components/stack-table';
import { HistoryDetails } from './history-details';
import { historyActionText } from './history-text';

/**
 * The entries of one page, newest first: time in Brussels, user, action in words, details, IP.
 * The header row stays in view while the page scrolls; on a phone each entry is a card. Usernames,
 * details and addresses are shown without invisible controls (`visible`): others typed some of them.
 */
export function HistoryTable({ entries }: { entries: HistoryEntry[] }) {
  const { t } = useTranslation();
  const labels = {
    time: t('registrar.history.time'),
    user: t('registrar.history.userColumn'),
    action: t('registrar.history.action'),
    details: t('registrar.history.details'),
    ip: t('registrar.history.ip'),
  };
  return (
    <Table striped size="sm" className={`mb-0 align-top history-table ${stickyHeadClass} ${stackTableClass}`} data-testid="history-table">
      <thead>
        <tr>
          <th scope="col">{labels.time}</th>
          <th scope="col">{labels.user}</th>
          <th scope="col">{labels.action}</th>
          <th scope="col">{labels.details}</th>
          <th scope="col">{labels.ip}</th>
        </tr>
      </thead>
      <tbody>
        {visible(entries).map((entry) => (
          <tr key={entry.id} data-action={entry.action}>
            <StackCell label={labels.time} className="text-nowrap">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </StackCell>
            <StackCell label={labels.user} className={wrapWordsClass}>
              {/* A sign-in for a name that is no account is recorded as `@handle`, without the name typed. */}
              {entry.username && !entry.username.startsWith('@') ? (
                <BreakableText text={entry.username} />
              ) : (
                <span className="text-body-secondary">{t(entry.username ? 'registrar.history.noAccount' : 'registrar.history.noUser')}</span>
              )}
            </StackCell>
            <StackCell
              label={labels.action}
              className={entry.action.startsWith('signIn.') && entry.action !== 'signIn.success' ? 'text-danger-emphasis' : undefined}
            >
              {historyActionText(t, entry.action)}
            </StackCell>
            <StackCell label={labels.details} className="history-details-cell">
              <HistoryDetails entry={entry} />
            </StackCell>
            <StackCell label={labels.ip} className="font-monospace small text-break">
              {entry.ip ?? ''}
            </StackCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
