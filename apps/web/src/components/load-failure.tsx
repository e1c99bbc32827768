import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from '../lib/use-translation';
import { ApiError } from '../lib/api-client';
import { Icon } from './icon';
import arrowClockwiseIcon from 'bootstrap-icons/icons/arrow-clockwise.svg?raw';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';

/** Whether a failed load means the thing is not there (404), rather than that asking for it failed. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

interface LoadFailureProps {
  error: unknown;
  /** Said when the server answered that there is no such thing. */
  notFound: string;
  /** Said when asking failed (server error, network, time-out): it may work a moment later. */
  failed: string;
  onRetry: () => void;
  /** A retry is under way: the button waits for it. */
  retrying: boolean;
}

/**
 * What a page shows in place of what it could not load. Not found is final and says so; any other
 * failure says that loading failed and offers Retry, and stays when the error alert above is closed.
 */
export function LoadFailure({ error, notFound, failed, onRetry, retrying }: LoadFailureProps) {
  const { t } = useTranslation();
  if (isNotFound(error))
    return (
      <p className="text-body-secondary" data-testid="load-not-found">
        {notFound}
      </p>
    );
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-3" data-testid="load-failed">
      <Icon svg={exclamationTriangleIcon} className="fs-5" />
      <span className="flex-grow-1">{failed}</span>
      <Button variant="outline-dark" onClick={onRetry} disabled={retrying}>
        <Icon svg={arrowClockwiseIcon} className="me-2" />
        {t('app.loadFailure.retry')}
      </Button>
    </Alert>
  );
}
