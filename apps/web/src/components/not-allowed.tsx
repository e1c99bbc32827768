import { Alert } from 'react-bootstrap';
import { Icon } from './icon';
import shieldLockIcon from 'bootstrap-icons/icons/shield-lock.svg?raw';

/** What a tab or page says to a role that cannot use it, instead of failing calls. */
export function NotAllowed({ title, text }: { title: string; text: string }) {
  return (
    <Alert variant="info" className="d-flex gap-3" data-testid="not-allowed">
      <Icon svg={shieldLockIcon} className="fs-4" />
      <div>
        <Alert.Heading as="h2" className="h6">
          {title}
        </Alert.Heading>
        <p className="mb-0">{text}</p>
      </div>
    </Alert>
  );
}
