import { Table } from 'react-bootstrap';
import { Trans, useTranslation } from '../../../lib/use-translation';
import { ScrollRegion } from '../../../components/scroll-region';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import { useAppConfiguration } from '../../../lib/config';
import { Icon } from '../../../components/icon';
import calendar3Icon from 'bootstrap-icons/icons/calendar3.svg?raw';
import { usePageTitle } from '../../../lib/page-title';

/** The cookies the panel stores, in the order of the spec, with their storage times. */
const cookies = ['security', 'authentication', 'loadBalancer', 'consent'] as const;

/** The static cookie policy (spec section 2), reachable from the footer and the cookie banner. */
export function CookiePolicyPage() {
  const { t } = useTranslation();
  const { appConfig } = useAppConfiguration();
  const email = appConfig.supportEmail;
  usePageTitle(t('cookiePolicy.title'));

  return (
    <article className="cookie-policy">
      <header className="mb-4">
        <h1 className="h3 mb-1">{t('cookiePolicy.title')}</h1>
        <p className="text-body-secondary small mb-0">
          <Icon svg={calendar3Icon} className="me-2" />
          {t('cookiePolicy.lastUpdated')}
        </p>
      </header>
      <p className="text-body-secondary">{t('cookiePolicy.intro')}</p>

      <h2 className="h5 mt-4">{t('cookiePolicy.what.title')}</h2>
      <p>{t('cookiePolicy.what.text')}</p>

      <h2 className="h5 mt-4">{t('cookiePolicy.list.title')}</h2>
      <p>{t('cookiePolicy.list.text')}</p>
      <ScrollRegion label={t('cookiePolicy.table.caption')} className="mb-4">
        <Table bordered className={`align-middle mb-0 ${stackTableClass}`}>
          <caption className="visually-hidden">{t('cookiePolicy.table.caption')}</caption>
          <thead className="table-light">
            <tr>
              <th scope="col">{t('cookiePolicy.table.cookie')}</th>
              <th scope="col">{t('cookiePolicy.table.purpose')}</th>
              <th scope="col" className="text-nowrap">
                {t('cookiePolicy.table.storage')}
              </th>
            </tr>
          </thead>
          <tbody>
            {cookies.map((cookie) => (
              <tr key={cookie}>
                <StackCell header label={t('cookiePolicy.table.cookie')} className="text-nowrap">
                  {t(`cookiePolicy.${cookie}.name`)}
                </StackCell>
                <StackCell label={t('cookiePolicy.table.purpose')}>{t(`cookiePolicy.${cookie}.purpose`)}</StackCell>
                <StackCell label={t('cookiePolicy.table.storage')} className="text-nowrap">
                  {t(`cookiePolicy.${cookie}.storage`)}
                </StackCell>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>

      <h2 className="h5 mt-4">{t('cookiePolicy.manage.title')}</h2>
      <p>{t('cookiePolicy.manage.text')}</p>

      <h2 className="h5 mt-4">{t('cookiePolicy.contact.title')}</h2>
      <p className="mb-0">
        <Trans i18nKey="cookiePolicy.contact.text" values={{ email }} components={{ mail: <a href={`mailto:${email}`} /> }} />
      </p>
    </article>
  );
}
