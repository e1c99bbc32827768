// Types of build-server.mjs, for the TypeScript that runs the server as `npm start` does (benchmarks).
export declare const serverBundle: string;
export declare function buildServer(): Promise<void>;
export declare function serverNodeFlags(nodeOptions?: string): string[];
