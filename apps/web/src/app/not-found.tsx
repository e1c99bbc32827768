import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { Icon } from '../components/icon';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import signpostSplitIcon from 'bootstrap-icons/icons/signpost-split.svg?raw';
import { usePageTitle } from '../lib/page-title';

/** Any path outside the route table (spec section 2). */
export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('app.notFound'));
  return (
    <section className="app-not-found text-center py-5 px-3">
      <div className="app-not-found-icon mx-auto mb-4" aria-hidden="true">
        <Icon svg={signpostSplitIcon} />
      </div>
      <p className="text-body-secondary fw-semibold mb-1">404</p>
      <h1 className="h3 mb-3">{t('app.notFound')}</h1>
      <p className="text-body-secondary mx-auto mb-4 app-not-found-text">{t('app.notFound.text')}</p>
      <Link to={paths.generalData} className="btn btn-primary">
        <Icon svg={arrowLeftIcon} className="me-2" />
        {t('app.notFound.home')}
      </Link>
    </section>
  );
}
