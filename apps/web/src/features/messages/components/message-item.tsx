import { formatDateTime, type RegistryMessage } from '@registrar-panel/contract';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { paths } from '../../../lib/paths';
import { visible } from '../../../lib/visible-text';
import envelopeIcon from 'bootstrap-icons/icons/envelope.svg?raw';
import envelopeOpenIcon from 'bootstrap-icons/icons/envelope-open.svg?raw';
import pinIcon from 'bootstrap-icons/icons/pin-angle-fill.svg?raw';

interface MessageItemProps {
  message: RegistryMessage;
  /** Read or unread (a message), or dismissed (a pinned announcement). */
  onToggleRead?: (message: RegistryMessage) => void;
  onDismiss?: (message: RegistryMessage) => void;
  busy: boolean;
}

/**
 * One message: its kind in words (the feature's `messages.kind.<kind>`: a new kind in the contract
 * needs its label only), the time in Brussels, the registration it concerns linked to its view, the
 * registry's text without control characters, and its read mark or Dismiss.
 */
export function MessageItem({ message, onToggleRead, onDismiss, busy }: MessageItemProps) {
  const { t } = useTranslation();
  const titleId = `message-${message.id}-title`;
  const unread = !message.read;
  return (
    <li className={`list-group-item messages-item${unread ? ' messages-item-unread' : ''}`} data-testid="message" data-message-id={message.id}>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline column-gap-3 row-gap-1">
        <h3 id={titleId} className="h6 mb-0 d-flex flex-wrap align-items-baseline column-gap-2 row-gap-1">
          {message.pinned && <Icon svg={pinIcon} className="text-primary" />}
          {unread && <span className="badge text-bg-primary">{t('messages.new')}</span>}
          <span>{t(`messages.kind.${message.kind}`)}</span>
          {message.domain !== null && (
            <Link to={paths.registration(message.domain)} className="messages-domain fw-normal" data-testid="message-registration">
              {visible(message.domain)}
            </Link>
          )}
        </h3>
        <time dateTime={message.at} className="small text-body-secondary text-nowrap">
          {formatDateTime(message.at)}
        </time>
      </div>
      <p className="messages-text mb-2 mt-1">{visible(message.text)}</p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        {message.toAll && <span className="small text-body-secondary me-auto">{t('messages.toAll')}</span>}
        {onToggleRead && (
          <Button size="sm" variant="outline-secondary" disabled={busy} aria-describedby={titleId} onClick={() => onToggleRead(message)}>
            <Icon svg={unread ? envelopeOpenIcon : envelopeIcon} className="me-2" />
            {unread ? t('messages.markRead') : t('messages.markUnread')}
          </Button>
        )}
        {onDismiss && (
          <Button size="sm" variant="outline-dark" disabled={busy} aria-describedby={titleId} onClick={() => onDismiss(message)}>
            {t('messages.dismiss')}
          </Button>
        )}
      </div>
    </li>
  );
}
