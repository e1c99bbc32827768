import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useResetTotp } from '../api/reset-totp';

type ResetState = 'idle' | 'confirming' | 'done';

/**
 * The TOTP reset of spec section 4: a first click asks for confirmation, the second sends the reset,
 * and the button then stays disabled. A failed reset (alerted by the API client) starts over.
 */
export function TotpResetButton({ username }: { username: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ResetState>('idle');
  const reset = useResetTotp();

  const click = () => {
    if (state === 'idle') {
      setState('confirming');
      return;
    }
    reset.mutate(username, { onSuccess: () => setState('done'), onError: () => setState('idle') });
  };

  const label = { idle: 'users.totp.reset', confirming: 'users.totp.confirm', done: 'users.totp.done' }[state];
  const variant = { idle: 'outline-secondary', confirming: 'warning', done: 'success' }[state];
  return (
    <Button variant={variant} onClick={click} disabled={state === 'done' || reset.isPending} data-testid="totp-reset">
      <i className={`bi ${state === 'done' ? 'bi-check2-circle' : 'bi-shield-lock'} me-2`} aria-hidden="true" />
      {t(label)}
    </Button>
  );
}
