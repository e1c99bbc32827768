import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startupOutputs } from '../../../scripts/build-server.mjs';

/* What `npm run build` puts in the server that a production start loads: the server, not its demo data, tests or benchmarks. */

const outDir = mkdtempSync(join(tmpdir(), 'rp-build-'));
let metafile: Metafile;

beforeAll(async () => {
  metafile = await buildServer(outDir);
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const inputsOf = (outputs: string[]) => outputs.flatMap((output) => Object.keys(metafile.outputs[output]?.inputs ?? {}));
const demoChunk = () => Object.keys(metafile.outputs).find((path) => metafile.outputs[path]?.entryPoint === 'apps/server/src/seed/demo.ts');

describe('the server build', () => {
  it('loads at start no seed generator, test support, testing driver or benchmark', () => {
    const atStart = inputsOf(startupOutputs(metafile));
    expect(atStart).toContain('apps/server/src/server.ts');
    const notForProduction = /^apps\/server\/(src\/seed|src\/test|src\/identity\/testing|bench)\/|\.test(-support)?\.ts$/;
    expect(atStart.filter((input) => notForProduction.test(input))).toEqual([]);
  });

  it('puts the demo generator in a chunk of its own, imported only dynamically', () => {
    const chunk = demoChunk() ?? '';
    expect(chunk).toMatch(/\/demo-\w+\.js$/);
    expect(inputsOf([chunk])).toContain('apps/server/src/seed/generate.ts');
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.path === chunk));
    expect(imports.map((imported) => imported.kind)).toEqual(['dynamic-import']);
  });

  it('needs no development dependency at run time', () => {
    const devDependencies = new Set(
      ['../../../package.json', '../package.json'].flatMap((file) =>
        Object.keys((JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { devDependencies: object }).devDependencies),
      ),
    );
    const packageOf = (specifier: string) => /^(@[^/]+\/)?[^/]+/.exec(specifier)?.[0];
    const external = Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((imported) => imported.external).map((imported) => packageOf(imported.path)),
    );
    expect(external.length).toBeGreaterThan(0);
    expect(external.filter((name) => name && devDependencies.has(name))).toEqual([]);
  });
});
