import type { PanelUser } from '@registrar-panel/contract';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { alerts } from '../../../lib/alerts';
import { useSendActivation } from '../api/send-activation';
import { Icon } from '../../../components/icon';
import envelopeArrowUpIcon from 'bootstrap-icons/icons/envelope-arrow-up.svg?raw';

/**
 * Sends the activation mail again. It may be sent more than once (a mail can get lost), so the
 * button is only held while a request runs; a refusal or a failed mail is alerted by the API client.
 */
export function SendActivationButton({ user }: { user: Pick<PanelUser, 'username' | 'email'> }) {
  const { t } = useTranslation();
  const send = useSendActivation();

  const click = () => send.mutate(user.username, { onSuccess: () => alerts.success(t('users.activation.sent', { email: user.email })) });

  return (
    <Button variant="outline-secondary" onClick={click} disabled={send.isPending} data-testid="send-activation">
      <Icon svg={envelopeArrowUpIcon} className="me-2" />
      {t('users.activation.send')}
    </Button>
  );
}
