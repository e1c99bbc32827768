import type { MySession } from '@registrar-panel/contract';
import { useState } from 'react';
import { Badge, Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { LoadFailure } from '../../../components/load-failure';
import { useRefusal } from '../../../components/refusable';
import { SectionCard } from '../../../components/section-card';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import { alerts } from '../../../lib/alerts';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useMySessions } from '../api/get-my-sessions';
import { DateTime } from './date-time';
import { useRecentSignIn } from './use-recent-sign-in';
import boxArrowRightIcon from 'bootstrap-icons/icons/box-arrow-right.svg?raw';
import laptopIcon from 'bootstrap-icons/icons/laptop.svg?raw';

/**
 * The user's open sessions: browser and system (named by the server from the user agent, shown as
 * text), address, started, last seen; Sign out for each other one, and Sign out everywhere else.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const endOthers = useEndOtherSessions();
  const recentSignIn = useRecentSignIn();
  const refusal = useRefusal('DELETE /me/sessions');
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const confirmEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (ended) => {
        setConfirming(false);
        alerts.success(t('account.sessions.othersEnded', { count: ended }));
      },
      onError: () => setConfirming(false),
    });

  return (
    <SectionCard
      id="account-sessions"
      title={t('account.sessions.title')}
      icon={laptopIcon}
      flush
      footer={
        <Button
          variant="outline-danger"
          size="sm"
          className="mt-3"
          onClick={() => recentSignIn(() => setConfirming(true))}
          disabled={others === 0 || endOthers.isPending || refusal.refused}
          {...refusal.props}
          data-testid="account-sessions-end-others"
        >
          <Icon svg={boxArrowRightIcon} className="me-2" />
          {t('account.sessions.endOthers')}
        </Button>
      }
    >
      {sessions.isPending && (
        <div className="p-3">
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">{t('account.loading')}</span>
          </Spinner>
        </div>
      )}
      {sessions.isError && (
        <div className="p-3">
          <LoadFailure
            error={sessions.error}
            notFound={t('account.sessions.loadFailed')}
            failed={t('account.sessions.loadFailed')}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        </div>
      )}
      {sessions.isSuccess && <SessionsTable sessions={sessions.data} />}
      <ConfirmDialog
        id="account-end-others"
        show={confirming}
        title={t('account.sessions.endOthersTitle')}
        cancelLabel={t('account.cancel')}
        confirmLabel={t('account.sessions.endOthers')}
        confirmVariant="danger"
        confirmIcon={boxArrowRightIcon}
        pending={endOthers.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmEndOthers}
      >
        {t('account.sessions.endOthersText', { count: others })}
      </ConfirmDialog>
    </SectionCard>
  );
}

function SessionsTable({ sessions }: { sessions: MySession[] }) {
  const { t } = useTranslation();
  const end = useEndSession();
  const recentSignIn = useRecentSignIn();
  const refusal = useRefusal('DELETE /me/sessions/:sessionId');
  const labels = {
    device: t('account.sessions.device'),
    address: t('account.sessions.address'),
    started: t('account.sessions.started'),
    lastSeen: t('account.sessions.lastSeen'),
    actions: t('account.sessions.actions'),
  };
  const signOut = (session: MySession) =>
    recentSignIn(() =>
      end.mutate(session.id, {
        onSuccess: () => alerts.success(t('account.sessions.ended', { device: deviceText(session) })),
      }),
    );
  const deviceText = (session: MySession) => [session.browser, session.os].filter(Boolean).join(', ') || t('account.sessions.unknownDevice');

  return (
    <Table className={`mb-0 align-top ${stackTableClass}`} data-testid="account-sessions-table">
      <thead className="table-light">
        <tr>
          <th scope="col">{labels.device}</th>
          <th scope="col">{labels.address}</th>
          <th scope="col">{labels.started}</th>
          <th scope="col">{labels.lastSeen}</th>
          <th scope="col">
            <span className="visually-hidden">{labels.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => (
          <tr key={session.id} data-current={session.current ? 'true' : undefined} data-testid="account-session">
            <StackCell label={labels.device} header>
              <span className="fw-semibold">{deviceText(session)}</span>
              {session.current && (
                <Badge bg="primary" className="ms-2">
                  {t('account.sessions.current')}
                </Badge>
              )}
            </StackCell>
            <StackCell label={labels.address}>
              <span className="font-monospace small text-break">{session.address}</span>
            </StackCell>
            <StackCell label={labels.started}>
              <DateTime value={session.startedAt} />
            </StackCell>
            <StackCell label={labels.lastSeen}>
              <DateTime value={session.lastSeenAt} />
            </StackCell>
            {/* The current session has no action (Logout ends it): on a phone its card shows no empty 'Actions'. */}
            <StackCell label={labels.actions} className={session.current ? 'd-none d-md-table-cell' : 'text-md-end'}>
              {!session.current && (
                <Button
                  variant="outline-secondary"
                  size="sm"
                  onClick={() => signOut(session)}
                  disabled={end.isPending || refusal.refused}
                  {...refusal.props}
                  aria-label={t('account.sessions.signOutOf', { device: deviceText(session) })}
                >
                  <Icon svg={boxArrowRightIcon} className="me-1" />
                  {t('account.sessions.signOut')}
                </Button>
              )}
            </StackCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
