#!/bin/bash
# Sourced by failover.sh and standby.sh: what both trials share on the cluster run.sh started.
#
#   trial_start TAG     the run's directory ($OUT), emptied of an earlier run's markers
#   node_answering EP   the node (1 or 2) whose Patroni REST API answers 200 on /EP
#   write_loop S P      inserts one row at a time through HAProxy until $OUT/stop, 20000 rows or
#                       240 s, each insert given S seconds and followed by a pause of P seconds;
#                       each acknowledged insert appends "id ack-time-ns commit-ms" to $OUT/acked
#   kill_node N         SIGKILLs node N's Patroni, postmaster and backends at once (a machine death)

ROOT=${PATRONI_TRY_DIR:-/tmp/patroni-try}
# synchronous_commit on: an acknowledged insert is on the synchronous standby too.
PSQL=(env PGPASSWORD=change-me-superuser PGCONNECT_TIMEOUT=2 PGOPTIONS='-c synchronous_commit=on'
  psql -X -qAt -h 127.0.0.1 -p 25000 -U postgres -d postgres -v ON_ERROR_STOP=1)
now() { date +%s%N; }

trial_start() {
  OUT=$ROOT/runs/$1
  mkdir -p "$OUT"
  rm -f "$OUT/acked" "$OUT/stop"
  "${PSQL[@]}" -c "create table if not exists trial_writes (run text, id int, at timestamptz default now(), primary key (run, id))"
}

node_answering() {
  local found="" n
  for n in 1 2; do
    if [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((28007 + n))/$1")" = 200 ]; then found=$n; fi
  done
  echo "$found"
}

write_loop() {
  local limit=$1 pause=$2 i=1 end a b
  end=$(($(date +%s) + 240))
  while [ ! -f "$OUT/stop" ] && [ $i -le 20000 ] && [ "$(date +%s)" -lt $end ]; do
    a=$(now)
    if timeout "$limit" "${PSQL[@]}" -c "insert into trial_writes (run, id) values ('$TAG', $i)" >/dev/null 2>>"$OUT/writer.err"; then
      b=$(now)
      echo "$i $b $(((b - a) / 1000000))" >>"$OUT/acked"
    fi
    i=$((i + 1))
    sleep "$pause"
  done
}

kill_node() {
  local pm patroni
  pm=$(head -1 "$ROOT/pg$1/data/postmaster.pid")
  patroni=$(cat "$ROOT/pg$1/patroni.pid")
  # shellcheck disable=SC2046 # the backends' pids, one word each
  kill -9 "$patroni" "$pm" $(pgrep -P "$pm") 2>/dev/null || true
  rm -f "$ROOT/pg$1/patroni.pid"
  echo "killed pg$1's Patroni ($patroni), postmaster ($pm) and its children"
}
