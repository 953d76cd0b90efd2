#!/bin/sh
# Makes the PostGIS vectors of the geofence functions (points from numbers, accessors, predicates,
# measures), by hand, never by the build (PostgisGeofenceConformanceTest reads the committed files).
# Needs a PostgreSQL server with PostGIS 3.3 reachable by psql; the arguments are passed to psql
# (e.g. -h 127.0.0.1 -p 55439 -d geofence). Reads geofence-corpus.tsv, geofence-point-inputs.tsv
# and ../natural-earth/*.wkt; writes, next to this script:
#
# geofence-geometries.tsv  one line per corpus geometry and per point derived from a Natural Earth
#   ring (vertices and points PostGIS interpolates on edges, exterior rings and holes): n, id, group,
#   ST_AsEWKB(g, 'NDR') in hex (NULL for NULL), then the result of ST_X, ST_Y, ST_Z, ST_M,
#   ST_GeometryType, ST_NumPoints, ST_IsEmpty, ST_IsValid, ST_Envelope, ST_XMin, ST_XMax, ST_YMin,
#   ST_YMax, ST_Area, ST_Length.
# geofence-pairs.tsv  one line per pair (hand x hand, and cities, ring points, lakes, rivers and
#   countries x countries): id a, id b, then ST_Contains, ST_Within,
#   ST_Intersects, ST_Covers, ST_CoveredBy, ST_Disjoint, ST_Equals, ST_Distance, ST_DWithin at 0,
#   at 1 and at the ST_Distance of the pair.
# geofence-points.tsv  each line of geofence-point-inputs.tsv and ST_AsEWKB of the call written
#   with those literals, in hex.
#
# A result is t or f (boolean), the IEEE bits of a double in hex (float8send), EWKB in hex
# (geometry), text, NULL, or 'error: ' and PostgreSQL's message.
set -eu
DIR="$(cd "$(dirname "$0")" && pwd)"
NE="$DIR/../natural-earth"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# the corpus with ne:<file>:<line> replaced by that line, as EWKT with SRID 4326
grep -v '^#' "$DIR/geofence-corpus.tsv" | while IFS="$(printf '\t')" read -r id group source; do
  case "$source" in
    ne:*)
      file="${source#ne:}"; line="${file#*:}"; file="${file%%:*}"
      printf '%s\t%s\tSRID=4326;%s\n' "$id" "$group" "$(sed -n "${line}p" "$NE/natural-earth-$file.wkt")" ;;
    *) printf '%s\t%s\t%s\n' "$id" "$group" "$source" ;;
  esac
done > "$TMP/corpus.tsv"

# the point calls, written with the literals as they stand
grep -v '^#' "$DIR/geofence-point-inputs.tsv" | while IFS="$(printf '\t')" read -r fn x y a b; do
  args="$x, $y${a:+, $a}${b:+, $b}"
  printf "SELECT '%s', '%s', '%s', '%s', '%s', encode(ST_AsEWKB(%s(%s), 'NDR'), 'hex');\n" \
    "$fn" "$x" "$y" "$a" "$b" "$fn" "$args"
done > "$TMP/points.sql"
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

-- points on the rings of some countries: every 7th vertex, and the middle of the edge after it
CREATE TEMP TABLE rings AS
  SELECT c.id, d.path[1] AS ring, d.geom AS r
  FROM geoms c, ST_DumpRings(ST_GeometryN(c.g, 1)) d
  WHERE c.id IN ('country-Germany', 'country-South_Africa', 'country-Lesotho',
                 'country-Switzerland', 'country-Italy', 'country-Czechia', 'country-Austria');
INSERT INTO geoms (n, id, grp, g)
  SELECT 100000 + row_number() OVER (ORDER BY id, ring, k, kind), id, 'ring-point', g
  FROM (SELECT 'vertex-' || substr(id, 9) || '-ring' || ring || '-' || k AS id, ring, k, 0 AS kind,
               ST_SetSRID(ST_PointN(ST_ExteriorRing(r), k), 4326) AS g
        FROM rings, generate_series(1, ST_NPoints(r) - 1, 7) k
        UNION ALL
        SELECT 'edge-' || substr(id, 9) || '-ring' || ring || '-' || k, ring, k, 1,
               ST_SetSRID(ST_LineInterpolatePoint(
                   ST_MakeLine(ST_PointN(ST_ExteriorRing(r), k), ST_PointN(ST_ExteriorRing(r), k + 1)),
                   0.5), 4326)
        FROM rings, generate_series(1, ST_NPoints(r) - 1, 7) k) p;

CREATE TEMP TABLE pairs AS
  SELECT row_number() OVER (ORDER BY a.n, b.n) AS n, a.id AS a, b.id AS b, a.g AS ga, b.g AS gb
  FROM geoms a, geoms b
  WHERE (a.grp = 'hand' AND b.grp = 'hand')
     OR (a.grp IN ('city', 'ring-point') AND b.grp = 'country')
     OR (a.grp IN ('lake', 'river') AND b.grp = 'country')
     OR (a.grp = 'country' AND b.grp = 'country');

CREATE FUNCTION pg_temp.r(q text, a geometry, b geometry DEFAULT NULL, d float8 DEFAULT NULL)
RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE out text;
BEGIN
  EXECUTE q INTO out USING a, b, d;
  RETURN coalesce(out, 'NULL');
EXCEPTION WHEN others THEN
  RETURN 'error: ' || regexp_replace(SQLERRM, '\s+', ' ', 'g');
END \$\$;

\o $TMP/geometries.tsv
SELECT n, id, grp, coalesce(encode(ST_AsEWKB(g, 'NDR'), 'hex'), 'NULL'),
  pg_temp.r('SELECT encode(float8send(ST_X(\$1)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Y(\$1)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Z(\$1)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_M(\$1)), ''hex'')', g),
  pg_temp.r('SELECT ST_GeometryType(\$1)', g),
  pg_temp.r('SELECT ST_NumPoints(\$1)::text', g),
  pg_temp.r('SELECT ST_IsEmpty(\$1)::text', g),
  pg_temp.r('SELECT ST_IsValid(\$1)::text', g),
  pg_temp.r('SELECT encode(ST_AsEWKB(ST_Envelope(\$1), ''NDR''), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_XMin(\$1)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_XMax(\$1)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_YMin(\$1)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_YMax(\$1)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Area(\$1)), ''hex'')', g),
  pg_temp.r('SELECT encode(float8send(ST_Length(\$1)), ''hex'')', g)
FROM geoms ORDER BY n;

\o $TMP/pairs.tsv
SELECT a, b,
  pg_temp.r('SELECT ST_Contains(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT ST_Within(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT ST_Intersects(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT ST_Covers(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT ST_CoveredBy(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT ST_Disjoint(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT ST_Equals(\$1, \$2)::text', ga, gb),
  distance,
  pg_temp.r('SELECT ST_DWithin(\$1, \$2, 0)::text', ga, gb),
  pg_temp.r('SELECT ST_DWithin(\$1, \$2, 1)::text', ga, gb),
  pg_temp.r('SELECT ST_DWithin(\$1, \$2, ST_Distance(\$1, \$2))::text', ga, gb)
FROM (SELECT *, pg_temp.r('SELECT encode(float8send(ST_Distance(\$1, \$2)), ''hex'')', ga, gb)
                  AS distance
      FROM pairs) p
ORDER BY n;

\o $TMP/points.tsv
\i $TMP/points.sql
\o
SQL

VERSION="$(run "$@" -c 'SELECT postgis_lib_version() || '"'"' / GEOS '"'"' || postgis_geos_version()')"
{
  echo "# made by make-geofence-vectors.sh with PostGIS $VERSION; do not edit"
  echo "# n	id	group	ewkb	ST_X	ST_Y	ST_Z	ST_M	ST_GeometryType	ST_NumPoints	ST_IsEmpty	ST_IsValid	ST_Envelope	ST_XMin	ST_XMax	ST_YMin	ST_YMax	ST_Area	ST_Length"
  cat "$TMP/geometries.tsv"
} > "$DIR/geofence-geometries.tsv"
{
  echo "# made by make-geofence-vectors.sh with PostGIS $VERSION; do not edit"
  echo "# a	b	ST_Contains	ST_Within	ST_Intersects	ST_Covers	ST_CoveredBy	ST_Disjoint	ST_Equals	ST_Distance	ST_DWithin(a, b, 0)	ST_DWithin(a, b, 1)	ST_DWithin(a, b, ST_Distance(a, b))"
  cat "$TMP/pairs.tsv"
} > "$DIR/geofence-pairs.tsv"
{
  echo "# made by make-geofence-vectors.sh with PostGIS $VERSION; do not edit"
  echo "# function	x	y	third	fourth	ST_AsEWKB of the call, hex"
  cat "$TMP/points.tsv"
} > "$DIR/geofence-points.tsv"
