import { maxIpAddressesFor } from '@registrar-panel/contract';
import { Badge, ListGroup } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useIpAddresses } from '../api/get-ip-addresses';
import { Icon } from '../../../components/icon';
import { RefusableLink } from '../../../components/refusable';
import pencilSquareIcon from 'bootstrap-icons/icons/pencil-square.svg?raw';
import { usePageTitle } from '../../../lib/page-title';

/** `/epp/ipaddresses`: the allowed addresses, or 'No IP addresses found.' (spec section 2). */
export function IpAddressesView() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const max = maxIpAddressesFor(user?.username ?? '');
  const { data: addresses } = useIpAddresses();
  usePageTitle(t('epp.ipAddresses.title'), t('epp.title'));

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 className="h5 mb-0 d-flex align-items-center gap-2">
          {t('epp.ipAddresses.title')}
          {addresses && (
            <Badge bg="secondary-subtle" text="secondary-emphasis" pill aria-label={t('epp.ipAddresses.countLabel', { count: addresses.length, max })}>
              {t('epp.ipAddresses.count', { count: addresses.length, max })}
            </Badge>
          )}
        </h2>
        <RefusableLink call="PUT /registrar/epp/ip" to={paths.eppIpAddressesEdit} className="btn btn-primary">
          <Icon svg={pencilSquareIcon} className="me-2" />
          {t('epp.ipAddresses.edit')}
        </RefusableLink>
      </div>
      {addresses &&
        (addresses.length === 0 ? (
          <p className="text-body-secondary mb-0" data-testid="no-ip-addresses">
            {t('epp.ipAddresses.none')}
          </p>
        ) : (
          <ListGroup as="ul" className="ip-address-list" aria-label={t('epp.ipAddresses.title')}>
            {addresses.map((address) => (
              <ListGroup.Item as="li" key={address} className="font-monospace">
                {address}
              </ListGroup.Item>
            ))}
          </ListGroup>
        ))}
    </>
  );
}
