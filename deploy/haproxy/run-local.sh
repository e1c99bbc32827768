#!/usr/bin/env bash
# The recipe of this folder on one machine: two portal instances from the built server on free
# ports of loopback, sharing one PostgreSQL database and the local Redis, with HAProxy in front of
# them running haproxy.cfg unchanged. Ctrl-C stops all three.
#
#   createdb -h 127.0.0.1 -U postgres registrar_panel
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/registrar_panel DEMO_MODE=true deploy/haproxy/run-local.sh
#
# Optional: PROXY_PORT (8080), REDIS_URL (redis://127.0.0.1:6379), TOTP_ENCRYPTION_KEY (keep the
# same one between runs, or two-step secrets enrolled earlier cannot be read: one is generated for
# this run when unset), DEMO_MODE=true to load the demo into an empty database, SMTP_URL. Every
# other setting of the README's table passes through to both instances.
set -euo pipefail
cd "$(dirname "$0")/../.."

: "${DATABASE_URL:?set DATABASE_URL to the PostgreSQL database both instances share}"
haproxy_bin="$(command -v haproxy || echo /usr/sbin/haproxy)"
if [ ! -x "$haproxy_bin" ]; then
  echo "HAProxy is not installed: apt-get install haproxy" >&2
  exit 1
fi
if [ ! -f apps/server/dist/server.js ] || [ ! -f apps/web/dist/index.html ]; then npm run build; fi

free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
proxy_port="${PROXY_PORT:-8080}"
export PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:$proxy_port}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export TOTP_ENCRYPTION_KEY="${TOTP_ENCRYPTION_KEY:-$(openssl rand -hex 32)}"
# HAProxy connects from 127.0.0.1: its X-Forwarded-For is believed, nobody else's.
export TRUST_PROXY=127.0.0.1
export HOST=127.0.0.1
# Longer than HAProxy takes to see /health/ready fail (2 s interval, then 2 more checks 500 ms apart).
export SHUTDOWN_DELAY="${SHUTDOWN_DELAY:-5000}"

run_dir="$(mktemp -d)"
pids=()
stop_all() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$run_dir"
}
trap stop_all EXIT INT TERM

ports=()
for n in 1 2; do
  port="$(free_port)"
  ports+=("$port")
  PORT="$port" node --enable-source-maps --max-old-space-size=128 --max-semi-space-size=8 apps/server/dist/server.js >"$run_dir/portal$n.log" 2>&1 &
  pids+=($!)
done

for n in 1 2; do
  port="${ports[$((n - 1))]}"
  for _ in $(seq 1 240); do
    if curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null; then break; fi
    if ! kill -0 "${pids[$((n - 1))]}" 2>/dev/null; then
      echo "portal$n did not start:" >&2
      cat "$run_dir/portal$n.log" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "portal$n ready on 127.0.0.1:$port (log: $run_dir/portal$n.log)"
done

PORTAL_BIND="127.0.0.1:$proxy_port" HAPROXY_SOCKET="$run_dir/admin.sock" \
  PORTAL_1="127.0.0.1:${ports[0]}" PORTAL_2="127.0.0.1:${ports[1]}" \
  "$haproxy_bin" -f deploy/haproxy/haproxy.cfg &
pids+=($!)
echo "Registrar Panel through HAProxy at $PUBLIC_URL"
echo "Runtime API: echo 'show stat' | socat stdio $run_dir/admin.sock  (drain one: 'set server portals/portal1 state drain')"
wait "${pids[2]}"
