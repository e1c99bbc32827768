import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** Any path outside the route table (spec section 2). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="app-not-found text-center py-5 px-3">
      <div className="app-not-found-icon mx-auto mb-4" aria-hidden="true">
        <i className="bi bi-signpost-split" />
      </div>
      <p className="text-body-secondary fw-semibold mb-1">404</p>
      <h1 className="h3 mb-3">{t('app.notFound')}</h1>
      <p className="text-body-secondary mx-auto mb-4 app-not-found-text">{t('app.notFound.text')}</p>
      <Link to={paths.generalData} className="btn btn-primary">
        <i className="bi bi-arrow-left me-2" aria-hidden="true" />
        {t('app.notFound.home')}
      </Link>
    </section>
  );
}
