import { limits } from '@registrar-panel/contract';
import { createStore } from './store';

export type AlertType = 'success' | 'error' | 'info' | 'warning';

/** A global alert (spec section 3): dismissible, auto-closing unless told otherwise. */
export interface Alert {
  id: number;
  message: string;
  type: AlertType;
  autoClose: boolean;
  keepAfterRouteChange: boolean;
  /** True during the 250 ms fade before removal. */
  fading: boolean;
}

export interface AlertOptions {
  /**
   * Off by default for errors: an error says something went wrong and often what to do, and must not
   * vanish before it is read (docs/decisions.md, "Errors stay until closed"). On by default otherwise.
   */
  autoClose?: boolean;
  keepAfterRouteChange?: boolean;
}

export const alertStore = createStore<Alert[]>([]);
let nextId = 1;

/** Why an alert's auto-close waits: the pointer is on it, or the focus is in it. */
export type AlertHold = 'hover' | 'focus';

/** The auto-close countdown of an alert: running (`timer`) or paused with what was left of it. */
interface Countdown {
  timer: ReturnType<typeof setTimeout> | undefined;
  remainingMs: number;
  startedAt: number;
  holds: Set<AlertHold>;
}

const countdowns = new Map<number, Countdown>();

function run(id: number, countdown: Countdown) {
  countdown.startedAt = Date.now();
  countdown.timer = setTimeout(() => dismissAlert(id), countdown.remainingMs);
}

function stopCountdown(id: number) {
  clearTimeout(countdowns.get(id)?.timer);
  countdowns.delete(id);
}

function remove(id: number) {
  stopCountdown(id);
  alertStore.set(alertStore.get().filter((alert) => alert.id !== id));
}

/** Fades an alert out, then removes it. */
export function dismissAlert(id: number) {
  stopCountdown(id);
  alertStore.set(alertStore.get().map((alert) => (alert.id === id ? { ...alert, fading: true } : alert)));
  setTimeout(() => remove(id), limits.alertFadeMs);
}

/**
 * Pauses an alert's auto-close while it is hovered or holds the focus, so that a slow reader can
 * finish it (WCAG 2.2.1); the countdown goes on with the time it had left once both are over.
 */
export function holdAlert(id: number, hold: AlertHold, held: boolean) {
  const countdown = countdowns.get(id);
  if (!countdown) return;
  const wasHeld = countdown.holds.size > 0;
  if (held) countdown.holds.add(hold);
  else countdown.holds.delete(hold);
  const isHeld = countdown.holds.size > 0;
  if (isHeld && !wasHeld) {
    clearTimeout(countdown.timer);
    countdown.timer = undefined;
    countdown.remainingMs = Math.max(0, countdown.remainingMs - (Date.now() - countdown.startedAt));
  } else if (!isHeld && wasHeld) {
    run(id, countdown);
  }
}

/** Shows an alert unless the same text of the same type already shows. */
export function showAlert(type: AlertType, message: string, options: AlertOptions = {}) {
  const current = alertStore.get();
  if (current.some((alert) => alert.type === type && alert.message === message && !alert.fading)) return;
  const alert: Alert = {
    id: nextId++,
    message,
    type,
    autoClose: options.autoClose ?? type !== 'error',
    keepAfterRouteChange: options.keepAfterRouteChange ?? false,
    fading: false,
  };
  alertStore.set([...current, alert]);
  if (alert.autoClose) {
    const countdown: Countdown = { timer: undefined, remainingMs: limits.alertAutoCloseMs, startedAt: 0, holds: new Set() };
    countdowns.set(alert.id, countdown);
    run(alert.id, countdown);
  }
}

export const alerts = {
  success: (message: string, options?: AlertOptions) => showAlert('success', message, options),
  error: (message: string, options?: AlertOptions) => showAlert('error', message, options),
  info: (message: string, options?: AlertOptions) => showAlert('info', message, options),
  warning: (message: string, options?: AlertOptions) => showAlert('warning', message, options),
};

/**
 * Called on every navigation: alerts go unless marked keepAfterRouteChange, and those marked
 * survive one navigation only.
 */
export function clearAlertsOnNavigation() {
  const [kept, cleared] = [alertStore.get().filter((alert) => alert.keepAfterRouteChange), alertStore.get().filter((alert) => !alert.keepAfterRouteChange)];
  cleared.forEach((alert) => stopCountdown(alert.id));
  alertStore.set(kept.map((alert) => ({ ...alert, keepAfterRouteChange: false })));
}
