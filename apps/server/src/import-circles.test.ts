import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * No import circle in the server or the contract, type imports counted. Lint's `import-x/no-cycle`
 * skips `import type`, and a circle through types still ties two floors together (a lower one
 * naming a higher one's shapes), so this counts every relative import and re-export.
 */

const repository = resolve(new URL('../../../', import.meta.url).pathname);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|keycloak)\.tsx?$|\.test-support\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const importPattern = /^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/gm;

/** The files a file imports by relative path, resolved as TypeScript resolves them. */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3]!;
    const base = resolve(dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
    if (found) targets.push(found);
  }
  return targets;
}

/** The relative imports of every file, type imports and re-exports included. */
const importGraph = (files: string[]) => new Map(files.map((file) => [file, importsOf(file, new Set(files))]));

/** Every circle, as its files, found by Tarjan's strongly connected components. */
function circles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || edges.get(file)?.includes(file)) found.push(component.map((path) => relative(repository, path)).sort());
    }
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import circles, type imports counted', () => {
  it.each(['apps/server/src', 'packages/contract/src'])('%s has none', (folder) => {
    const files = sourceFiles(join(repository, folder));
    expect(files.length).toBeGreaterThan(20);
    expect(circles(importGraph(files))).toEqual([]);
  });

  it('finds a circle made of type imports and re-exports, which lint does not', () => {
    const folder = mkdtempSync(join(tmpdir(), 'circles-'));
    writeFileSync(join(folder, 'a.ts'), "import type { B } from './b';\nexport interface A { b: B }\n");
    writeFileSync(join(folder, 'b.ts'), "export type { A as B } from './a';\n");
    writeFileSync(join(folder, 'c.ts'), "import type { A } from './a';\nexport type C = A;\n");
    const found = circles(importGraph(['a.ts', 'b.ts', 'c.ts'].map((name) => join(folder, name))));
    expect(found.map((circle) => circle.map((path) => path.slice(path.lastIndexOf('/') + 1)))).toEqual([['a.ts', 'b.ts']]);
  });
});
