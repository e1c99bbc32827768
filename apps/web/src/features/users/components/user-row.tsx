import { isAdmin, type PanelUser } from '@registrar-panel/contract';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { BreakableText, wrapWordsClass } from '../../../components/breakable-text';
import { StackCell, stackTableAttached, stackTableLead } from '../../../components/stack-table';
import { useRefusal } from '../../../components/refusable';
import { visible } from '../../../lib/visible-text';
import { LastLogin } from './last-login';
import { RoleBadges } from './role-badges';
import { SecondFactors } from './second-factors';
import { UserDetails } from './user-details';
import { UserStatusBadges } from './user-status-badges';
import { Icon } from '../../../components/icon';
import pencilIcon from 'bootstrap-icons/icons/pencil.svg?raw';
import personFillGearIcon from 'bootstrap-icons/icons/person-fill-gear.svg?raw';
import personIcon from 'bootstrap-icons/icons/person.svg?raw';
import trashIcon from 'bootstrap-icons/icons/trash.svg?raw';

interface UserRowProps {
  user: PanelUser;
  expanded: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const columnCount = 6;

/** One user; a click on the row shows or hides its details (spec section 4). */
export function UserRow({ user, expanded, onToggle, onEdit, onDelete }: UserRowProps) {
  const { t } = useTranslation();
  // What the registrar's status refuses is disabled, its tooltip saying why.
  const editRefusal = useRefusal('PUT /users/:username');
  const deleteRefusal = useRefusal('DELETE /users/:username');
  const admin = isAdmin(user);
  const detailsId = `user-details-${user.username.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const act = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  return (
    <>
      <tr className={`user-row${expanded ? ' table-active' : ''}`} onClick={onToggle} data-username={user.username}>
        <td className={`text-center ${stackTableLead}`} style={{ width: '3rem' }}>
          <span role="img" aria-label={t(admin ? 'users.list.admin' : 'users.list.user')} title={t(admin ? 'users.list.admin' : 'users.list.user')}>
            <Icon svg={admin ? personFillGearIcon : personIcon} className={admin ? 'fs-5 text-primary' : 'fs-5'} />
          </span>
        </td>
        <StackCell label={t('users.list.name')}>
          <div className="d-flex align-items-center gap-1">
            <button
              type="button"
              className="btn btn-link p-0 text-reset text-decoration-none fw-semibold text-start"
              aria-expanded={expanded}
              aria-controls={detailsId}
              aria-label={t('users.list.details', { name: user.name })}
              onClick={act(onToggle)}
            >
              {visible(user.name)}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link text-body-secondary"
              aria-label={t('users.list.edit', { name: user.name })}
              title={t('users.list.edit', { name: user.name })}
              onClick={act(onEdit)}
              disabled={editRefusal.refused}
              {...editRefusal.props}
            >
              <Icon svg={pencilIcon} />
            </button>
            {!admin && (
              <button
                type="button"
                className="btn btn-sm btn-link text-danger"
                aria-label={t('users.list.delete', { name: user.name })}
                title={t('users.list.delete', { name: user.name })}
                onClick={act(onDelete)}
                disabled={deleteRefusal.refused}
                {...deleteRefusal.props}
              >
                <Icon svg={trashIcon} />
              </button>
            )}
          </div>
          <UserStatusBadges user={user} />
        </StackCell>
        <StackCell label={t('users.list.roles')}>
          <RoleBadges roles={user.roles} />
        </StackCell>
        <StackCell label={t('users.list.username')} className={wrapWordsClass}>
          <BreakableText text={user.username} />
        </StackCell>
        <StackCell label={t('users.factors.title')}>
          <SecondFactors factors={user.secondFactors} />
        </StackCell>
        <StackCell label={t('users.list.lastLogin')}>
          <LastLogin username={user.username} />
        </StackCell>
      </tr>
      {expanded && (
        <tr id={detailsId} className={`user-details-row ${stackTableAttached}`}>
          <td colSpan={columnCount}>
            <UserDetails user={user} onClose={onToggle} />
          </td>
        </tr>
      )}
    </>
  );
}
