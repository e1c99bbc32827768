#!/bin/bash
# Writes while the synchronous standby is down, on the cluster that run.sh started (run as root).
#
#   standby.sh TAG
#
# A loop writes rows through HAProxy (one psql per insert, synchronous_commit on, each given 60 s)
# and records how long each commit took. After 3 s the standby's Patroni, postmaster and backends
# are SIGKILLed (a machine death); 25 s later synchronous_standby_names is read on the primary and
# the standby's Patroni started again; the loop ends once the standby is synchronous again (at most
# 180 s). Prints the slowest commits and when synchronous_standby_names changed.
set -euo pipefail

TAG=${1:?a name for this run}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/common.sh"

standby=$(node_answering sync)
[ -n "$standby" ] || { echo "no synchronous standby" >&2; exit 1; }
echo "synchronous standby: pg$standby"
trial_start "$TAG"

write_loop 60 0.05 &
writer=$!
sleep 3

t0=$(now)
kill_node "$standby"

# synchronous_standby_names on the primary, every 500 ms for 25 s.
last=unset
for _ in $(seq 50); do
  names=$("${PSQL[@]}" -c "show synchronous_standby_names" 2>/dev/null || echo '?')
  if [ "$names" != "$last" ]; then
    echo "+$((($(now) - t0) / 1000000)) ms: synchronous_standby_names = '$names'"
    last=$names
  fi
  sleep 0.5
done

"$HERE/run.sh" start-node "$standby"
t1=$(now)
end=$(($(date +%s) + 180))
until [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((28007 + standby))/sync")" = 200 ]; do
  [ "$(date +%s)" -lt $end ] || { echo "pg$standby not synchronous after 180 s" >&2; break; }
  sleep 0.5
done
echo "pg$standby synchronous again $((($(now) - t1) / 1000000)) ms after its Patroni started"
echo "synchronous_standby_names = '$("${PSQL[@]}" -c "show synchronous_standby_names")'"
sleep 3
touch "$OUT/stop"
wait $writer

{
  echo "acknowledged writes: $(wc -l <"$OUT/acked"); failed: $(grep -c . "$OUT/writer.err" || true)"
  echo "slowest commits after the kill (ms, and when they were acknowledged, ms after the kill):"
  awk -v t="$t0" '$2 > t { printf "%d %d\n", $3, ($2 - t) / 1000000 }' "$OUT/acked" | sort -rn | head -3
  echo "median commit before the kill: $(awk -v t="$t0" '$2 < t { print $3 }' "$OUT/acked" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }') ms"
} | tee "$OUT/result"
