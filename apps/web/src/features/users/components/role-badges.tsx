import type { PanelRole } from '@registrar-panel/contract';
import { useTranslation } from '../../../lib/use-translation';

export function RoleBadges({ roles }: { roles: readonly PanelRole[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) return <span className="text-body-secondary small">{t('users.list.noRoles')}</span>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {roles.map((role) => (
        <span key={role} className={`badge rounded-pill ${role === 'ADMIN' ? 'text-bg-primary' : 'text-bg-light border'}`}>
          {t(`users.role.${role}`)}
        </span>
      ))}
    </span>
  );
}
