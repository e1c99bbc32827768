import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, alertStore, clearAlertsOnNavigation, dismissAlert, holdAlert } from './alerts';

const shown = () => alertStore.get().map(({ type, message, fading }) => ({ type, message, fading }));

beforeEach(() => {
  vi.useFakeTimers();
  alertStore.set([]);
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('global alerts', () => {
  it('shows each of the four types with its text', () => {
    alerts.success('Saved.');
    alerts.error('Failed.');
    alerts.info('Note.');
    alerts.warning('Careful.');
    expect(shown()).toEqual([
      { type: 'success', message: 'Saved.', fading: false },
      { type: 'error', message: 'Failed.', fading: false },
      { type: 'info', message: 'Note.', fading: false },
      { type: 'warning', message: 'Careful.', fading: false },
    ]);
  });

  it('suppresses the same text of the same type while it shows, but not the same text of another type', () => {
    alerts.error('An internal error occurred.');
    alerts.error('An internal error occurred.');
    alerts.warning('An internal error occurred.');
    expect(shown().map((alert) => alert.type)).toEqual(['error', 'warning']);
  });

  it('lets the same text show again once the previous one is fading away', () => {
    alerts.error('Try again.');
    dismissAlert(alertStore.get()[0]!.id);
    alerts.error('Try again.');
    expect(shown()).toEqual([
      { type: 'error', message: 'Try again.', fading: true },
      { type: 'error', message: 'Try again.', fading: false },
    ]);
  });

  it('starts fading after 3000 ms and is gone 250 ms later', () => {
    alerts.success('Saved.');
    vi.advanceTimersByTime(2999);
    expect(shown()).toEqual([{ type: 'success', message: 'Saved.', fading: false }]);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([{ type: 'success', message: 'Saved.', fading: true }]);
    vi.advanceTimersByTime(249);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('closes success, info and warning alerts after 3000 ms and a 250 ms fade, but keeps an error until it is closed', () => {
    alerts.success('Saved.');
    alerts.info('Note.');
    alerts.warning('Careful.');
    alerts.error('Could not save.');
    vi.advanceTimersByTime(3250);
    expect(shown()).toEqual([{ type: 'error', message: 'Could not save.', fading: false }]);
    expect(alertStore.get()[0]?.autoClose).toBe(false);
    vi.advanceTimersByTime(600_000);
    expect(shown()).toEqual([{ type: 'error', message: 'Could not save.', fading: false }]);
    dismissAlert(alertStore.get()[0]!.id);
    vi.advanceTimersByTime(250);
    expect(shown()).toEqual([]);
  });

  it('lets an error auto-close when asked to', () => {
    alerts.error('Passing hiccup.', { autoClose: true });
    vi.advanceTimersByTime(3250);
    expect(shown()).toEqual([]);
  });

  it('waits while hovered or focused, then closes with the time it had left', () => {
    alerts.warning('Read slowly.');
    const id = alertStore.get()[0]!.id;
    vi.advanceTimersByTime(1000);
    holdAlert(id, 'hover', true);
    holdAlert(id, 'focus', true);
    vi.advanceTimersByTime(60_000);
    holdAlert(id, 'hover', false);
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual([{ type: 'warning', message: 'Read slowly.', fading: false }]);
    holdAlert(id, 'focus', false);
    vi.advanceTimersByTime(1999);
    expect(shown()[0]?.fading).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown()[0]?.fading).toBe(true);
    vi.advanceTimersByTime(250);
    expect(shown()).toEqual([]);
  });

  it('stays until dismissed when auto-close is off, then fades for 250 ms', () => {
    alerts.warning('Read me.', { autoClose: false });
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual([{ type: 'warning', message: 'Read me.', fading: false }]);
    dismissAlert(alertStore.get()[0]!.id);
    expect(shown()[0]?.fading).toBe(true);
    vi.advanceTimersByTime(250);
    expect(shown()).toEqual([]);
  });

  it('clears on navigation, except alerts kept after a route change, which survive one navigation only', () => {
    alerts.error('Left behind.');
    alerts.success('Password successfully updated.', { keepAfterRouteChange: true });
    clearAlertsOnNavigation();
    expect(shown()).toEqual([{ type: 'success', message: 'Password successfully updated.', fading: false }]);
    clearAlertsOnNavigation();
    expect(shown()).toEqual([]);
  });

  it('does not fail when an alert removed by navigation reaches its auto-close time', () => {
    alerts.info('Gone soon.');
    clearAlertsOnNavigation();
    alerts.info('Next page.');
    vi.advanceTimersByTime(3250);
    expect(shown()).toEqual([]);
  });
});
