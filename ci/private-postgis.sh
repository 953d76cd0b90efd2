# Sourced by scripts that need a private PostgreSQL + PostGIS from the Debian packages:
#   . ci/private-postgis.sh; postgis_start 55449; psql_private -c 'SELECT 1'; (stopped on exit)
# The cluster has its own data directory under /tmp and its own port, listens on 127.0.0.1 only,
# trusts the one superuser "geofence" there, and is stopped and removed when the calling shell
# exits, on failure too. The system's cluster is never touched. Started as root, the server runs
# as the non-root user $POSTGIS_OS_USER (default flinkgeom-pg, created if missing).
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
POSTGIS_OS_USER="${POSTGIS_OS_USER:-flinkgeom-pg}"

as_server_user() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u "$POSTGIS_OS_USER" -- "$@"
  else
    "$@"
  fi
}

postgis_stop() {
  if [ -n "${PG_DATA:-}" ] && [ -f "$PG_DATA/postmaster.pid" ]; then
    as_server_user "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null || true
  fi
  [ -n "${PG_ROOT:-}" ] && rm -rf "$PG_ROOT"
  PG_DATA=
  PG_ROOT=
}

postgis_start() {
  PG_PORT="$1"
  if [ "$(id -u)" = 0 ] && ! id "$POSTGIS_OS_USER" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$POSTGIS_OS_USER"
  fi
  PG_ROOT="$(mktemp -d /tmp/flinkgeom-postgis.XXXXXX)"
  PG_DATA="$PG_ROOT/data"
  trap postgis_stop EXIT
  trap 'exit 1' INT TERM HUP
  [ "$(id -u)" = 0 ] && chown "$POSTGIS_OS_USER" "$PG_ROOT"
  as_server_user "$PG_BIN/initdb" -D "$PG_DATA" --username=geofence --auth=trust \
    --encoding=UTF8 --locale=C.UTF-8 >"$PG_ROOT/initdb.log" 2>&1 \
    || { cat "$PG_ROOT/initdb.log"; return 1; }
  as_server_user "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_ROOT/server.log" -w \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -k $PG_ROOT -c fsync=off" start >/dev/null \
    || { cat "$PG_ROOT/server.log"; return 1; }
  psql_private -d postgres -c 'CREATE DATABASE geofence' >/dev/null
  psql_private -c 'CREATE EXTENSION postgis' >/dev/null
}

# psql against the private cluster, database geofence unless -d says otherwise; stops on an error.
psql_private() {
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U geofence -d geofence "$@"
}
