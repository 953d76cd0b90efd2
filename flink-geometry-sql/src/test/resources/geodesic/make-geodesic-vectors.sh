#!/bin/sh
# Makes the PostGIS vectors of the geodesic functions (meters on the sphere and the spheroid), by
# hand, never by the build (PostgisGeodesicConformanceTest reads the committed files). Needs a
# PostgreSQL server with PostGIS 3.3 reachable by psql; the arguments are passed to psql (e.g.
# -h 127.0.0.1 -p 55432 -d geodesic). Reads geodesic-corpus.tsv and the Natural Earth files of
# flink-geometry-serializer's test resources; writes, next to this script:
#
# geodesic-geometries.tsv  one line per corpus geometry: n, id, group, ST_AsEWKB(g, 'NDR') in hex
#   (NULL for NULL), then ST_Length(g::geography, true), ST_Length(g::geography, false),
#   ST_Area(g::geography, true), ST_Area(g::geography, false), ST_Perimeter(g::geography, true),
#   ST_Perimeter(g::geography, false), ST_Perimeter(g).
# geodesic-pairs.tsv  one line per pair (hand x hand; cities, lakes and rivers x
#   countries; GPS fixes x depots and x the Berlin block): id a, id b, then ST_DistanceSphere(a, b),
#   ST_DistanceSphere(a, b, 6371008), ST_DistanceSpheroid(a, b), ST_DistanceSpheroid(a, b,
#   'SPHEROID["GRS 1980",6378137,298.257222101]'), ST_Distance(a::geography, b::geography, true),
#   the same with false, ST_DWithin(a::geography, b::geography, 500, true), the same with false,
#   ST_DWithin(a::geography, b::geography, ST_Distance(a::geography, b::geography, true), true).
#
# A result is t or f (boolean), the IEEE bits of a double in hex (float8send), NULL, or 'error: '
# and PostgreSQL's message. Each call is its own EXECUTE, so no call reuses PostGIS's per-statement
# caches (the circle trees of geography_distance_cache), as a single call in a query would not.
set -eu
DIR="$(cd "$(dirname "$0")" && pwd)"
NE="$DIR/../../../../../flink-geometry-serializer/src/test/resources/natural-earth"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

grep -v '^#' "$DIR/geodesic-corpus.tsv" | while IFS="$(printf '\t')" read -r id group source; do
  case "$source" in
    ne:*)
      file="${source#ne:}"; line="${file#*:}"; file="${file%%:*}"
      printf '%s\t%s\tSRID=4326;%s\n' "$id" "$group" "$(sed -n "${line}p" "$NE/natural-earth-$file.wkt")" ;;
    *) printf '%s\t%s\t%s\n' "$id" "$group" "$source" ;;
  esac
done > "$TMP/corpus.tsv"
chmod -R a+rX "$TMP"

TAB="$(printf '\t')"
run() { psql -X -q -A -t -F "$TAB" -v ON_ERROR_STOP=1 "$@"; }

run "$@" > "$TMP/out.tsv" <<SQL
SET client_min_messages = warning;
CREATE TEMP TABLE corpus (n serial, id text, grp text, source text);
\copy corpus (id, grp, source) from '$TMP/corpus.tsv'
CREATE TEMP TABLE geoms AS
  SELECT n, id, grp, CASE WHEN source = 'NULL' THEN NULL ELSE ST_GeomFromEWKT(source) END AS g
  FROM corpus;

CREATE TEMP TABLE pairs AS
  SELECT row_number() OVER (ORDER BY a.n, b.n) AS n, a.id AS a, b.id AS b, a.g AS ga, b.g AS gb
  FROM geoms a, geoms b
  WHERE (a.grp = 'hand' AND b.grp = 'hand')
     OR (a.grp IN ('city', 'lake', 'river') AND b.grp = 'country')
     OR (a.grp = 'fix' AND (b.grp = 'depot' OR b.id = 'polygon-berlin-block'));

CREATE FUNCTION pg_temp.r(q text, a geometry, b geometry DEFAULT NULL)
RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE out text;
BEGIN
  EXECUTE q INTO out USING a, b;
  RETURN coalesce(out, 'NULL');
EXCEPTION WHEN others THEN
  RETURN 'error: ' || regexp_replace(SQLERRM, '\s+', ' ', 'g');
END \$\$;

\o $TMP/geometries.tsv
SELECT n, id, grp, coalesce(encode(ST_AsEWKB(g, 'NDR'), 'hex'), 'NULL'),
  pg_temp.r('SELECT encode(float8send(ST_Length(\$1::geography, true)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Length(\$1::geography, false)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Area(\$1::geography, true)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Area(\$1::geography, false)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Perimeter(\$1::geography, true)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Perimeter(\$1::geography, false)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Perimeter(\$1)), ''hex'')', g)
FROM geoms ORDER BY n;

\o $TMP/pairs.tsv
SELECT a, b,
  pg_temp.r('SELECT encode(float8send(ST_DistanceSphere(\$1, \$2)), ''hex'')', ga, gb),
  pg_temp.r('SELECT encode(float8send(ST_DistanceSphere(\$1, \$2, 6371008)), ''hex'')', ga, gb),
  pg_temp.r('SELECT encode(float8send(ST_DistanceSpheroid(\$1, \$2)), ''hex'')', ga, gb),
  pg_temp.r('SELECT encode(float8send(ST_DistanceSpheroid(\$1, \$2,'
            || ' ''SPHEROID["GRS 1980",6378137,298.257222101]'')), ''hex'')', ga, gb),
  pg_temp.r('SELECT encode(float8send(ST_Distance(\$1::geography, \$2::geography, true)), ''hex'')', ga, gb),
  pg_temp.r('SELECT encode(float8send(ST_Distance(\$1::geography, \$2::geography, false)), ''hex'')', ga, gb),
  pg_temp.r('SELECT ST_DWithin(\$1::geography, \$2::geography, 500, true)::text', ga, gb),
  pg_temp.r('SELECT ST_DWithin(\$1::geography, \$2::geography, 500, false)::text', ga, gb),
  pg_temp.r('SELECT ST_DWithin(\$1::geography, \$2::geography,'
            || ' ST_Distance(\$1::geography, \$2::geography, true), true)::text', ga, gb)
FROM pairs ORDER BY n;
\o
SQL

VERSION="$(run "$@" -c 'SELECT postgis_lib_version() || '"'"' / PROJ '"'"' || postgis_proj_version()')"
{
  echo "# made by make-geodesic-vectors.sh with PostGIS $VERSION; do not edit"
  echo "# n	id	group	ewkb	ST_Length(geog, true)	ST_Length(geog, false)	ST_Area(geog, true)	ST_Area(geog, false)	ST_Perimeter(geog, true)	ST_Perimeter(geog, false)	ST_Perimeter(g)"
  cat "$TMP/geometries.tsv"
} > "$DIR/geodesic-geometries.tsv"
{
  echo "# made by make-geodesic-vectors.sh with PostGIS $VERSION; do not edit"
  echo "# a	b	ST_DistanceSphere(a, b)	ST_DistanceSphere(a, b, 6371008)	ST_DistanceSpheroid(a, b)	ST_DistanceSpheroid(a, b, GRS 1980)	ST_Distance(geog, geog, true)	ST_Distance(geog, geog, false)	ST_DWithin(geog, geog, 500, true)	ST_DWithin(geog, geog, 500, false)	ST_DWithin(geog, geog, ST_Distance(geog, geog, true), true)"
  cat "$TMP/pairs.tsv"
} > "$DIR/geodesic-pairs.tsv"
