#!/bin/bash
# One failover trial on the cluster that run.sh started (run it as root, after `run.sh start`).
#
#   failover.sh postmaster TAG   SIGKILLs the leader's postmaster only (its Patroni goes on)
#   failover.sh machine TAG      SIGKILLs the leader's Patroni, postmaster and backends at once,
#                                as a machine death would; afterwards `run.sh start-node N` it
#
# Meanwhile a loop writes rows through HAProxy (127.0.0.1:25000), one psql per insert with
# synchronous_commit on, and records each acknowledged id. A probe tries a write through HAProxy
# every 100 ms from the kill on; the time from the kill to the first probe that commits is the
# recovery time. Then every acknowledged id is looked for on the new primary. Bounded: the probe
# gives up after 180 s, the write loop after 20000 inserts or 240 s.
set -euo pipefail

MODE=${1:?postmaster or machine}
TAG=${2:?a name for this run}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/common.sh"

leader=$(node_answering primary)
[ -n "$leader" ] || { echo "no leader" >&2; exit 1; }
echo "leader before: pg$leader"
trial_start "$TAG"
"${PSQL[@]}" -c "create table if not exists trial_probe (run text, at timestamptz default now(), port int)"

# The write loop: each id is recorded once its insert's commit was acknowledged.
write_loop 10 0.01 &
writer=$!
sleep 3

t0=$(now)
if [ "$MODE" = machine ]; then
  kill_node "$leader"
else
  pm=$(head -1 "$ROOT/pg$leader/data/postmaster.pid")
  kill -9 "$pm"
  echo "killed pg$leader's postmaster ($pm)"
fi

# The probe: every 100 ms, a write through HAProxy; the first that commits ends it.
t1="" port=""
while [ $(( ($(now) - t0) / 1000000000 )) -lt 180 ]; do
  if port=$(timeout 2 "${PSQL[@]}" -c "insert into trial_probe (run, port) values ('$TAG', inet_server_port()) returning port" 2>/dev/null); then
    t1=$(now)
    break
  fi
  sleep 0.1
done
[ -n "$t1" ] || { echo "no primary accepting writes after 180 s" >&2; touch "$OUT/stop"; wait $writer; exit 1; }
echo "recovery: $(( (t1 - t0) / 1000000 )) ms to a write committed through HAProxy, on port $port" | tee "$OUT/result"

sleep 3
touch "$OUT/stop"
wait $writer

# Every acknowledged id must be on the primary that HAProxy reaches now.
cut -d' ' -f1 "$OUT/acked" | sort -n >"$OUT/acked.ids"
"${PSQL[@]}" -c "select id from trial_writes where run = '$TAG' order by id" | sort -n >"$OUT/present.ids"
lost=$(comm -23 <(sort "$OUT/acked.ids") <(sort "$OUT/present.ids") | wc -l)
unacked_present=$(comm -13 <(sort "$OUT/acked.ids") <(sort "$OUT/present.ids") | wc -l)
before=$(awk -v t="$t0" '$2 < t' "$OUT/acked" | wc -l)
# The longest time between two acknowledged writes: what the write loop saw of the failover.
gap=$(awk 'NR > 1 && $2 - p > g { g = $2 - p } { p = $2 } END { printf "%d", g / 1000000 }' "$OUT/acked")
{
  echo "acknowledged: $(wc -l <"$OUT/acked.ids") ($before before the kill); present on the new primary: $(wc -l <"$OUT/present.ids")"
  echo "acknowledged but missing: $lost; present but never acknowledged: $unacked_present"
  echo "longest gap between two acknowledged writes: $gap ms"
} | tee -a "$OUT/result"
