import { can, registryMessageLimits } from '@registrar-panel/contract';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { useCurrentUser } from '../../lib/auth';
import { useFormats } from '../../lib/formats';
import { paths } from '../../lib/paths';
import { unreadCapped, useUnreadMessages } from '../../lib/unread-messages';
import bellIcon from 'bootstrap-icons/icons/bell.svg?raw';
import bellFillIcon from 'bootstrap-icons/icons/bell-fill.svg?raw';

/**
 * The bell beside the product's name: the registry's messages unread by the user (lib/unread-messages.ts),
 * a link to the inbox. Its name says the count ("Messages, 3 unread"); the badge only shows it.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const { count } = useFormats();
  const user = useCurrentUser();
  const allowed = user !== null && can(user.roles, 'readMessages');
  const unread = useUnreadMessages(allowed);
  if (!allowed) return null;
  const capped = unread !== undefined && unreadCapped(unread);
  // The count stops at the cap: "more than 99".
  const beyond = count(registryMessageLimits.unreadCountCap - 1);
  const label =
    unread === undefined
      ? t('app.header.messages')
      : capped
        ? t('app.header.messagesCapped', { formatted: beyond })
        : unread === 0
          ? t('app.header.messagesNone')
          : t('app.header.messagesUnread', { count: unread, formatted: count(unread) });
  return (
    <Link to={paths.messages} className="app-bell flex-shrink-0" aria-label={label} title={label} data-testid="message-bell" data-unread={unread ?? ''}>
      <Icon svg={unread ? bellFillIcon : bellIcon} />
      {unread !== undefined && unread > 0 && (
        <span className="app-bell-count badge rounded-pill text-bg-danger" aria-hidden="true">
          {capped ? t('app.header.messagesCappedShort', { formatted: beyond }) : count(unread)}
        </span>
      )}
    </Link>
  );
}
