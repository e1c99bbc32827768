import { passkeyNameField, type MyAccount, type MyPasskey } from '@registrar-panel/contract';
import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form-field';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { authSession } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { contractResolver } from '../../../lib/form';
import { passkeyNotAcceptedKey, useAddPasskey } from '../api/add-passkey';
import { useMyPasskeys } from '../api/get-my-passkeys';
import { lastFactorKey, useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import { DateTime } from './date-time';
import { useRecentSignIn } from './use-recent-sign-in';

const nameForm = z.object({ name: passkeyNameField });
type NameForm = z.infer<typeof nameForm>;

/**
 * The passkeys item of the second factors' list: each passkey with when it was added and last used,
 * Add and Remove. With Keycloak ('identityService') a passkey is named and added on Keycloak's own
 * page (`kc_action=webauthn-register`, after the password and code again), which comes back here;
 * Keycloak keeps no last use, so none is shown.
 */
export function PasskeysFactor({ credentialsAt }: { credentialsAt: MyAccount['credentialsAt'] }) {
  const { t } = useTranslation();
  const passkeys = useMyPasskeys();
  const recentSignIn = useRecentSignIn();
  const [adding, setAdding] = useState(false);
  const atIdentityService = credentialsAt === 'identityService';
  const add = () =>
    atIdentityService ? void authSession.get()?.reauthenticate(paths.account, { action: 'webauthn-register' }) : recentSignIn(() => setAdding(true));
  if (passkeys.isPending)
    return (
      <Spinner animation="border" size="sm" role="status">
        <span className="visually-hidden">{t('account.loading')}</span>
      </Spinner>
    );
  if (passkeys.isError) return <p className="text-danger mb-0">{t('account.passkeys.loadFailed')}</p>;
  const { available, unavailableReason, passkeys: list } = passkeys.data;
  return (
    <div data-testid="account-passkeys">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span className="fw-semibold">{t('account.passkeys.title')}</span>
        {available && !adding && (
          <Button variant="outline-primary" onClick={add} data-testid="account-passkey-add">
            {t('account.passkeys.add')}
          </Button>
        )}
      </div>
      <p className="text-body-secondary small mb-0 mt-2">
        {available
          ? `${t('account.passkeys.intro')}${atIdentityService ? ` ${t('account.passkeys.addAtIdentityService')}` : ''}`
          : t(unavailableReason === 'identityService' ? 'account.passkeys.atIdentityService' : 'account.passkeys.ipAddress')}
      </p>
      {adding && <AddPasskeyForm onDone={() => setAdding(false)} />}
      {list.length > 0 && (
        <ul className="list-unstyled mb-0 mt-2">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} showLastUse={!atIdentityService} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PasskeyRow({ passkey, showLastUse }: { passkey: MyPasskey; showLastUse: boolean }) {
  const { t } = useTranslation();
  const recentSignIn = useRecentSignIn();
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const confirm = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setConfirming(false);
        alerts.success(t('account.passkeys.removed', { name: passkey.name }));
      },
      onError: (error) => {
        setConfirming(false);
        const last = error instanceof ApiError ? error.has(lastFactorKey) : undefined;
        if (last) alerts.error(last.defaultMessage);
      },
    });
  if (renaming) {
    return (
      <li className="border-top pt-2 mt-2" data-testid="account-passkey">
        <RenamePasskeyForm passkey={passkey} onDone={() => setRenaming(false)} />
      </li>
    );
  }
  return (
    <li className="border-top pt-2 mt-2 d-flex flex-wrap align-items-start justify-content-between gap-2" data-testid="account-passkey">
      <div>
        <div className="fw-semibold text-break">{passkey.name}</div>
        <div className="small text-body-secondary d-flex flex-wrap column-gap-3">
          <span className="d-flex gap-1">
            {t('account.passkeys.added')} <DateTime value={passkey.createdAt} />
          </span>
          {showLastUse && (
            <span className="d-flex gap-1">
              {t('account.passkeys.lastUsed')} {passkey.lastUsedAt ? <DateTime value={passkey.lastUsedAt} /> : t('account.passkeys.neverUsed')}
            </span>
          )}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setRenaming(true)}
          aria-label={t('account.passkeys.renameNamed', { name: passkey.name })}
          data-testid="account-passkey-rename"
        >
          {t('account.passkeys.rename')}
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          onClick={() => recentSignIn(() => setConfirming(true))}
          aria-label={t('account.passkeys.removeNamed', { name: passkey.name })}
        >
          {t('account.passkeys.remove')}
        </Button>
      </div>
      <ConfirmDialog
        id={`account-passkey-remove-${passkey.id}`}
        show={confirming}
        title={t('account.passkeys.removeTitle')}
        cancelLabel={t('account.cancel')}
        confirmLabel={t('account.passkeys.remove')}
        confirmVariant="danger"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      >
        {t('account.passkeys.removeText', { name: passkey.name })}
      </ConfirmDialog>
    </li>
  );
}

/** A passkey's new name, in place of its row; the name's rules are the contract's, shown on the field. */
function RenamePasskeyForm({ passkey, onDone }: { passkey: MyPasskey; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const form = useForm<NameForm, unknown, NameForm>({ mode: 'onChange', resolver: contractResolver(nameForm), defaultValues: { name: passkey.name } });
  const submit = form.handleSubmit(async ({ name }) => {
    const renamed = await rename.mutateAsync({ passkeyId: passkey.id, name });
    alerts.success(t('account.passkeys.renamed', { name: renamed.name }));
    onDone();
  });
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="account-form" data-testid="account-passkey-rename-form">
      <TextField form={form} name="name" label={t('account.passkeys.newName', { name: passkey.name })} required autoComplete="off" />
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={!form.formState.isValid || rename.isPending} data-testid="account-passkey-rename-save">
          {t('account.passkeys.renameSave')}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          {t('account.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const form = useForm<NameForm, unknown, NameForm>({ mode: 'onChange', resolver: contractResolver(nameForm), defaultValues: { name: '' } });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await add.mutateAsync(name);
      alerts.success(t('account.passkeys.addedAlert', { name }));
      onDone();
    } catch (error) {
      const refused = error instanceof ApiError ? error.has(passkeyNotAcceptedKey) : undefined;
      // The browser's own refusal (cancelled, timed out, no authenticator) is no ApiError.
      alerts.error(refused ? refused.defaultMessage : t('account.passkeys.cancelled'));
    }
  });
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="account-form mt-3" data-testid="account-passkey-form">
      <TextField form={form} name="name" label={t('account.passkeys.name')} required autoComplete="off" />
      <p className="small text-body-secondary">{t('account.passkeys.nameHint')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={!form.formState.isValid || add.isPending} data-testid="account-passkey-create">
          {t('account.passkeys.create')}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          {t('account.cancel')}
        </Button>
      </div>
    </Form>
  );
}
