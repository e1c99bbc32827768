import { isAdmin, type PanelUser } from '@registrar-panel/contract';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LastLogin } from './last-login';
import { RoleBadges } from './role-badges';
import { UserDetails } from './user-details';

interface UserRowProps {
  user: PanelUser;
  expanded: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const columnCount = 5;

/** One user; a click on the row shows or hides its details (spec section 4). */
export function UserRow({ user, expanded, onToggle, onEdit, onDelete }: UserRowProps) {
  const { t } = useTranslation();
  const admin = isAdmin(user);
  const detailsId = `user-details-${user.username.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const act = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  return (
    <>
      <tr className={`user-row${expanded ? ' table-active' : ''}`} onClick={onToggle} data-username={user.username}>
        <td className="text-center" style={{ width: '3rem' }}>
          <i
            className={`bi ${admin ? 'bi-person-fill-gear text-primary' : 'bi-person'} fs-5`}
            role="img"
            aria-label={t(admin ? 'users.list.admin' : 'users.list.user')}
            title={t(admin ? 'users.list.admin' : 'users.list.user')}
          />
        </td>
        <td>
          <div className="d-flex align-items-center gap-1">
            <button
              type="button"
              className="btn btn-link p-0 text-reset text-decoration-none fw-semibold text-start"
              aria-expanded={expanded}
              aria-controls={detailsId}
              aria-label={t('users.list.details', { name: user.name })}
              onClick={act(onToggle)}
            >
              {user.name}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link text-body-secondary"
              aria-label={t('users.list.edit', { name: user.name })}
              title={t('users.list.edit', { name: user.name })}
              onClick={act(onEdit)}
            >
              <i className="bi bi-pencil" aria-hidden="true" />
            </button>
            {!admin && (
              <button
                type="button"
                className="btn btn-sm btn-link text-danger"
                aria-label={t('users.list.delete', { name: user.name })}
                title={t('users.list.delete', { name: user.name })}
                onClick={act(onDelete)}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </button>
            )}
          </div>
        </td>
        <td>
          <RoleBadges roles={user.roles} />
        </td>
        <td className="text-break">{user.username}</td>
        <td>
          <LastLogin username={user.username} />
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className="user-details-row">
          <td colSpan={columnCount}>
            <UserDetails user={user} onClose={onToggle} />
          </td>
        </tr>
      )}
    </>
  );
}
