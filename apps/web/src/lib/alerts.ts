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
  autoClose?: boolean;
  keepAfterRouteChange?: boolean;
}

export const alertStore = createStore<Alert[]>([]);
let nextId = 1;

function remove(id: number) {
  alertStore.set(alertStore.get().filter((alert) => alert.id !== id));
}

/** Fades an alert out, then removes it. */
export function dismissAlert(id: number) {
  alertStore.set(alertStore.get().map((alert) => (alert.id === id ? { ...alert, fading: true } : alert)));
  setTimeout(() => remove(id), limits.alertFadeMs);
}

/** Shows an alert unless the same text of the same type already shows. */
export function showAlert(type: AlertType, message: string, options: AlertOptions = {}) {
  const current = alertStore.get();
  if (current.some((alert) => alert.type === type && alert.message === message && !alert.fading)) return;
  const alert: Alert = {
    id: nextId++,
    message,
    type,
    autoClose: options.autoClose ?? true,
    keepAfterRouteChange: options.keepAfterRouteChange ?? false,
    fading: false,
  };
  alertStore.set([...current, alert]);
  if (alert.autoClose) setTimeout(() => dismissAlert(alert.id), limits.alertAutoCloseMs);
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
  alertStore.set(
    alertStore
      .get()
      .filter((alert) => alert.keepAfterRouteChange)
      .map((alert) => ({ ...alert, keepAfterRouteChange: false })),
  );
}
