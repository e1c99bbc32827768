import {
  assignableRoles,
  createUserSchema,
  editUserFormSchema,
  isAdmin,
  type CreateUserInput,
  type CreatedUserResponse,
  type PanelRole,
  type PanelUser,
} from '@registrar-panel/contract';
import { Button, Form, InputGroup, Modal } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';
import { FieldError, TextField, invalidAria, useShownError } from '../../../components/form-field';
import { contractResolver, messageText } from '../../../lib/form';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { useUsers } from '../api/get-users';
import { SendActivationButton } from './send-activation-button';
import { UserAccessSection } from './user-access-section';
import { UserStatusBadges } from './user-status-badges';
import { TotpResetButton } from './totp-reset-button';
import { PasskeysRemoveButton } from './passkeys-remove-button';
import { Icon } from '../../../components/icon';
import envelopePaperIcon from 'bootstrap-icons/icons/envelope-paper.svg?raw';
import lightningChargeIcon from 'bootstrap-icons/icons/lightning-charge.svg?raw';
import personFillGearIcon from 'bootstrap-icons/icons/person-fill-gear.svg?raw';

export type UserFormMode = { mode: 'create' } | { mode: 'edit'; user: PanelUser };

/**
 * What the server accepted, with the full username (with the registrar suffix). A new user also
 * tells whether its activation mail went out: the user is created even when it did not.
 */
export type SavedUser = { username: string; email: string } & ({ created: false } | { created: true; activationMail: CreatedUserResponse['activationMail'] });

interface UserFormModalProps {
  target: UserFormMode;
  registrarHandle: string;
  onCancel: () => void;
  /** Called once the server accepted the form. */
  onSaved: (saved: SavedUser) => void;
}

type FormOutput = { username: string; name: string; email: string; roles: PanelRole[] };

const suffixOf = (username: string) => username.slice(username.lastIndexOf('@'));
const withoutSuffix = (username: string) => username.slice(0, username.lastIndexOf('@'));

/**
 * The large user modal (spec sections 2, 4 and 5). Create mode: SUPPORT is ticked, the username is
 * sent as typed and an activation email goes out. Edit mode: the username is locked; an
 * administrator's roles are neither shown as checkboxes nor changed.
 */
export function UserFormModal({ target, registrarHandle, onCancel, onSaved }: UserFormModalProps) {
  const { t } = useTranslation();
  const editing = target.mode === 'edit' ? target.user : null;
  const adminUser = editing !== null && isAdmin(editing);
  // The list's latest copy of the user: the Access section and the resend change it while the dialog is open.
  const users = useUsers();
  const current = editing ? (users.data?.find((user) => user.username === editing.username) ?? editing) : null;
  const form = useForm<CreateUserInput, unknown, FormOutput>({
    mode: 'onChange',
    resolver: editing ? contractResolver(editUserFormSchema) : contractResolver(createUserSchema),
    defaultValues: editing
      ? { username: withoutSuffix(editing.username), name: editing.name, email: editing.email, roles: editing.roles }
      : { username: '', name: '', email: '', roles: ['SUPPORT'] },
  });
  const create = useCreateUser();
  const update = useUpdateUser();
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) {
        const roles = adminUser ? editing.roles : values.roles;
        await update.mutateAsync({ username: editing.username, changes: { name: values.name, email: values.email, roles } });
        onSaved({ username: editing.username, email: values.email, created: false });
      } else {
        const { user, activationMail } = await create.mutateAsync(values);
        onSaved({ username: user.username, email: user.email, created: true, activationMail });
      }
    } catch (error) {
      // Messages the API client did not alert belong on a field (a username already taken).
      if (error instanceof ApiError) {
        for (const message of error.messages) form.setError('username', { type: message.messageKey, message: messageText(message) }, { shouldFocus: true });
      }
    }
  });

  const usernameError = useShownError(form, 'username');
  const suffix = editing ? suffixOf(editing.username) : `@${registrarHandle}`;

  return (
    <Modal
      show
      size="lg"
      // The body scrolls between a fixed title and footer: Update stays in view on a laptop screen.
      scrollable
      onHide={onCancel}
      backdrop="static"
      aria-labelledby="user-form-title"
      // The dialog starts on its first field; when editing, on the first one that can change. Once
      // shown: react-bootstrap first focuses the dialog itself, and notes the opener to return to.
      onEntered={() => document.getElementById(editing ? 'field-name' : 'field-username')?.focus()}
    >
      <Modal.Header closeButton>
        <Modal.Title id="user-form-title" as="h2" className="h5">
          {editing ? t('users.form.editTitle', { name: editing.name }) : t('users.form.createTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!editing && (
          <p className="alert alert-info d-flex gap-2 align-items-start">
            <Icon svg={envelopePaperIcon} />
            <span>{t('users.form.activationNotice')}</span>
          </p>
        )}
        {/* Only what Update saves is in the form; the footer's Update submits it by its id. */}
        <Form id="user-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={editing ? 'user-details-title' : undefined}>
          {editing && (
            <h3 id="user-details-title" className="h6 mb-3">
              {t('users.form.detailsTitle')}
            </h3>
          )}
          <Form.Group className="mb-3" controlId="field-username">
            <Form.Label>
              {t('users.form.username')}
              {!editing && (
                <span className="text-danger ms-1" aria-hidden="true">
                  *
                </span>
              )}
            </Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                isInvalid={Boolean(usernameError)}
                // Read-only rather than disabled: a disabled input would drop out of the form values.
                readOnly={Boolean(editing)}
                className={editing ? 'bg-body-secondary' : undefined}
                autoComplete="off"
                aria-required={!editing}
                {...invalidAria('field-username', usernameError, 'username-suffix')}
                {...form.register('username')}
              />
              <InputGroup.Text id="username-suffix">{suffix}</InputGroup.Text>
              <FieldError controlId="field-username" error={usernameError} />
            </InputGroup>
            {editing && <Form.Text>{t('users.form.usernameLocked')}</Form.Text>}
          </Form.Group>
          <TextField form={form} name="name" label={t('users.form.name')} required autoComplete="off" />
          <TextField form={form} name="email" label={t('users.form.email')} type="email" required autoComplete="off" />
          {adminUser ? (
            <p className="text-body-secondary small mb-0">
              <Icon svg={personFillGearIcon} className="me-1" />
              {t('users.form.adminRoles')}
            </p>
          ) : (
            <fieldset className="mb-2">
              <legend className="form-label fs-6">{t('users.form.roles')}</legend>
              <Controller
                control={form.control}
                name="roles"
                render={({ field }) => (
                  <div className="d-flex flex-wrap gap-4">
                    {assignableRoles.map((role) => {
                      const roles = field.value ?? [];
                      return (
                        <Form.Check
                          key={role}
                          id={`role-${role}`}
                          type="checkbox"
                          label={t(`users.role.${role}`)}
                          checked={roles.includes(role)}
                          onChange={(event) => field.onChange(event.target.checked ? [...roles, role] : roles.filter((r) => r !== role))}
                          onBlur={field.onBlur}
                        />
                      );
                    })}
                  </div>
                )}
              />
            </fieldset>
          )}
        </Form>
        {current && (current.awaitingActivation || !adminUser) && (
          // Set apart from the form: each of these is done at once, Update neither saves nor undoes them.
          <section
            // A white panel under a tinted heading strip: the buttons keep their contrast on white.
            className="user-immediate-actions mt-4 rounded-3 border border-primary-subtle overflow-hidden"
            aria-labelledby="immediate-actions-title"
            data-testid="immediate-actions"
          >
            <h3 id="immediate-actions-title" className="h6 d-flex align-items-center gap-2 mb-0 px-3 py-2 bg-primary-subtle text-primary-emphasis">
              <Icon svg={lightningChargeIcon} />
              {t('users.immediate.title')}
            </h3>
            <div className="p-3">
              <p className="text-body-secondary small mb-0">{t('users.immediate.help')}</p>
              {!adminUser && (
                <section className="border-top mt-3 pt-3" aria-labelledby="totp-title">
                  <h4 id="totp-title" className="h6">
                    {t('users.totp.title')}
                  </h4>
                  <p className="text-body-secondary small">{t('users.totp.help')}</p>
                  <TotpResetButton username={current.username} />
                </section>
              )}
              {!adminUser && current.secondFactors.passkeys > 0 && (
                // Its own action beside the spec's TOTP reset, which removes TOTP only.
                <section className="border-top mt-3 pt-3" aria-labelledby="passkeys-title">
                  <h4 id="passkeys-title" className="h6">
                    {t('users.passkeys.title')}
                  </h4>
                  <p className="text-body-secondary small">{t('users.passkeys.help', { count: current.secondFactors.passkeys })}</p>
                  <PasskeysRemoveButton username={current.username} />
                </section>
              )}
              {current.awaitingActivation && (
                <section className="border-top mt-3 pt-3" aria-labelledby="activation-title">
                  <h4 id="activation-title" className="h6 d-flex flex-wrap align-items-center gap-2">
                    {t('users.activation.title')}
                    <UserStatusBadges user={{ awaitingActivation: true, disabled: false, accessEnd: null }} />
                  </h4>
                  <p className="text-body-secondary small">{t('users.activation.help')}</p>
                  {/* The stored user, not the form: the mail goes to the saved address, not one still being typed. */}
                  <SendActivationButton user={current} />
                </section>
              )}
              {!adminUser && <UserAccessSection user={current} />}
            </div>
          </section>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('users.form.cancel')}
        </Button>
        <Button type="submit" form="user-form" variant="primary" disabled={!form.formState.isValid || pending}>
          {t(editing ? 'users.form.update' : 'users.form.create')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
