/*
 * `npm run bench:failover [-- --runs N] [--checks recipe|test]`: how long a failover takes for the
 * portal, N times (default 3), each on a fresh rig of the failover test (src/test/failover-rig.ts):
 * a PostgreSQL 15 primary with a synchronous standby (ANY 1), HAProxy running
 * deploy/patroni/haproxy.cfg with its check pace (`recipe`: every 2 s, 500 ms after a failure, down
 * at the third; `test`: the test's shorter one), two instances under reads, versioned saves and
 * user creations. The primary is SIGKILLed, the standby promoted at once with `pg_ctl promote` (what
 * Patroni does after its TTL runs out, here without that wait). For each run: from the SIGKILL to the
 * promotion done, to HAProxy routing to the new primary, to every loop answering again; writes
 * acknowledged, in doubt and lost (which must be 0), and the load average. Figures are printed, never asserted.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { checkHolds, setUpHolds } from '../src/test/failover-checks';
import { recipeChecks, startFailoverRig, testChecks } from '../src/test/failover-rig';
import { failOver } from '../src/test/failover-scenario';
import { hasPostgres15 } from '../src/test/replica-cluster';
import { haproxyBinary } from '../src/test/postgres-haproxy';

const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string' }, checks: { type: 'string' } }, strict: true });
const runs = Number(values.runs ?? 3);
const pace = values.checks ?? 'recipe';
if (pace !== 'recipe' && pace !== 'test') throw new Error('--checks is recipe or test');
if (!hasPostgres15() || !haproxyBinary()) throw new Error('bench:failover needs /usr/lib/postgresql/15/bin (POSTGRES15_BIN) and haproxy');

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

console.log(`bench:failover, ${runs} runs, HAProxy checks: ${JSON.stringify(pace === 'recipe' ? recipeChecks : testChecks)}`);
console.log('| run | promoted | routed by HAProxy | every loop back | saves ack. | creations ack. | in doubt | lost | load before → after |');
console.log('| --: | -------: | ----------------: | --------------: | ---------: | -------------: | -------: | ---: | ------------------- |');
let lostTotal = 0;
for (let n = 1; n <= runs; n++) {
  const loadBefore = load();
  const rig = await startFailoverRig({ checks: pace === 'recipe' ? recipeChecks : testChecks });
  try {
    const holds = await setUpHolds(rig);
    const { run, times } = await failOver(rig);
    const findings = await checkHolds(rig, run, holds);
    const lost = findings.lostSaves.length + findings.doubledSaves.length + findings.lostCreations.length + findings.outboxMismatches.length;
    const broken = (Object.entries(findings) as [string, string[]][]).filter(([, list]) => list.length > 0);
    lostTotal += lost;
    console.log(
      `| ${n} | ${times.promotedMs} ms | ${times.routedMs} ms | ${times.allLoopsBackMs} ms | ${run.saves.length} | ${run.created.length} | ${run.savesInDoubt.length + run.creationsInDoubt.length} | ${lost} | ${loadBefore} → ${load()} |`,
    );
    if (broken.length > 0) console.log(`   run ${n} broke: ${JSON.stringify(Object.fromEntries(broken))}`);
  } finally {
    await rig.stop();
  }
}
console.log(
  `Times from the SIGKILL of the primary; lost acknowledged writes over all runs: ${lostTotal}. ${process.version}, PostgreSQL 15 (Debian), HAProxy (Debian).`,
);
process.exit(lostTotal === 0 ? 0 : 1);
