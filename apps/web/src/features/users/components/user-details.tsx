import { formatDateTime, type PanelUser } from '@registrar-panel/contract';
import { Button, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useUserActivity } from '../api/get-user-activity';
import { BreakableText, wrapWordsClass } from '../../../components/breakable-text';
import { activityText } from './activity-text';
import { Icon } from '../../../components/icon';
import xLgIcon from 'bootstrap-icons/icons/x-lg.svg?raw';

/** The expanded area of a user row: email and the most recent activities. */
export function UserDetails({ user, onClose }: { user: PanelUser; onClose: () => void }) {
  const { t } = useTranslation();
  const activity = useUserActivity(user.username);
  return (
    <div className="user-details position-relative bg-body-tertiary border rounded p-3" data-testid="user-details">
      <Button variant="link" className="position-absolute top-0 end-0 m-1 text-body-secondary" aria-label={t('users.details.close')} onClick={onClose}>
        <Icon svg={xLgIcon} />
      </Button>
      <dl className="row mb-2">
        <dt className="col-sm-3 col-lg-2">{t('users.details.email')}</dt>
        <dd className={`col-sm-9 col-lg-10 mb-0 ${wrapWordsClass}`}>
          <a href={`mailto:${user.email}`}>
            <BreakableText text={user.email} />
          </a>
        </dd>
      </dl>
      <h3 className="h6 mt-3">{t('users.details.activities')}</h3>
      {activity.isPending && <Spinner animation="border" size="sm" role="status" />}
      {activity.isError && <p className="text-danger mb-0">{t('users.activity.loadFailed')}</p>}
      {activity.isSuccess && activity.data.length === 0 && <p className="text-body-secondary mb-0">{t('users.activity.none')}</p>}
      {activity.isSuccess && activity.data.length > 0 && (
        <ListGroup variant="flush" className="user-activities">
          {activity.data.map((entry, index) => (
            <ListGroup.Item key={`${entry.timestamp}-${index}`} className="bg-transparent d-flex flex-wrap gap-3 px-0 py-1">
              <span className="text-nowrap text-body-secondary">{formatDateTime(entry.timestamp)}</span>
              <span className="flex-grow-1">{activityText(t, entry.status)}</span>
              {entry.ip && <span className="font-monospace small text-body-secondary">{t('users.details.ip', { ip: entry.ip })}</span>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
