#!/usr/bin/env bash
# A throwaway PostgreSQL from Debian's binaries for tests: `scripts/pg-temp.sh start DIR` runs initdb and
# pg_ctl in DIR (trust auth, 127.0.0.1 only, a free port, fsync off) and prints the server URL;
# `scripts/pg-temp.sh stop DIR` stops it. No service and no root: under root it runs as `postgres`,
# because initdb refuses root. .ci/run exports the URL as LYRA_TEST_DATABASE_URL for the test suites.
set -euo pipefail
cmd="${1:?usage: pg-temp.sh start|stop DIR}"
dir="${2:?usage: pg-temp.sh start|stop DIR}"
bin="$(dirname "$(command -v pg_ctl 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -1)")"
[ -x "$bin/initdb" ] || { echo "pg-temp: initdb/pg_ctl not found (install Debian package postgresql)" >&2; exit 1; }
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U lyra --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s \
      -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" start
    echo "postgres://lyra@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -s stop
    ;;
  *) echo "pg-temp: unknown command $cmd (start|stop)" >&2; exit 2 ;;
esac
