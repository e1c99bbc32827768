import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generatorOptions, toGeneratorArguments } from './options';

const defaults = { domains: 10, registrars: 3 };

/** Reads a command line as the seed command (seed/cli.ts) does. */
function parseGeneratorArguments(argv: string[]) {
  return toGeneratorArguments(parseArgs({ args: argv, options: generatorOptions, strict: true }).values, defaults);
}

describe('the generator options', () => {
  it('reads every option, underscores allowed in numbers', () => {
    expect(parseGeneratorArguments(['--domains', '1_000_000', '--registrars', '50', '--seed', '9', '--today', '2026-01-31', '--keep'])).toEqual({
      domains: 1_000_000,
      registrars: 50,
      seed: 9,
      today: Date.UTC(2026, 0, 31),
      keep: true,
    });
  });

  it('falls back to the defaults, seed 1 and the start of the current UTC day', () => {
    const args = parseGeneratorArguments([]);
    expect(args).toMatchObject({ domains: 10, registrars: 3, seed: 1, keep: false });
    expect(args.today % 86_400_000).toBe(0);
    expect(Date.now() - args.today).toBeLessThan(86_400_000);
  });

  it.each([
    [['--domains', 'many'], /--domains must be a whole number/],
    [['--domains=-5'], /--domains must be a whole number/],
    [['--registrars', '0'], /--registrars must be between 1 and 60000/],
    [['--today', 'yesterday'], /--today must be a date/],
    [['--colour', 'blue'], /Unknown option/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseGeneratorArguments(argv)).toThrow(message);
  });
});
