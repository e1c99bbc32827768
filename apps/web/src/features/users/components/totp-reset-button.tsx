import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useResetTotp } from '../api/reset-totp';
import { Icon } from '../../../components/icon';
import check2CircleIcon from 'bootstrap-icons/icons/check2-circle.svg?raw';
import shieldLockIcon from 'bootstrap-icons/icons/shield-lock.svg?raw';

type ResetState = 'idle' | 'confirming' | 'done';

/**
 * The TOTP reset of spec section 4: a first click asks for confirmation, the second sends the reset,
 * and the button then stays disabled. A failed reset (alerted by the API client) starts over.
 * Disabled through `aria-disabled`, not `disabled`: the button keeps the focus (a disabled button
 * would drop it), and each new state is read out by a status region beside it.
 */
export function TotpResetButton({ username }: { username: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ResetState>('idle');
  const reset = useResetTotp();

  const locked = state === 'done' || reset.isPending;
  const click = () => {
    if (locked) return;
    if (state === 'idle') {
      setState('confirming');
      return;
    }
    reset.mutate(username, { onSuccess: () => setState('done'), onError: () => setState('idle') });
  };

  const label = { idle: 'users.totp.reset', confirming: 'users.totp.confirm', done: 'users.totp.done' }[state];
  const variant = { idle: 'outline-secondary', confirming: 'warning', done: 'success' }[state];
  return (
    <>
      <Button variant={variant} onClick={click} aria-disabled={locked} className={locked ? 'disabled' : undefined} data-testid="totp-reset">
        <Icon svg={state === 'done' ? check2CircleIcon : shieldLockIcon} className="me-2" />
        {t(label)}
      </Button>
      <span className="visually-hidden" role="status" data-testid="totp-reset-status">
        {state === 'idle' ? '' : t(label)}
      </span>
    </>
  );
}
