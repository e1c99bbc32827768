import { accessEnded, formatDay, type PanelUser } from '@registrar-panel/contract';
import { useTranslation } from '../../../lib/use-translation';

/**
 * What keeps a user from signing in, or will: 'Activation pending', 'Disabled', and the access end
 * day ('Access until 2026/12/31', or 'Access ended …' once it has passed). Nothing for a user who
 * simply can sign in.
 */
export function UserStatusBadges({ user }: { user: Pick<PanelUser, 'awaitingActivation' | 'disabled' | 'accessEnd'> }) {
  const { t } = useTranslation();
  const ended = accessEnded(user.accessEnd);
  if (!user.awaitingActivation && !user.disabled && user.accessEnd === null) return null;
  return (
    <span className="d-inline-flex flex-wrap gap-1" data-testid="user-status">
      {user.awaitingActivation && <span className="badge rounded-pill text-bg-info">{t('users.status.pending')}</span>}
      {user.disabled && <span className="badge rounded-pill text-bg-secondary">{t('users.status.disabled')}</span>}
      {user.accessEnd !== null && (
        <span className={`badge rounded-pill ${ended ? 'text-bg-danger' : 'text-bg-warning'}`}>
          {t(ended ? 'users.status.accessEnded' : 'users.status.accessUntil', { date: formatDay(user.accessEnd) })}
        </span>
      )}
    </span>
  );
}
