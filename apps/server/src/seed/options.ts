export interface GeneratorArguments {
  domains: number;
  registrars: number;
  seed: number;
  /** The reference day (UTC midnight, in ms); data is the same for the same seed and day. */
  today: number;
  keep: boolean;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be a whole number, not "${value}"`);
  return number;
}

/** The command-line options of the generator, for `parseArgs`; other commands add their own. */
export const generatorOptions = {
  domains: { type: 'string' },
  registrars: { type: 'string' },
  seed: { type: 'string' },
  today: { type: 'string' },
  keep: { type: 'boolean', default: false },
} as const;

interface GeneratorValues {
  domains?: string | undefined;
  registrars?: string | undefined;
  seed?: string | undefined;
  today?: string | undefined;
  keep?: boolean | undefined;
}

/** Reads parsed `--domains N --registrars R [--seed S] [--today YYYY-MM-DD] [--keep]`. */
export function toGeneratorArguments(values: GeneratorValues, defaults: { domains: number; registrars: number }): GeneratorArguments {
  const today = values.today ? Date.parse(`${values.today}T00:00:00Z`) : startOfUtcDay(Date.now());
  if (Number.isNaN(today)) throw new Error(`--today must be a date like 2026-01-31, not "${values.today}"`);
  const registrars = positiveInteger('registrars', values.registrars, defaults.registrars);
  if (registrars < 1 || registrars > 60_000) throw new Error('--registrars must be between 1 and 60000');
  return {
    domains: positiveInteger('domains', values.domains, defaults.domains),
    registrars,
    seed: positiveInteger('seed', values.seed, 1),
    today,
    keep: values.keep ?? false,
  };
}

export function startOfUtcDay(ms: number): number {
  return ms - (ms % 86_400_000);
}
