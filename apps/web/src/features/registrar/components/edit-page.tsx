import { can, type ServiceCall } from '@registrar-panel/contract';
import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useCurrentUser } from '../../../lib/auth';
import { useRegistrar } from '../api/get-registrar';
import { DetailList, type DetailRow } from '../../../components/detail-list';
import { NotAllowed } from '../../../components/not-allowed';
import { useRefusal } from '../../../components/refusable';
import { Icon } from '../../../components/icon';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { SectionCard } from '../../../components/section-card';

/** The frame of an edit screen: heading, the role check, and the form once the registrar is loaded. */
export function EditPage({ title, children }: { title: string; children: (registrar: NonNullable<ReturnType<typeof useRegistrar>['data']>) => ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: registrar } = useRegistrar();
  usePageTitle(title, t('registrar.title'));
  if (user !== null && !can(user.roles, 'editContacts'))
    return <NotAllowed title={t('registrar.edit.notAllowed.title')} text={t('registrar.edit.notAllowed.text')} capability="editContacts" />;
  return (
    <SectionCard id="edit-contact" title={title} className="edit-contact">
      <p className="small text-body-secondary">{t('registrar.edit.required')}</p>
      {registrar && children(registrar)}
    </SectionCard>
  );
}

/** Shown when someone else saved the same registrar while this user was editing. */
export function ConflictNotice({ rows }: { rows: DetailRow[] }) {
  const { t } = useTranslation();
  return (
    <Alert variant="warning" data-testid="edit-conflict" role="alert">
      <Alert.Heading as="h3" className="h6">
        <Icon svg={exclamationTriangleIcon} className="me-2" />
        {t('registrar.edit.conflict.title')}
      </Alert.Heading>
      <p className="mb-2">{t('registrar.edit.conflict.text')}</p>
      <div className="bg-body rounded px-3 py-2 mb-2">
        <DetailList rows={rows} />
      </div>
      <p className="mb-0">{t('registrar.edit.conflict.next')}</p>
    </Alert>
  );
}

/**
 * Cancel and Update; Update stays disabled while the form is invalid or saving, and while the
 * registrar's status refuses the save (`saveCall`), saying why.
 */
export function EditButtons({ canSubmit, onCancel, saveCall }: { canSubmit: boolean; onCancel: () => void; saveCall: ServiceCall }) {
  const { t } = useTranslation();
  const { refused, props } = useRefusal(saveCall);
  return (
    <div className="d-flex justify-content-end gap-2 mt-4">
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
        {t('registrar.edit.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={!canSubmit || refused} {...props}>
        {t('registrar.edit.update')}
      </button>
    </div>
  );
}
