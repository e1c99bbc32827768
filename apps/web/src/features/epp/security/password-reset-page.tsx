import { can, eppPasswordResetTokenPattern, type Message } from '@registrar-panel/contract';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import checkCircleIcon from 'bootstrap-icons/icons/check-circle.svg?raw';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { NotAllowed } from '../../../components/not-allowed';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { resetLinkRefusalKeys, useResetLinkState } from '../api/check-reset-link';
import { useSetPasswordWithLink } from '../api/set-password-with-link';
import { PasswordForm } from '../components/password-form';

/** The link's refusal among an error's messages: unknown, used or expired. */
function refusalOf(error: unknown): Message | undefined {
  return error instanceof ApiError ? error.messages.find((m) => (resetLinkRefusalKeys as readonly string[]).includes(m.messageKey)) : undefined;
}

/**
 * The page of a mailed reset link (issue 31), reached only from the mail: the token is the address's
 * fragment, which the browser sends to no server and in no Referer; the page reads it and asks the
 * API. For a signed-in ADMIN of the registrar, a link neither used nor expired opens the spec's EPP
 * password form without Current Password ('Set your EPP password'); otherwise the page says why not.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('epp.password.titleSet'), t('epp.title'));
  const allowed = user !== null && can(user.roles, 'resetEppPassword');
  return (
    <section aria-labelledby="epp-password-reset-title" style={{ maxWidth: '40rem' }}>
      <Link to={paths.eppSecurity} className="d-inline-flex align-items-center gap-2 mb-2 small">
        <Icon svg={arrowLeftIcon} />
        {t('epp.security.title')}
      </Link>
      {allowed ? (
        <ResetWithToken token={window.location.hash.slice(1)} />
      ) : (
        <>
          <h1 id="epp-password-reset-title" className="h3 mb-3">
            {t('epp.password.titleSet')}
          </h1>
          <NotAllowed title={t('epp.passwordReset.notAllowed.title')} text={t('epp.passwordReset.notAllowed.text')} capability="resetEppPassword" />
        </>
      )}
    </section>
  );
}

function ResetWithToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const wellFormed = eppPasswordResetTokenPattern.test(token);
  const state = useResetLinkState(token, wellFormed);
  const setPassword = useSetPasswordWithLink();
  const [refused, setRefused] = useState<Message>();
  const [done, setDone] = useState(false);

  const refusal = refused ?? refusalOf(state.error);
  const title = (
    <h1 id="epp-password-reset-title" className="h3 mb-3">
      {t('epp.password.titleSet')}
    </h1>
  );
  if (done) {
    return (
      <>
        {title}
        <Alert variant="success" className="d-flex gap-2 align-items-start">
          <Icon svg={checkCircleIcon} />
          <span>{t('epp.passwordReset.done')}</span>
        </Alert>
      </>
    );
  }
  if (!wellFormed || refusal) {
    return (
      <>
        {title}
        <Alert variant="warning" className="d-flex gap-2 align-items-start" data-testid="epp-reset-link-refused">
          <Icon svg={exclamationTriangleIcon} />
          <span>{refusal?.defaultMessage ?? t('epp.passwordReset.noToken')}</span>
        </Alert>
      </>
    );
  }
  if (!state.data) return title;
  return (
    <PasswordForm
      currentRequired={false}
      heading="h1"
      headingId="epp-password-reset-title"
      call="PUT /registrar/epp/password/resetLink"
      save={(values) => setPassword.mutateAsync({ token, newPassword: values.newPassword })}
      onSaved={() => setDone(true)}
      onRefused={(error) => setRefused(refusalOf(error))}
    />
  );
}
