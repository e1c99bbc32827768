import { createStore } from './store';

/** How many requests are in flight; the overlay shows while it is above zero. */
export const pendingRequests = createStore(0);

export function requestStarted() {
  pendingRequests.set(pendingRequests.get() + 1);
}

export function requestEnded() {
  pendingRequests.set(Math.max(0, pendingRequests.get() - 1));
}
