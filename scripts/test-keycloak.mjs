// `npm run test:keycloak`: the Keycloak suite alone (the server's *.keycloak.ts files, then the
// Chromium test e2e/keycloak.e2e.ts) against the Keycloak at KEYCLOAK_URL, by default the one
// `npm run keycloak` runs on http://localhost:8180. Extra arguments go to vitest (a file, -t NAME).
import { spawnSync } from 'node:child_process';

const url = (process.env.KEYCLOAK_URL ?? `http://localhost:${process.env.KEYCLOAK_PORT ?? '8180'}`).replace(/\/$/, '');
const answer = await fetch(`${url}/realms/master`).catch(() => undefined);
if (!answer?.ok) {
  console.error(`No Keycloak answers at ${url}: start one with \`npm run keycloak\` (or set KEYCLOAK_URL).`);
  process.exit(1);
}
const extra = process.argv.slice(2);
const runs =
  extra.length > 0
    ? [['--project', 'keycloak', '--project', 'e2e', ...extra]]
    : [
        ['--project', 'keycloak'],
        ['--project', 'e2e', 'e2e/keycloak.e2e.ts'],
      ];
for (const args of runs) {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, KEYCLOAK_URL: url } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
