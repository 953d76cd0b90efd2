#!/bin/sh
# Makes the PostGIS vectors of the processing functions (ST_Buffer, ST_Centroid, ST_PointOnSurface,
# ST_ConvexHull, ST_Simplify, ST_SimplifyPreserveTopology, ST_GeoHash, ST_Transform, ST_MakeEnvelope,
# ST_Touches, ST_Crosses, ST_Overlaps, ST_Azimuth, ST_ClosestPoint), by hand, never by the build
# (PostgisProcessingConformanceTest reads the committed files). Needs a PostgreSQL server with
# PostGIS 3.3 reachable by psql; the arguments are passed to psql (e.g. -h 127.0.0.1 -p 55435 -d
# geofence). Reads ../../../../../flink-geometry-serializer/src/test/resources/postgis/
# geofence-geometries.tsv and geofence-pairs.tsv (the geofence corpus, as PostGIS's EWKB) and
# processing-corpus.tsv next to this script; writes, next to this script:
#
# processing-geometries.tsv  one line per geometry: n, id, group, ST_AsEWKB(g, 'NDR') in hex, the
#   buffer radius r and the simplification tolerances t1, t2 used on that line (IEEE bits; scaled to
#   the geometry's units: 0.5 / 0.1 / 1 for the geofence corpus, 0.0005 / 0.0001 / 0.001 for the
#   degrees of processing-corpus.tsv, 50 / 10 / 100 for its meters), the UTM code of its box centre,
#   ST_IsValid(g),
#   then ST_Centroid, ST_PointOnSurface, ST_ConvexHull, ST_Buffer(g, r), ST_Buffer(g, r, 2),
#   ST_Buffer(g, r, 'endcap=flat join=mitre mitre_limit=2'), ST_Buffer(g, r, 'endcap=square
#   join=bevel quad_segs=3'), ST_Buffer(g, r, 'side=left'), ST_Buffer(g, r, 'side=right join=mitre'),
#   ST_Buffer(g, -r / 5), ST_Simplify(g, t1), ST_Simplify(g, t2), ST_Simplify(g, t2, true),
#   ST_Simplify(g, 0), ST_SimplifyPreserveTopology(g, t1), ST_SimplifyPreserveTopology(g, t2),
#   ST_GeoHash(g), ST_GeoHash(g, 5), ST_GeoHash(g, 12), ST_Transform(g, 3857), ST_Transform(g, utm),
#   ST_Transform(g, 4326). Buffers of geometries of more than 400 points are not made ('skip').
# processing-pairs.tsv  one line per pair (the geofence pairs, the pairs of processing-corpus.tsv,
#   and every city against every 5th city): id a, id b, then ST_Touches, ST_Crosses, ST_Overlaps,
#   ST_ClosestPoint, ST_Azimuth.
# processing-transform.tsv  points of a grid (longitudes -180..180 by 9, latitudes -80..84 by 8):
#   the point (SRID 4326) in hex EWKB, a target code (3857, the point's UTM zone, the next zone
#   east), the result in hex EWKB; then the same for the way back (PostGIS's result to 4326).
# processing-envelopes.tsv  ST_MakeEnvelope calls written with the literals: xmin, ymin, xmax,
#   ymax, srid (empty: the four-argument form), the result in hex EWKB.
# processing-srs.tsv  srid, auth_name, auth_srid, proj4text of spatial_ref_sys for 4326, 3857 and
#   the UTM zones 32601..32660 and 32701..32760.
#
# A result is t or f (boolean), the IEEE bits of a double in hex (float8send), EWKB in hex
# (geometry), text, NULL, or 'error: ' and PostgreSQL's message.
set -eu
DIR="$(cd "$(dirname "$0")" && pwd)"
PG="$DIR/../../../../../flink-geometry-serializer/src/test/resources/postgis"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

grep -v '^#' "$PG/geofence-geometries.tsv" | cut -f1-4 > "$TMP/geofence.tsv"
grep -v '^#' "$PG/geofence-pairs.tsv" | cut -f1-2 > "$TMP/geofence-pairs.tsv"
grep -v '^#' "$DIR/processing-corpus.tsv" > "$TMP/corpus.tsv"
cat > "$TMP/envelopes.tsv" <<'EOF'
0	0	1	1	
0	0	1	1	4326
13.377704	52.516275	13.392201	52.518831	4326
-180	-90	180	90	4326
10.1	-3.3	-7.25	12.5	
1.5	1.5	1.5	1.5	3857
-0.0	0.1	0.30000000000000004	0.7	
389000	5819000	389600.5	5819180.25	32633
0	0	1	1	0
EOF
chmod -R a+rX "$TMP"

TAB="$(printf '\t')"
run() { psql -X -q -A -t -F "$TAB" -v ON_ERROR_STOP=1 "$@"; }

run "$@" > "$TMP/out.tsv" <<SQL
SET client_min_messages = warning;
CREATE TEMP TABLE geofence (n int, id text, grp text, ewkb text);
\copy geofence from '$TMP/geofence.tsv'
CREATE TEMP TABLE corpus (n serial, id text, grp text, source text);
\copy corpus (id, grp, source) from '$TMP/corpus.tsv'
CREATE TEMP TABLE geoms AS
  SELECT n, id, grp,
         CASE WHEN ewkb = 'NULL' THEN NULL ELSE ST_GeomFromEWKB(decode(ewkb, 'hex')) END AS g,
         0.5::float8 AS r, 0.1::float8 AS t1, 1::float8 AS t2
  FROM geofence
  UNION ALL
  SELECT 1000 + n, id, grp, ST_GeomFromEWKT(source),
         CASE WHEN ST_SRID(ST_GeomFromEWKT(source)) = 4326 THEN 0.0005 ELSE 50 END,
         CASE WHEN ST_SRID(ST_GeomFromEWKT(source)) = 4326 THEN 0.0001 ELSE 10 END,
         CASE WHEN ST_SRID(ST_GeomFromEWKT(source)) = 4326 THEN 0.001 ELSE 100 END
  FROM corpus;
ALTER TABLE geoms ADD COLUMN utm int;
UPDATE geoms SET utm = CASE WHEN ST_Y(c) >= 0 THEN 32600 ELSE 32700 END
                       + least(60, greatest(1, floor((ST_X(c) + 180) / 6)::int + 1))
  FROM (SELECT n AS cn, ST_Centroid(ST_Envelope(g)) AS c FROM geoms
        WHERE g IS NOT NULL AND NOT ST_IsEmpty(g)) c
  WHERE n = cn;

CREATE TEMP TABLE pairs AS
  SELECT row_number() OVER (ORDER BY k, a.n, b.n) AS n, a.id AS a, b.id AS b, a.g AS ga, b.g AS gb
  FROM (SELECT 1 AS k, a, b FROM (SELECT * FROM (SELECT
          split_part(line, E'\t', 1) AS a, split_part(line, E'\t', 2) AS b FROM
          regexp_split_to_table(pg_read_file('$TMP/geofence-pairs.tsv'), E'\n') line) p
          WHERE a <> '') p
        UNION ALL
        SELECT 2, a.id, b.id FROM geoms a, geoms b WHERE a.n BETWEEN 1001 AND 1999 AND b.n BETWEEN 1001 AND 1999
        UNION ALL
        SELECT 3, a.id, b.id FROM geoms a, geoms b
        WHERE a.grp = 'city' AND b.grp = 'city' AND b.n % 5 = 0) p
  JOIN geoms a ON a.id = p.a JOIN geoms b ON b.id = p.b;

CREATE FUNCTION pg_temp.r(q text, a geometry, b geometry DEFAULT NULL, d float8 DEFAULT NULL,
                          e float8 DEFAULT NULL, i int DEFAULT NULL)
RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE out text;
BEGIN
  EXECUTE q INTO out USING a, b, d, e, i;
  RETURN coalesce(out, 'NULL');
EXCEPTION WHEN others THEN
  RETURN 'error: ' || regexp_replace(SQLERRM, '\s+', ' ', 'g');
END \$\$;
CREATE FUNCTION pg_temp.hex(g geometry) RETURNS text LANGUAGE sql AS
  \$\$ SELECT encode(ST_AsEWKB(g, 'NDR'), 'hex') \$\$;
CREATE FUNCTION pg_temp.bits(d float8) RETURNS text LANGUAGE sql AS
  \$\$ SELECT encode(float8send(d), 'hex') \$\$;

\o $TMP/geometries.tsv
SELECT n, id, grp, coalesce(pg_temp.hex(g), 'NULL'), pg_temp.bits(r), pg_temp.bits(t1),
  pg_temp.bits(t2), coalesce(utm::text, 'NULL'), pg_temp.r('SELECT ST_IsValid(\$1)::text', g),
  pg_temp.r('SELECT pg_temp.hex(ST_Centroid(\$1))', g),
  pg_temp.r('SELECT pg_temp.hex(ST_PointOnSurface(\$1))', g),
  pg_temp.r('SELECT pg_temp.hex(ST_ConvexHull(\$1))', g),
  CASE WHEN big THEN 'skip' ELSE pg_temp.r('SELECT pg_temp.hex(ST_Buffer(\$1, \$3))', g, NULL, r) END,
  CASE WHEN big THEN 'skip' ELSE pg_temp.r('SELECT pg_temp.hex(ST_Buffer(\$1, \$3, 2))', g, NULL, r) END,
  CASE WHEN big THEN 'skip' ELSE pg_temp.r('SELECT pg_temp.hex(ST_Buffer(\$1, \$3, ''endcap=flat join=mitre mitre_limit=2''))', g, NULL, r) END,
  CASE WHEN big THEN 'skip' ELSE pg_temp.r('SELECT pg_temp.hex(ST_Buffer(\$1, \$3, ''endcap=square join=bevel quad_segs=3''))', g, NULL, r) END,
  CASE WHEN big THEN 'skip' ELSE pg_temp.r('SELECT pg_temp.hex(ST_Buffer(\$1, \$3, ''side=left''))', g, NULL, r) END,
  CASE WHEN big THEN 'skip' ELSE pg_temp.r('SELECT pg_temp.hex(ST_Buffer(\$1, \$3, ''side=right join=mitre''))', g, NULL, r) END,
  CASE WHEN big THEN 'skip' ELSE pg_temp.r('SELECT pg_temp.hex(ST_Buffer(\$1, -\$3 / 5))', g, NULL, r) END,
  pg_temp.r('SELECT pg_temp.hex(ST_Simplify(\$1, \$3))', g, NULL, t1),
  pg_temp.r('SELECT pg_temp.hex(ST_Simplify(\$1, \$3))', g, NULL, t2),
  pg_temp.r('SELECT pg_temp.hex(ST_Simplify(\$1, \$3, true))', g, NULL, t2),
  pg_temp.r('SELECT pg_temp.hex(ST_Simplify(\$1, 0))', g),
  pg_temp.r('SELECT pg_temp.hex(ST_SimplifyPreserveTopology(\$1, \$3))', g, NULL, t1),
  pg_temp.r('SELECT pg_temp.hex(ST_SimplifyPreserveTopology(\$1, \$3))', g, NULL, t2),
  pg_temp.r('SELECT ST_GeoHash(\$1)', g),
  pg_temp.r('SELECT ST_GeoHash(\$1, 5)', g),
  pg_temp.r('SELECT ST_GeoHash(\$1, 12)', g),
  pg_temp.r('SELECT pg_temp.hex(ST_Transform(\$1, 3857))', g),
  pg_temp.r('SELECT pg_temp.hex(ST_Transform(\$1, \$5))', g, NULL, NULL, NULL, utm),
  pg_temp.r('SELECT pg_temp.hex(ST_Transform(\$1, 4326))', g)
FROM (SELECT *, coalesce(ST_NPoints(g) > 400, false) AS big FROM geoms) g ORDER BY n;

\o $TMP/pairs.tsv
SELECT a, b,
  pg_temp.r('SELECT ST_Touches(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT ST_Crosses(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT ST_Overlaps(\$1, \$2)::text', ga, gb),
  pg_temp.r('SELECT pg_temp.hex(ST_ClosestPoint(\$1, \$2))', ga, gb),
  pg_temp.r('SELECT pg_temp.bits(ST_Azimuth(\$1, \$2))', ga, gb)
FROM pairs ORDER BY n;

\o $TMP/transform.tsv
WITH grid AS (
  SELECT ST_SetSRID(ST_MakePoint(x, y), 4326) AS p, x, y,
         CASE WHEN y >= 0 THEN 32600 ELSE 32700 END
           + least(60, greatest(1, floor((x + 180) / 6)::int + 1)) AS zone
  FROM generate_series(-180, 180, 9) x, generate_series(-80, 84, 8) y),
targets AS (
  SELECT p, 3857 AS target FROM grid
  UNION ALL SELECT p, zone FROM grid
  UNION ALL SELECT p, CASE WHEN zone % 100 = 60 THEN zone - 59 ELSE zone + 1 END FROM grid),
forth AS (
  SELECT p, target, pg_temp.r('SELECT pg_temp.hex(ST_Transform(\$1, \$5))', p, NULL, NULL, NULL, target) AS q
  FROM targets)
SELECT pg_temp.hex(p), target, q FROM forth
UNION ALL
SELECT q, 4326, pg_temp.r('SELECT pg_temp.hex(ST_Transform(\$1, 4326))', ST_GeomFromEWKB(decode(q, 'hex')))
FROM forth WHERE q NOT LIKE 'error%';

\o $TMP/envelopes-out.tsv
CREATE TEMP TABLE envelopes (x0 text, y0 text, x1 text, y1 text, srid text);
\copy envelopes from '$TMP/envelopes.tsv'
SELECT x0, y0, x1, y1, srid,
  pg_temp.hex(CASE WHEN srid = ''
    THEN ST_MakeEnvelope(x0::float8, y0::float8, x1::float8, y1::float8)
    ELSE ST_MakeEnvelope(x0::float8, y0::float8, x1::float8, y1::float8, srid::int) END)
FROM envelopes;

\o $TMP/srs.tsv
SELECT srid, auth_name, auth_srid, proj4text FROM spatial_ref_sys
WHERE srid IN (4326, 3857) OR srid BETWEEN 32601 AND 32660 OR srid BETWEEN 32701 AND 32760
ORDER BY srid;
\o
SQL

VERSION="$(run "$@" -c 'SELECT postgis_lib_version() || '"'"' / GEOS '"'"' || postgis_geos_version() || '"'"' / PROJ '"'"' || postgis_proj_version()')"
HEAD="# made by make-processing-vectors.sh with PostGIS $VERSION; do not edit"
{
  echo "$HEAD"
  echo "# n	id	group	ewkb	r	t1	t2	utm	ST_IsValid	ST_Centroid	ST_PointOnSurface	ST_ConvexHull	ST_Buffer(g, r)	ST_Buffer(g, r, 2)	ST_Buffer(g, r, 'endcap=flat join=mitre mitre_limit=2')	ST_Buffer(g, r, 'endcap=square join=bevel quad_segs=3')	ST_Buffer(g, r, 'side=left')	ST_Buffer(g, r, 'side=right join=mitre')	ST_Buffer(g, -r / 5)	ST_Simplify(g, t1)	ST_Simplify(g, t2)	ST_Simplify(g, t2, true)	ST_Simplify(g, 0)	ST_SimplifyPreserveTopology(g, t1)	ST_SimplifyPreserveTopology(g, t2)	ST_GeoHash(g)	ST_GeoHash(g, 5)	ST_GeoHash(g, 12)	ST_Transform(g, 3857)	ST_Transform(g, utm)	ST_Transform(g, 4326)"
  cat "$TMP/geometries.tsv"
} > "$DIR/processing-geometries.tsv"
{
  echo "$HEAD"
  echo "# a	b	ST_Touches	ST_Crosses	ST_Overlaps	ST_ClosestPoint	ST_Azimuth"
  cat "$TMP/pairs.tsv"
} > "$DIR/processing-pairs.tsv"
{
  echo "$HEAD"
  echo "# point	target srid	ST_Transform(point, target)"
  cat "$TMP/transform.tsv"
} > "$DIR/processing-transform.tsv"
{
  echo "$HEAD"
  echo "# xmin	ymin	xmax	ymax	srid	ST_MakeEnvelope"
  cat "$TMP/envelopes-out.tsv"
} > "$DIR/processing-envelopes.tsv"
{
  echo "$HEAD"
  echo "# srid	auth_name	auth_srid	proj4text"
  cat "$TMP/srs.tsv"
} > "$DIR/processing-srs.tsv"
