import '../account.css';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { LoadFailure } from '../../../components/load-failure';
import { usePageTitle } from '../../../lib/page-title';
import { useMyAccount } from '../api/get-my-account';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SecondFactorsSection } from './second-factors-section';
import { SessionsSection } from './sessions-section';

/**
 * `/account` ("My account"), reached from the user's name in the footer: their account as the
 * identity service holds it, the language, the password, the second factors and the open sessions.
 * Every signed-in user, whatever their roles, and only their own.
 */
export function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const account = useMyAccount();
  return (
    <section aria-labelledby="account-title" className="account-page">
      <h1 id="account-title" className="h3 mb-4">
        {t('account.title')}
      </h1>
      {account.isPending && (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('account.loading')}</span>
        </Spinner>
      )}
      {account.isError && (
        <LoadFailure
          error={account.error}
          notFound={t('account.loadFailed')}
          failed={t('account.loadFailed')}
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      )}
      {account.isSuccess && (
        <div className="row g-4">
          <div className="col-xl-6 d-flex flex-column gap-4">
            <ProfileSection account={account.data} />
          </div>
          <div className="col-xl-6 d-flex flex-column gap-4">
            <PasswordSection account={account.data} />
            <SecondFactorsSection account={account.data} />
          </div>
          <div className="col-12">
            <SessionsSection />
          </div>
        </div>
      )}
    </section>
  );
}
