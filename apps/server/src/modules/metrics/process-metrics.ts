import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event loop lag, garbage collection, handles), under
 * prom-client's standard names so that ready-made Node.js dashboards work. Collected once per
 * process and shared by every app built in it: each `collectDefaultMetrics` call starts a GC
 * observer and an event-loop monitor that are never stopped, and tests build many apps in one
 * process. Never prom-client's global registry, which every app would then share for its own metrics too.
 */
export function processRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
