import { capabilities, can, type Capability, type PanelRole } from '@registrar-panel/contract';
import { Alert } from 'react-bootstrap';
import { useTranslation } from '../lib/use-translation';
import type { TFunction } from '../lib/translator';
import { Link } from 'react-router';
import { useCurrentUser } from '../lib/auth';
import { paths } from '../lib/paths';
import { Icon } from './icon';
import shieldLockIcon from 'bootstrap-icons/icons/shield-lock.svg?raw';

/**
 * The page where each capability is used, for the list of what a role can do instead. The registry's
 * messages are left out: every role reads them (from the header, once their page is built), so they
 * are never an alternative to offer.
 */
type OfferedCapability = Exclude<Capability, 'readMessages'>;
const capabilityPages = {
  readRegistrar: paths.generalData,
  editContacts: paths.publicProfile,
  readBilling: paths.registrarBilling,
  downloadDomainReport: paths.registrarReports,
  manageEpp: paths.eppIpAddresses,
  readRegistrations: paths.registrationSearch,
  manageUsers: paths.users,
  readHistory: paths.registrarHistory,
  manageApiKeys: paths.apiKeys,
  setRegistrarLanguage: paths.generalData,
  resetEppPassword: paths.eppSecurity,
  manageWebhooks: paths.webhooks,
  // The stream has no page: its changes are the history's.
  readEvents: paths.registrarHistory,
  // The personal-data log is a kind of the history's entries.
  readPersonalDataLog: paths.registrarHistory,
} as const satisfies Record<OfferedCapability, string>;

const capabilityNames = Object.keys(capabilityPages) as OfferedCapability[];

/**
 * What a page that a role cannot use tells it, all read from the contract's role table
 * (`capabilities`): the roles that may use it, what the user's own roles can do instead, and who
 * gives roles (those who may manage users).
 */
export function notAllowedGuide(roles: readonly PanelRole[], capability: Capability) {
  return {
    allowedRoles: capabilities[capability] as readonly PanelRole[],
    yourCapabilities: capabilityNames.filter((name) => name !== capability && can(roles, name)),
    roleGivers: capabilities.manageUsers as readonly PanelRole[],
    mayGiveRoles: can(roles, 'manageUsers'),
  };
}

/**
 * 'A', 'A or B', 'A, B or C' (and 'and'): the joining word is each language's text (`app.list.or`,
 * `app.list.and`), not Intl.ListFormat's, whose words and commas differ between ICU versions; no
 * language of the portal puts a comma before its 'or'.
 */
function listText(t: TFunction, key: 'app.list.or' | 'app.list.and', items: readonly string[]): string {
  if (items.length < 2) return items.join('');
  return t(key, { items: items.slice(0, -1).join(', '), last: items.at(-1) });
}

interface NotAllowedProps {
  title: string;
  /** What the page is for; given `capability`, it may name the roles that have it as `{{roles}}`. */
  text: string;
  /**
   * The capability the page needs: then the notice also lists what the user's roles can do, with
   * links, and says whom to ask for access.
   */
  capability?: Capability;
}

/** What a tab or page says to a role that cannot use it, instead of failing calls. */
export function NotAllowed({ title, text, capability }: NotAllowedProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const guide = capability && user ? notAllowedGuide(user.roles, capability) : null;
  const orList = (items: readonly string[]) => listText(t, 'app.list.or', items);
  const andList = (items: readonly string[]) => listText(t, 'app.list.and', items);
  return (
    <Alert variant="info" className="d-flex gap-3" data-testid="not-allowed">
      <Icon svg={shieldLockIcon} className="fs-4" />
      <div>
        <Alert.Heading as="h2" className="h6">
          {title}
        </Alert.Heading>
        <p className="mb-0">{guide ? t('app.notAllowed.needs', { text, roles: orList(guide.allowedRoles) }) : text}</p>
        {guide && user && (
          <>
            {guide.yourCapabilities.length > 0 && (
              <>
                <p className="mt-3 mb-1 fw-semibold" id="not-allowed-yours">
                  {t('app.notAllowed.yours', { count: user.roles.length, roles: andList(user.roles) })}
                </p>
                <ul className="mb-0" aria-labelledby="not-allowed-yours" data-testid="not-allowed-yours">
                  {guide.yourCapabilities.map((name) => (
                    <li key={name}>
                      <Link to={capabilityPages[name]} className="alert-link fw-normal">
                        {t(`app.capability.${name}`)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p className="mt-3 mb-0" data-testid="not-allowed-ask">
              {guide.mayGiveRoles ? (
                <>
                  {t('app.notAllowed.giveRole', { roles: orList(guide.allowedRoles) })}{' '}
                  <Link to={paths.users} className="alert-link">
                    {t('app.notAllowed.userManagement')}
                  </Link>
                </>
              ) : (
                t('app.notAllowed.ask', { roles: orList(guide.roleGivers) })
              )}
            </p>
          </>
        )}
      </div>
    </Alert>
  );
}
