import { Gauge, type Registry } from 'prom-client';

/** One value of a labelled gauge. */
export interface LabelledValue<L extends string> {
  labels: Record<L, string>;
  value: number;
}

/**
 * A gauge whose value is read when Prometheus scrapes, instead of being kept up to date by the
 * code: for figures that already live somewhere (the pool's counts, rows waiting in a table), so
 * nothing has to be counted twice and the value is never stale.
 */
export interface ScrapeGauge<L extends string = never> {
  /** Without the prefix: `mail_outbox_pending` is exposed as `registrar_panel_mail_outbox_pending`. */
  name: string;
  help: string;
  /** For a gauge with one value per label set (say `queue`); `read` then returns those values. */
  labelNames?: readonly L[];
  /** Called at every scrape; may query the database (keep it to one cheap query). */
  read: () => number | LabelledValue<L>[] | Promise<number | LabelledValue<L>[]>;
}

/**
 * Registers a gauge read at scrape time. When `read` fails (the database is down, say) the gauge
 * shows NaN in that scrape (a labelled one no samples), never a stale or made-up 0, and
 * `onReadError` is told: the rest of the scrape still answers, so one failing figure never hides
 * the others.
 */
export function addScrapeGauge<L extends string>(
  registry: Registry,
  prefix: string,
  gauge: ScrapeGauge<L>,
  onReadError: (error: unknown, name: string) => void,
): void {
  const name = `${prefix}${gauge.name}`;
  new Gauge<L>({
    name,
    help: gauge.help,
    labelNames: gauge.labelNames ?? [],
    registers: [registry],
    async collect() {
      // Cleared first: a label set that is gone (an empty queue) must not keep its last value.
      this.reset();
      try {
        const value = await gauge.read();
        if (typeof value === 'number') this.set(value);
        else for (const entry of value) this.set(entry.labels as Partial<Record<L, string>>, entry.value);
      } catch (error) {
        // prom-client shows an unlabelled gauge as 0 after reset: NaN is Prometheus's "unknown".
        if (!gauge.labelNames?.length) this.set(Number.NaN);
        onReadError(error, name);
      }
    },
  });
}
