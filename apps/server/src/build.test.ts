import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverNodeFlags, startupOutputs } from '../../../scripts/build-server.mjs';

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

describe("Node's options for the server", () => {
  it('are the ones the README tells operators and the local HAProxy script use', () => {
    const flags = serverNodeFlags('');
    expect(flags).toEqual(expect.arrayContaining(['--max-old-space-size=128', '--max-semi-space-size=8']));
    for (const file of ['../../../README.md', '../../../deploy/haproxy/run-local.sh']) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8');
      const starts = [...text.matchAll(/\bnode((?: --[\w-]+(?:=\S+)?)*) apps\/server\/dist\/server\.js/g)].map((match) => match[1]?.trim().split(' '));
      expect(starts, file).not.toEqual([]);
      for (const start of starts) expect(start, file).toEqual(flags);
    }
  });

  it('leave a heap size to NODE_OPTIONS that set it', () => {
    expect(serverNodeFlags('--max-old-space-size=512 --max-semi-space-size=16')).toEqual(['--enable-source-maps']);
  });
});
