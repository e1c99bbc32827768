import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

/*
 * The web app built as `npm run build` builds it (the project's vite.config.ts), with a plugin that
 * only reads the bundle: which chunk imports which, and each file's gzip size.
 */

const webRoot = new URL('..', import.meta.url).pathname;

export interface BuiltFile {
  fileName: string;
  /** Gzip at level 9, as the build's .gz files are. */
  gzipBytes: number;
  rawBytes: number;
  /** Chunks only: what it imports statically, and the stylesheets that load with it. */
  imports: string[];
  css: string[];
  isEntry: boolean;
  /** The module a chunk is for (a dynamic import's target), relative to apps/web/src. */
  module?: string;
  /** Our modules in a chunk, relative to apps/web/src. */
  sources: string[];
}

export interface BundleReport {
  files: BuiltFile[];
  /** The entry and the OpenID Connect client (lib/oidc-client.ts): all a visitor without a session downloads before sign-in. */
  boot: string[];
  /** The boot files, app/start.tsx's chunk and what it imports: the JavaScript before the first page. */
  initialJs: string[];
  /** The stylesheets of the initial chunks. */
  initialCss: string[];
}

const gzipSize = (content: string | Uint8Array) => gzipSync(content, { level: 9 }).length;

function graphReader(files: BuiltFile[]): Plugin {
  return {
    name: 'bench:bundle-graph',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') {
          files.push({
            fileName: output.fileName,
            gzipBytes: gzipSize(output.code),
            rawBytes: Buffer.byteLength(output.code),
            imports: output.imports,
            css: [...(output.viteMetadata?.importedCss ?? [])],
            isEntry: output.isEntry,
            module: output.facadeModuleId?.startsWith(`${webRoot}src/`) ? output.facadeModuleId.slice(`${webRoot}src/`.length) : undefined,
            sources: Object.keys(output.modules)
              .filter((id) => id.startsWith(`${webRoot}src/`))
              .map((id) => id.slice(`${webRoot}src/`.length)),
          });
        } else if (!output.fileName.endsWith('.map')) {
          const source = output.source;
          const rawBytes = typeof source === 'string' ? Buffer.byteLength(source) : source.length;
          files.push({ fileName: output.fileName, gzipBytes: gzipSize(source), rawBytes, imports: [], css: [], isEntry: false, sources: [] });
        }
      }
    },
  };
}

/** Every file reachable from `start` through static imports. */
function closure(byName: Map<string, BuiltFile>, start: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of byName.get(name)?.imports ?? []) visit(imported);
  };
  start.forEach(visit);
  return [...seen];
}

/** Builds apps/web into `outDir` and reports its chunks. */
export async function buildWeb(outDir: string): Promise<BundleReport> {
  const files: BuiltFile[] = [];
  await build({ root: webRoot, configFile: `${webRoot}vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true }, plugins: [graphReader(files)] });
  const byName = new Map(files.map((file) => [file.fileName, file]));
  const entries = files.filter((file) => file.isEntry).map((file) => file.fileName);
  const chunkOf = (module: string) => {
    const chunk = files.find((file) => file.sources.includes(module) && !file.isEntry);
    if (!chunk) throw new Error(`${module} is in no chunk of its own: main.tsx no longer imports it dynamically?`);
    return chunk.fileName;
  };
  const boot = closure(byName, [...entries, chunkOf('lib/oidc-client.ts')]);
  const initialJs = closure(byName, [...boot, chunkOf('app/start.tsx')]);
  const initialCss = [...new Set(initialJs.flatMap((name) => byName.get(name)?.css ?? []))];
  return { files, boot, initialJs, initialCss };
}

/** The sum of the gzip sizes of some files of a report. */
export function gzipTotal(report: BundleReport, names: string[]): number {
  return names.reduce((sum, name) => sum + (report.files.find((file) => file.fileName === name)?.gzipBytes ?? 0), 0);
}
