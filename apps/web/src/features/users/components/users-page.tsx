import { can, type PanelUser } from '@registrar-panel/contract';
import { useEffect, useState } from 'react';
import { Button, Card, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { NotAllowed } from '../../../components/not-allowed';
import { useRefusal } from '../../../components/refusable';
import { ScrollRegion } from '../../../components/scroll-region';
import { stackTableClass } from '../../../components/stack-table';
import { showAlert, type AlertType } from '../../../lib/alerts';
import { signedInRecently, useCurrentUser } from '../../../lib/auth';
import { useAppConfiguration } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { editParam, forgetReauthenticationAttempt, reauthenticateToEdit, reauthenticationAttempted } from '../edit-reauthentication';
import { DeleteUserModal, type DeleteResult } from './delete-user-modal';
import { UserFormModal, type SavedUser, type UserFormMode } from './user-form-modal';
import { UserRow } from './user-row';
import { PasskeyPolicyCard } from './passkey-policy-card';
import { usePasskeyPolicy } from '../api/passkey-policy';
import { userKeys } from '../api/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../../components/icon';
import keyIcon from 'bootstrap-icons/icons/key.svg?raw';
import personPlusIcon from 'bootstrap-icons/icons/person-plus.svg?raw';
import { usePageTitle } from '../../../lib/page-title';

type Dialog = UserFormMode | { mode: 'delete'; user: PanelUser };

/** `/users` (spec section 2). Who may manage users is not shown in the spec: others get an explanation. */
export function UsersPage() {
  const { t } = useTranslation();
  const currentUser = useCurrentUser();
  const allowed = currentUser !== null && can(currentUser.roles, 'manageUsers');
  usePageTitle(t('users.title'));
  return (
    <section>
      {allowed ? (
        <UserManagement registrarHandle={currentUser.registrarHandle} showApiKeys={can(currentUser.roles, 'manageApiKeys')} />
      ) : (
        <>
          <h1 className="h3 mb-4">{t('users.title')}</h1>
          <NotAllowed title={t('users.notAllowed.title')} text={t('users.notAllowed.text')} capability="manageUsers" />
        </>
      )}
    </section>
  );
}

function UserManagement({ registrarHandle, showApiKeys }: { registrarHandle: string; showApiKeys: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const scrollToTop = (location.state as { scrollToTop?: boolean } | null)?.scrollToTop === true;
  useEffect(() => {
    if (scrollToTop) window.scrollTo({ top: 0 });
  }, [scrollToTop]);
  const users = useUsers();
  const passkeyPolicy = usePasskeyPolicy();
  const deletion = useDeleteUser();
  const createRefusal = useRefusal('POST /users');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const { recentAuthenticationSeconds } = useAppConfiguration();
  const [searchParams] = useSearchParams();
  /*
   * `?edit={username}`, read once when the page mounts: back from the sign-in that editing asked
   * for, or a link, or Back. The dialog opens from it only with a recent sign-in, as from Edit.
   */
  const [fromAddress] = useState(() => {
    const username = searchParams.get(editParam);
    return username ? { username, recent: signedInRecently(recentAuthenticationSeconds) } : null;
  });
  const [returnedToEdit, setReturnedToEdit] = useState(() => (fromAddress?.recent ? fromAddress.username : null));

  /**
   * Editing a user can change where their mail goes and reset their 2-step verification, so it
   * needs a recent sign-in (the server refuses the changes without one): an older one is renewed
   * at the identity service (password and code) before the dialog opens, and the dialog opens on
   * return. Nothing of the dialog is shown before that.
   */
  const openEdit = (user: PanelUser) => {
    if (signedInRecently(recentAuthenticationSeconds)) {
      setDialog({ mode: 'edit', user });
      return;
    }
    void reauthenticateToEdit(user.username);
  };

  /*
   * From the address with an older sign-in, the identity service asks first, once per edit: if
   * the sign-in is still not recent after that (the browser's clock is off), the page says so
   * rather than sending the user round again. With a recent one the dialog opens once the list is
   * in (the server still checks each change). Either way the address loses the parameter, so that
   * a reload does not open it again; not through the router: a navigation to /users mounts the
   * page afresh (routes.tsx).
   */
  useEffect(() => {
    if (!fromAddress) return;
    if (fromAddress.recent) forgetReauthenticationAttempt();
    else if (!reauthenticationAttempted(fromAddress.username)) {
      void reauthenticateToEdit(fromAddress.username);
      return;
    } else showAlert('error', t('users.form.signInNotRecent', { username: fromAddress.username }), { autoClose: false });
    window.history.replaceState(window.history.state, '', paths.users);
  }, [fromAddress, t]);
  const returnedUser = returnedToEdit ? users.data?.find((candidate) => candidate.username === returnedToEdit) : undefined;
  const shown: Dialog | null = dialog ?? (returnedUser ? { mode: 'edit', user: returnedUser } : null);
  const closeDialog = () => {
    // What the dialog did at once (the TOTP reset, Remove passkeys) shows in the list's second factors.
    void queryClient.invalidateQueries({ queryKey: userKeys.list() });
    setDialog(null);
    setReturnedToEdit(null);
  };

  const toggle = (username: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(username)) next.add(username);
      return next;
    });

  /**
   * After a save or a delete: back to /users, where the page mounts afresh (the list reloads, the
   * dialog is gone) and scrolls to the top once mounted, after the closing dialog moved the focus.
   */
  const backToList = (message: string, type: AlertType = 'success') => {
    // A warning asks the administrator to act, so it stays until they close it.
    showAlert(type, message, { keepAfterRouteChange: true, autoClose: type !== 'warning' });
    void navigate(paths.users, { state: { scrollToTop: true } });
  };

  const onSaved = (saved: SavedUser) => {
    if (!saved.created) backToList(t('users.form.updated', { username: saved.username }));
    // The user exists either way; without the mail they cannot activate until it is sent again.
    else if (saved.activationMail === 'failed') backToList(t('users.form.createdMailFailed', { username: saved.username }), 'warning');
    else backToList(t('users.form.created', { username: saved.username, email: saved.email }));
  };

  const onDeleteResult = (user: PanelUser, result: DeleteResult) => {
    if (result !== 'delete') {
      closeDialog();
      return;
    }
    deletion.mutate(user.username, { onSuccess: () => backToList(t('users.delete.done', { username: user.username })) });
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="h3 mb-0">{t('users.title')}</h1>
        <div className="d-flex flex-wrap align-items-center gap-3">
          {/* The API keys page is not in the menu: it is reached from here. */}
          {showApiKeys && (
            <Link to={paths.apiKeys} className="d-inline-flex align-items-center gap-2" data-testid="api-keys-link">
              <Icon svg={keyIcon} />
              {t('users.apiKeys.link')}
            </Link>
          )}
          <Button variant="primary" onClick={() => setDialog({ mode: 'create' })} disabled={createRefusal.refused} {...createRefusal.props}>
            <Icon svg={personPlusIcon} className="me-2" />
            {t('users.add')}
          </Button>
        </div>
      </div>
      <PasskeyPolicyCard />
      {/* The list once the passkey policy has answered: its card, above, arriving after the list pushed it down (a layout shift of 0.05). */}
      {!passkeyPolicy.isPending && (
        <Card className="shadow-sm">
          <Card.Header as="h2" className="h5 bg-body py-3">
            {t('users.list.title')}
          </Card.Header>
          {users.isPending && (
            <Card.Body>
              <Spinner animation="border" size="sm" role="status" />
            </Card.Body>
          )}
          {users.isError && <Card.Body className="text-danger">{t('users.list.loadFailed')}</Card.Body>}
          {users.isSuccess && users.data.length === 0 && <Card.Body className="text-body-secondary">{t('users.list.empty')}</Card.Body>}
          {users.isSuccess && users.data.length > 0 && (
            <ScrollRegion label={t('users.list.title')} className="p-2 p-md-0">
              <Table hover className={`users-table align-middle mb-0 ${stackTableClass}`}>
                <thead className="table-light">
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">{t('users.list.kind')}</span>
                    </th>
                    <th scope="col">{t('users.list.name')}</th>
                    <th scope="col">{t('users.list.roles')}</th>
                    <th scope="col">{t('users.list.username')}</th>
                    <th scope="col">{t('users.factors.title')}</th>
                    <th scope="col">{t('users.list.lastLogin')}</th>
                  </tr>
                </thead>
                <tbody>
                  {users.data.map((user) => (
                    <UserRow
                      key={user.username}
                      user={user}
                      expanded={expanded.has(user.username)}
                      onToggle={() => toggle(user.username)}
                      onEdit={() => openEdit(user)}
                      onDelete={() => setDialog({ mode: 'delete', user })}
                    />
                  ))}
                </tbody>
              </Table>
            </ScrollRegion>
          )}
        </Card>
      )}
      {shown?.mode === 'delete' && <DeleteUserModal user={shown.user} pending={deletion.isPending} onResult={(result) => onDeleteResult(shown.user, result)} />}
      {shown && shown.mode !== 'delete' && <UserFormModal target={shown} registrarHandle={registrarHandle} onCancel={closeDialog} onSaved={onSaved} />}
    </>
  );
}
