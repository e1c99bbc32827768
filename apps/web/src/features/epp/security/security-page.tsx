import { can } from '@registrar-panel/contract';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { NotAllowed } from '../../../components/not-allowed';
import { useCurrentUser } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { CertificatesSection } from './certificates-section';
import { ConnectionsSection } from './connections-section';
import { PasswordSection } from './password-section';
import { useConnections } from '../api/get-connections';
import { useCertificates } from '../api/get-certificates';
import { usePasswordLife } from '../api/get-password-life';

/**
 * `/epp/security` (TECH and ADMIN, `manageEpp`): why the registry's EPP server refused a connection,
 * the registrar's client certificates and the EPP password's life. Reached from the EPP settings
 * header, not a tab: the spec's `/epp` tabs and children stay as they are (issue 31).
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('epp.security.title'));
  const allowed = user !== null && can(user.roles, 'manageEpp');

  return (
    <section aria-labelledby="epp-security-title">
      <Link to={paths.eppIpAddresses} className="d-inline-flex align-items-center gap-2 mb-2 small">
        <Icon svg={arrowLeftIcon} />
        {t('epp.security.back')}
      </Link>
      <h1 id="epp-security-title" className="h3 mb-2">
        {t('epp.security.title')}
      </h1>
      {!allowed ? (
        <NotAllowed title={t('epp.notAllowed.title')} text={t('epp.notAllowed.text')} capability="manageEpp" />
      ) : (
        <>
          <p className="text-body-secondary mb-4">{t('epp.security.intro')}</p>
          <Sections />
        </>
      )}
    </section>
  );
}

/**
 * The sections, in this order: connections, client certificates, the EPP password. The ones below
 * the connections show once the connections have answered: the connections' cards would otherwise
 * arrive above them and push them down the screen (a layout shift of 0.2 to 0.56). All three load
 * side by side meanwhile.
 */
function Sections() {
  const connections = useConnections();
  useCertificates();
  usePasswordLife();
  return (
    <>
      <ConnectionsSection />
      {!connections.isPending && (
        <>
          <CertificatesSection />
          <PasswordSection />
        </>
      )}
    </>
  );
}
