import type { ChildProcess } from 'node:child_process';

/** Waits until a portal started by a test answers its health check; fails when it exits first. */
export async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the portal exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the portal did not become healthy within ${timeoutMs} ms`);
}
