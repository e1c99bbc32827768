import '../messages.css';
import { can, type RegistryMessage } from '@registrar-panel/contract';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon';
import { LoadFailure } from '../../../components/load-failure';
import { useCurrentUser } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { useMessages } from '../api/get-messages';
import { useDismissAnnouncement, useMarkAllRead, useMarkRead } from '../api/read-marks';
import { messagesHref, messagesLocationOf, type MessageFilter } from '../messages-location';
import { MessageFilters } from './message-filters';
import { MessageItem } from './message-item';
import bellIcon from 'bootstrap-icons/icons/bell.svg?raw';
import checkAllIcon from 'bootstrap-icons/icons/check2-all.svg?raw';
import inboxIcon from 'bootstrap-icons/icons/inbox.svg?raw';

/**
 * `/messages`, reached by the bell in the header (not a menu entry): the registry's messages to the
 * registrar, newest first, filtered by kind, unread, dates and domain name (kept in the address), with
 * read marks per user, Mark all read, and the announcements pinned above until the user dismisses them.
 * A user without `readRegistrations` sees the announcements only (the server decides; the page says so).
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageTitle(t('messages.title'));
  const location = messagesLocationOf(params);
  const announcementsOnly = user !== null && !can(user.roles, 'readRegistrations');

  return (
    <section aria-labelledby="messages-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 id="messages-title" className="h3 mb-0">
          {t('messages.title')}
        </h1>
        {!announcementsOnly && (
          <Link to={paths.messageRules} className="btn btn-outline-primary btn-sm d-inline-flex align-items-center" data-testid="messages-rules">
            <Icon svg={bellIcon} className="me-2" />
            {t('messages.rulesLink')}
          </Link>
        )}
      </div>
      <p className="text-body-secondary mb-4">{announcementsOnly ? t('messages.introAnnouncements') : t('messages.intro')}</p>
      {location ? (
        <Inbox filter={location.filter} before={location.before} onApply={(filter) => void navigate(messagesHref(filter))} />
      ) : (
        <Alert variant="warning" data-testid="messages-bad-address">
          {t('messages.badAddress')}{' '}
          <Link to={paths.messages} className="alert-link">
            {t('messages.showAll')}
          </Link>
        </Alert>
      )}
    </section>
  );
}

function Inbox({ filter, before, onApply }: { filter: MessageFilter; before: string | undefined; onApply: (filter: MessageFilter) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = useMessages(filter, before);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const dismiss = useDismissAnnouncement();
  const busy = markRead.isPending || markAllRead.isPending || dismiss.isPending;
  const toggleRead = (message: RegistryMessage) => markRead.mutate({ id: message.id, read: !message.read });
  const data = messages.data;
  // The pinned announcements are above the list, not in it twice.
  const listed = data?.messages.filter((message) => !message.pinned) ?? [];
  const filtered = Object.keys(filter).some((name) => filter[name as keyof MessageFilter] !== undefined);

  // Nothing until the first answer: the pinned announcements come above the filters and the list,
  // and arriving after them they pushed both down the screen (a layout shift of 0.1 to 0.28).
  if (messages.isPending) return null;
  return (
    <>
      {data && data.pinned.length > 0 && (
        <Card as="section" className="mb-4 messages-pinned" aria-labelledby="messages-pinned-title" data-testid="messages-pinned">
          <Card.Header className="bg-body">
            <h2 id="messages-pinned-title" className="h5 mb-0">
              {t('messages.pinned')}
            </h2>
          </Card.Header>
          <ul className="list-group list-group-flush">
            {data.pinned.map((message) => (
              <MessageItem key={message.id} message={message} busy={busy} onDismiss={() => dismiss.mutate(message.id)} />
            ))}
          </ul>
        </Card>
      )}
      <Card className="mb-4">
        <Card.Body>
          <MessageFilters filter={filter} onApply={onApply} onClear={() => void navigate(paths.messages)} />
        </Card.Body>
      </Card>
      <Card as="section" aria-labelledby="messages-list-title" aria-busy={messages.isPlaceholderData} data-testid="messages-list">
        <Card.Header className="bg-body d-flex flex-wrap justify-content-between align-items-center gap-2">
          <h2 id="messages-list-title" className="h5 mb-0">
            {before ? t('messages.listOlder') : t('messages.list')}
          </h2>
          <Button variant="outline-primary" size="sm" disabled={busy} onClick={() => markAllRead.mutate()} data-testid="messages-mark-all-read">
            <Icon svg={checkAllIcon} className="me-2" />
            {t('messages.markAllRead')}
          </Button>
        </Card.Header>
        {messages.isError ? (
          <Card.Body>
            <LoadFailure
              error={messages.error}
              notFound={t('messages.loadFailed')}
              failed={t('messages.loadFailed')}
              onRetry={() => void messages.refetch()}
              retrying={messages.isFetching}
            />
          </Card.Body>
        ) : data && listed.length === 0 ? (
          <Card.Body>
            <p className="d-flex align-items-center gap-2 mb-0 text-body-secondary" data-testid="messages-none">
              <Icon svg={inboxIcon} className="fs-5" />
              {filtered || before ? t('messages.noneMatching') : t('messages.none')}
            </p>
          </Card.Body>
        ) : (
          <ul className="list-group list-group-flush">
            {listed.map((message) => (
              <MessageItem key={message.id} message={message} busy={busy} onToggleRead={toggleRead} />
            ))}
          </ul>
        )}
        {data && (before || data.next) && (
          <Card.Footer className="bg-body d-flex flex-wrap gap-3">
            {before && (
              <Link to={messagesHref(filter)} data-testid="messages-newest">
                {t('messages.newest')}
              </Link>
            )}
            {data.next && (
              <Link to={messagesHref(filter, data.next)} className="ms-auto" data-testid="messages-older">
                {t('messages.older')}
              </Link>
            )}
          </Card.Footer>
        )}
      </Card>
    </>
  );
}
