import { Table } from 'react-bootstrap';
import { Trans, useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../../lib/config';

/** The cookies the panel stores, in the order of the spec, with their storage times. */
const cookies = ['security', 'authentication', 'loadBalancer', 'consent'] as const;

/** The static cookie policy (spec section 2), reachable from the footer and the cookie banner. */
export function CookiePolicyPage() {
  const { t } = useTranslation();
  const { appConfig } = useAppConfiguration();
  const email = appConfig.supportEmail;

  return (
    <article className="cookie-policy">
      <header className="mb-4">
        <h1 className="h3 mb-1">{t('cookiePolicy.title')}</h1>
        <p className="text-body-secondary small mb-0">
          <i className="bi bi-calendar3 me-2" aria-hidden="true" />
          {t('cookiePolicy.lastUpdated')}
        </p>
      </header>
      <p className="text-body-secondary">{t('cookiePolicy.intro')}</p>

      <h2 className="h5 mt-4">{t('cookiePolicy.what.title')}</h2>
      <p>{t('cookiePolicy.what.text')}</p>

      <h2 className="h5 mt-4">{t('cookiePolicy.list.title')}</h2>
      <p>{t('cookiePolicy.list.text')}</p>
      <Table responsive bordered className="align-middle mb-4">
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
              <th scope="row" className="text-nowrap">
                {t(`cookiePolicy.${cookie}.name`)}
              </th>
              <td>{t(`cookiePolicy.${cookie}.purpose`)}</td>
              <td className="text-nowrap">{t(`cookiePolicy.${cookie}.storage`)}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <h2 className="h5 mt-4">{t('cookiePolicy.manage.title')}</h2>
      <p>{t('cookiePolicy.manage.text')}</p>

      <h2 className="h5 mt-4">{t('cookiePolicy.contact.title')}</h2>
      <p className="mb-0">
        <Trans i18nKey="cookiePolicy.contact.text" values={{ email }} components={{ mail: <a href={`mailto:${email}`} /> }} />
      </p>
    </article>
  );
}
