// Types of build-server.mjs, for the TypeScript that builds or runs the server as `npm start` does (benchmarks, tests).
import type { Metafile } from 'esbuild';

export declare const serverDistDir: string;
export declare const serverBundle: string;
export declare const metafileName: string;
export declare function buildServer(outDir?: string): Promise<Metafile>;
export declare function startupOutputs(metafile: Metafile): string[];
export declare function describeServerBuild(metafile: Metafile): string[];
export declare function serverNodeFlags(nodeOptions?: string): string[];
