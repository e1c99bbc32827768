// `npm start`: builds the web app and the server when they are not built (or older than their
// sources), then serves everything on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverBundle, serverNodeFlags } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [join(root, 'apps/web/src'), join(root, 'packages/contract/src')];
// A WEB_DIST_DIR given from outside (the end-to-end tests build their own copy) is used as it is.
const stale = !process.env.WEB_DIST_DIR && (!existsSync(dist) || sources.some((dir) => newestMtime(dir) > statSync(dist).mtimeMs));
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverSources = [join(root, 'apps/server/src'), join(root, 'packages/contract/src'), join(root, 'scripts')];
if (!existsSync(serverBundle) || serverSources.some((dir) => newestMtime(dir) > statSync(serverBundle).mtimeMs)) {
  console.log('Building the server…');
  await buildServer();
}

const server = spawn(process.execPath, [...serverNodeFlags(), serverBundle], { cwd: join(root, 'apps/server'), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
