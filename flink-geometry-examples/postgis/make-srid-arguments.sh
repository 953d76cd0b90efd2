#!/bin/sh
# Makes srid-arguments.tsv (flink-geometry-examples/src/test/resources/postgis/) with a real
# PostGIS, by hand, never by the build (SridArgumentsITCase reads the committed file): what PostGIS
# returns for the SRID argument of the functions that take one, NULL included, and for ISO WKB and
# EWKB given to ST_GeomFromWKB. Starts a private PostgreSQL + PostGIS (ci/private-postgis.sh, port
# $PG_PORT, default 55449). Columns: function, input (hex bytes or WKT), SRID argument ('-' for
# none, NULL), PostGIS's result as ST_AsEWKB in hex (NULL for NULL), the warning PostGIS gave (or
# empty).
set -eu
DIR="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$DIR/../.." && pwd)"
OUT="$DIR/../src/test/resources/postgis/srid-arguments.tsv"
mkdir -p "$(dirname "$OUT")"
. "$ROOT/ci/private-postgis.sh"
postgis_start "${PG_PORT:-55449}"
TAB="$(printf '\t')"

WKB="$(psql_private -A -t -c "SELECT encode(ST_AsBinary('POINT(1 2)'::geometry), 'hex')")"
EWKB="$(psql_private -A -t -c "SELECT encode(ST_AsEWKB('SRID=4326;POINT(1 2)'::geometry), 'hex')")"

row() { # function, input, srid argument, SQL of the call
  result="$(psql_private -A -t -c "SELECT coalesce(encode(ST_AsEWKB($4), 'hex'), 'NULL')" 2>"$PG_ROOT/err")"
  warning="$(sed -n 's/^WARNING:  //p' "$PG_ROOT/err" | head -1)"
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$result" "$warning"
}
{
  printf 'function\tinput\tsrid\tpostgis\twarning\n'
  row ST_GeomFromWKB "$WKB" - "ST_GeomFromWKB('\\x$WKB'::bytea)"
  row ST_GeomFromWKB "$WKB" 4326 "ST_GeomFromWKB('\\x$WKB'::bytea, 4326)"
  row ST_GeomFromWKB "$WKB" NULL "ST_GeomFromWKB('\\x$WKB'::bytea, NULL)"
  row ST_GeomFromWKB "$EWKB" - "ST_GeomFromWKB('\\x$EWKB'::bytea)"
  row ST_GeomFromWKB "$EWKB" 3857 "ST_GeomFromWKB('\\x$EWKB'::bytea, 3857)"
  row ST_GeomFromWKB "$EWKB" 0 "ST_GeomFromWKB('\\x$EWKB'::bytea, 0)"
  row ST_GeomFromWKB "$EWKB" NULL "ST_GeomFromWKB('\\x$EWKB'::bytea, NULL)"
  row ST_GeomFromEWKB "$EWKB" - "ST_GeomFromEWKB('\\x$EWKB'::bytea)"
  row ST_GeomFromText 'POINT(1 2)' - "ST_GeomFromText('POINT(1 2)')"
  row ST_GeomFromText 'POINT(1 2)' NULL "ST_GeomFromText('POINT(1 2)', NULL)"
  row ST_GeomFromText 'SRID=4326;POINT(1 2)' - "ST_GeomFromText('SRID=4326;POINT(1 2)')"
  row ST_GeomFromText 'SRID=4326;POINT(1 2)' 3857 "ST_GeomFromText('SRID=4326;POINT(1 2)', 3857)"
  row ST_GeomFromText 'SRID=4326;POINT(1 2)' NULL "ST_GeomFromText('SRID=4326;POINT(1 2)', NULL)"
  row ST_SetSRID "$EWKB" NULL "ST_SetSRID('\\x$EWKB'::bytea::geometry, NULL)"
  row ST_Point 'POINT(1 2)' NULL "ST_Point(1, 2, NULL)"
} > "$OUT"
cat "$OUT"
