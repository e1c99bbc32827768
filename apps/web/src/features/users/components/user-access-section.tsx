import { accessEnded, brusselsDay, formatDay, isCalendarDate, type PanelUser } from '@registrar-panel/contract';
import { useState, type KeyboardEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { alerts } from '../../../lib/alerts';
import { useSetAccessEnd } from '../api/set-access-end';
import { useSetUserEnabled } from '../api/set-user-enabled';
import { UserStatusBadges } from './user-status-badges';
import { Icon } from '../../../components/icon';
import calendarXIcon from 'bootstrap-icons/icons/calendar-x.svg?raw';
import personCheckIcon from 'bootstrap-icons/icons/person-check.svg?raw';
import personSlashIcon from 'bootstrap-icons/icons/person-slash.svg?raw';

/**
 * The edit dialog's Access section (non-admin users): disable or enable the user, and the last day
 * they may sign in. Each change is saved at once, apart from the dialog's Update; the user shown is
 * the list's latest copy, so the section follows its own changes.
 */
export function UserAccessSection({ user }: { user: PanelUser }) {
  const { t } = useTranslation();
  const setEnabled = useSetUserEnabled();
  const saveEnd = useSetAccessEnd();
  const [confirming, setConfirming] = useState(false);
  const [day, setDay] = useState(user.accessEnd ?? '');
  const today = brusselsDay();
  const ended = accessEnded(user.accessEnd);
  const dayValid = isCalendarDate(day) && day >= today;

  const toggle = () => {
    if (!user.disabled && !confirming) {
      setConfirming(true);
      return;
    }
    const enabled = user.disabled;
    setEnabled.mutate(
      { username: user.username, enabled },
      {
        onSuccess: () => alerts.success(t(enabled ? 'users.access.enabled' : 'users.access.disabled', { username: user.username })),
        onSettled: () => setConfirming(false),
      },
    );
  };

  const save = (accessEnd: string | null) =>
    saveEnd.mutate(
      { username: user.username, accessEnd },
      {
        onSuccess: () => {
          setDay(accessEnd ?? '');
          alerts.success(
            accessEnd
              ? t('users.access.endSaved', { username: user.username, date: formatDay(accessEnd) })
              : t('users.access.endCleared', { username: user.username }),
          );
        },
      },
    );

  // Enter in the date field saves the date, not the dialog's form around it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (dayValid && day !== user.accessEnd) save(day);
  };

  return (
    <section className="border-top mt-3 pt-3" aria-labelledby="access-title" data-testid="user-access">
      <h4 id="access-title" className="h6 d-flex flex-wrap align-items-center gap-2">
        {t('users.access.title')}
        <UserStatusBadges user={{ ...user, awaitingActivation: false }} />
      </h4>
      <p className="text-body-secondary small">{t(user.disabled ? 'users.access.disabledHelp' : 'users.access.enabledHelp')}</p>
      <Button
        variant={user.disabled ? 'outline-success' : confirming ? 'danger' : 'outline-danger'}
        onClick={toggle}
        aria-disabled={setEnabled.isPending}
        className={setEnabled.isPending ? 'disabled' : undefined}
        data-testid="toggle-enabled"
      >
        <Icon svg={user.disabled ? personCheckIcon : personSlashIcon} className="me-2" />
        {t(user.disabled ? 'users.access.enable' : confirming ? 'users.access.confirmDisable' : 'users.access.disable')}
      </Button>
      <Form.Group className="mt-3" controlId="field-access-end">
        <Form.Label>{t('users.access.endLabel')}</Form.Label>
        <div className="d-flex flex-wrap gap-2">
          <Form.Control
            type="date"
            className="access-end-input"
            style={{ maxWidth: '12rem' }}
            min={today}
            value={day}
            onChange={(event) => setDay(event.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby="access-end-help"
          />
          <Button variant="outline-primary" onClick={() => save(day)} disabled={!dayValid || day === user.accessEnd || saveEnd.isPending}>
            {t('users.access.endSave')}
          </Button>
          {user.accessEnd !== null && (
            <Button variant="outline-secondary" onClick={() => save(null)} disabled={saveEnd.isPending}>
              <Icon svg={calendarXIcon} className="me-2" />
              {t('users.access.endClear')}
            </Button>
          )}
        </div>
        <Form.Text id="access-end-help">{ended ? t('users.access.endEnded', { date: formatDay(user.accessEnd) }) : t('users.access.endHelp')}</Form.Text>
      </Form.Group>
      <span className="visually-hidden" role="status">
        {confirming ? t('users.access.confirmDisable') : ''}
      </span>
    </section>
  );
}
