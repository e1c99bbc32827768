// `npm start`: serves what `npm run build` built (the web app and the server) on one port. It builds
// only what is missing, so `npm install && npm start` on a fresh clone is the whole demo; a build
// older than its sources is served as it is, with one line saying so (docs/decisions.md).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer, describeServerBuild, metafileName, serverDistDir, serverNodeFlags } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const webIndex = join(root, 'apps/web/dist/index.html');
const serverBundle = resolve(process.env.SERVER_DIST_DIR ?? serverDistDir, 'server.js');

// A file that is missing counts as changed now: a source deleted since the build, or no build at all.
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : Infinity);
const isTest = (name) => /\.(test|e2e|keycloak)\.tsx?$/.test(name);
function newestMtime(path) {
  if (!existsSync(path) || !statSync(path).isDirectory()) return mtime(path);
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (!isTest(entry.name)) newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

const webSources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];
/** Whether a source of the web build changed after it. */
const webStale = () => webSources.some((path) => existsSync(join(root, path)) && newestMtime(join(root, path)) > mtime(webIndex));
/** Whether a file that went into the server build (its metafile says which) changed after it; a build without one is old. */
function serverStale() {
  const metafile = join(serverDistDir, metafileName);
  if (!existsSync(metafile)) return true;
  const inputs = Object.keys(JSON.parse(readFileSync(metafile, 'utf8')).inputs);
  const built = mtime(serverBundle);
  return [...inputs, 'apps/server/src/db/migrations', 'scripts/build-server.mjs'].some((path) => newestMtime(join(root, path)) > built);
}

// A build given from outside (WEB_DIST_DIR, SERVER_DIST_DIR: the end-to-end tests build their own) is used as it is.
const ownWeb = !process.env.WEB_DIST_DIR;
const ownServer = !process.env.SERVER_DIST_DIR;
const stale = [];
if (ownWeb && !existsSync(webIndex)) {
  console.log('Building the web app (apps/web/dist is missing)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (ownWeb && webStale()) stale.push('apps/web/dist');
if (ownServer && !existsSync(serverBundle)) {
  console.log('Building the server (apps/server/dist is missing)…');
  for (const line of describeServerBuild(await buildServer())) console.log(line);
} else if (ownServer && serverStale()) stale.push('apps/server/dist');
if (stale.length > 0) {
  console.log(
    `The build (${stale.join(', ')}) is older than the sources and is served as it is: run \`npm run build\` to rebuild, or \`npm run dev\` for live work.`,
  );
}

const server = spawn(process.execPath, [...serverNodeFlags(), serverBundle], { cwd: join(root, 'apps/server'), stdio: 'inherit' });
// Passed on for a signal sent to this process alone; the server takes the copies a group's signal
// (Ctrl-C) brings as one stop, finishes its requests and exits with its own status.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// A server killed by a signal did not stop cleanly.
server.on('exit', (code) => process.exit(code ?? 1));
