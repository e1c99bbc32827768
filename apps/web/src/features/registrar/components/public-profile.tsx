import { can } from '@registrar-panel/contract';
import type { ReactNode } from 'react';
import { Alert, Col, Row } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useRegistrar } from '../api/get-registrar';
import { AddressLines, EmailLink, PhoneLink, WebLink } from './contact-values';
import { DetailList, type DetailRow } from '../../../components/detail-list';
import { Icon } from '../../../components/icon';
import { RefusableLink } from '../../../components/refusable';
import globe2Icon from 'bootstrap-icons/icons/globe2.svg?raw';
import pencilIcon from 'bootstrap-icons/icons/pencil.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { SectionCard } from '../../../components/section-card';

interface SectionProps {
  id: string;
  title: string;
  editPath: string;
  /** The edit link's accessible name, a whole text per section ('Update details of the public contact'). */
  updateLabel: string;
  /** The call its edit screen saves with: the status rule may refuse it. */
  saveCall: 'PUT /registrar' | 'POST /registrar/whoisContact';
  canEdit: boolean;
  rows: DetailRow[];
  /** Narrow cards list labels above values. */
  stacked?: boolean;
}

function ProfileSection({ id, title, editPath, updateLabel, saveCall, canEdit, rows, stacked = false }: SectionProps): ReactNode {
  const { t } = useTranslation();
  return (
    <SectionCard
      id={id}
      title={title}
      className="h-100"
      footer={
        canEdit && (
          <RefusableLink call={saveCall} to={editPath} className="btn btn-outline-primary btn-sm" aria-label={updateLabel}>
            <Icon svg={pencilIcon} className="me-1" />
            {t('registrar.publicProfile.update')}
          </RefusableLink>
        )
      }
    >
      <DetailList rows={rows} stacked={stacked} />
    </SectionCard>
  );
}

/** `/registrar/publicProfile`: the four contacts the public sees, each with 'Update details' for roles that may edit. */
export function PublicProfile() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: registrar } = useRegistrar();
  usePageTitle(t('registrar.tabs.publicProfile'), t('registrar.title'));
  if (!registrar) return null;
  const canEdit = user !== null && can(user.roles, 'editContacts');
  const { publicContact, techContact, adminContact, abuseContact } = registrar;
  const name = (value: string | undefined) => ({ name: 'name', label: t('registrar.contact.name'), value: value ?? '' });
  const phone = (value: string) => ({ name: 'phone', label: t('registrar.contact.phone'), value: <PhoneLink phone={value} /> });
  const email = (value: string) => ({ name: 'email', label: t('registrar.contact.email'), value: <EmailLink email={value} /> });

  return (
    <div className="d-flex flex-column gap-4">
      <Alert variant="secondary" className="d-flex gap-3 mb-0">
        <Icon svg={globe2Icon} className="fs-5" />
        <div>
          <p className="mb-0">{t('registrar.publicProfile.note')}</p>
          {!canEdit && <p className="mb-0 small">{t('registrar.publicProfile.readOnly')}</p>}
        </div>
      </Alert>
      <Row className="g-4">
        <Col xs={12}>
          <ProfileSection
            id="public-contact"
            updateLabel={t('registrar.publicProfile.updateLabel.publicContact')}
            title={t('registrar.publicProfile.publicContact')}
            editPath={paths.editPublicContact}
            saveCall="PUT /registrar"
            canEdit={canEdit}
            rows={[
              { name: 'organization', label: t('registrar.contact.organization'), value: publicContact.organization },
              { name: 'address', label: t('registrar.contact.address'), value: <AddressLines address={publicContact.address} /> },
              email(publicContact.email),
              phone(publicContact.phone),
              { name: 'url', label: t('registrar.contact.url'), value: <WebLink url={publicContact.url} /> },
            ]}
          />
        </Col>
        <Col lg={4}>
          <ProfileSection
            id="tech-contact"
            updateLabel={t('registrar.publicProfile.updateLabel.techContact')}
            title={t('registrar.publicProfile.techContact')}
            editPath={paths.editTechContact}
            saveCall="POST /registrar/whoisContact"
            canEdit={canEdit}
            rows={[name(techContact.name), phone(techContact.phone), email(techContact.email)]}
            stacked
          />
        </Col>
        <Col lg={4}>
          <ProfileSection
            id="admin-contact"
            updateLabel={t('registrar.publicProfile.updateLabel.adminContact')}
            title={t('registrar.publicProfile.adminContact')}
            editPath={paths.editAdminContact}
            saveCall="POST /registrar/whoisContact"
            canEdit={canEdit}
            rows={[name(adminContact.name), phone(adminContact.phone), email(adminContact.email)]}
            stacked
          />
        </Col>
        <Col lg={4}>
          <ProfileSection
            id="abuse-contact"
            updateLabel={t('registrar.publicProfile.updateLabel.abuseContact')}
            title={t('registrar.publicProfile.abuseContact')}
            editPath={paths.editAbuseContact}
            saveCall="POST /registrar/whoisContact"
            canEdit={canEdit}
            rows={[phone(abuseContact.phone), email(abuseContact.email)]}
            stacked
          />
        </Col>
      </Row>
    </div>
  );
}
