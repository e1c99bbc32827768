import { useTranslation } from '../../lib/use-translation';
import { pendingRequests } from '../../lib/spinner';
import { useStore } from '../../lib/store';

/** Covers the page while any request is in flight, so nothing is clicked twice. */
export function SpinnerOverlay() {
  const { t } = useTranslation();
  const pending = useStore(pendingRequests);
  if (pending === 0) return null;
  return (
    <div className="app-spinner-overlay" role="status" aria-label={t('app.spinner.loading')}>
      {/* Bootstrap's spinner as plain markup: the shell loads no react-bootstrap component it can do without. */}
      <div className="spinner-border text-primary app-spinner" aria-hidden="true" />
    </div>
  );
}
