import { useTranslation } from '../../lib/use-translation';

/**
 * What the page's place shows while the page's chunk loads (a first visit, a slow phone): the
 * portal's spinner in a status region, so that the user sees, and a screen reader hears, that the
 * page is on its way instead of an empty card. It fades in, so that a chunk already cached does not
 * flash it.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="app-page-loading" role="status" data-testid="page-loading">
      {/* Bootstrap's spinner as plain markup: the shell loads no react-bootstrap component it can do without. */}
      <div className="spinner-border text-primary" aria-hidden="true" />
      {/* The page's one heading until the page itself comes, for those who find their way by headings. */}
      <h1 className="visually-hidden">{t('app.pageLoading')}</h1>
    </div>
  );
}
