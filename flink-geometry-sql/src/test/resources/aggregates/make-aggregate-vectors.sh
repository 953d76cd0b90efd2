#!/bin/sh
# Makes the PostGIS vectors of the geometry aggregates, by hand, never by the build
# (PostgisAggregateConformanceTest reads the committed files). Needs a PostgreSQL server with
# PostGIS 3.3 reachable by psql; the arguments are passed to psql (e.g. -h 127.0.0.1 -p 55434
# -d geofence; ci/private-postgis.sh starts a private one). Reads aggregate-corpus.tsv and the
# Natural Earth WKT of flink-geometry-serializer's test resources; writes, next to this script:
#
# aggregate-inputs.tsv  one line per corpus row: group, ord, ts (NULL for none), and the geometry
#   as PostGIS holds it, ST_AsEWKB(g, 'NDR') in hex (NULL for NULL).
# aggregate-results.tsv  one line per group and aggregate: group, aggregate, result:
#   ST_Collect     ST_Collect(g ORDER BY ord)
#   ST_Union       ST_Union(g ORDER BY ord)
#   ST_Extent      ST_Extent(g)::geometry
#   ST_Extent::text  ST_Extent(g)::text, the box2d's text
#   ST_MakeLine    ST_MakeLine(g ORDER BY ts, ST_XMin(g), ST_YMin(g), ord) FILTER (WHERE ts IS
#                  NOT NULL): the order of the module's ST_MakeLine(g, ts), whose rows of equal
#                  ts are ordered by their coordinates
#   and one line per non-NULL row, group/ord, Box2D, Box2D(g)::text.
#
# A result is EWKB in hex (geometry), text, NULL, or 'error: ' and PostgreSQL's message.
set -eu
DIR="$(cd "$(dirname "$0")" && pwd)"
NE="$DIR/../../../../../flink-geometry-serializer/src/test/resources/natural-earth"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# the corpus with ne:<file>:<line> replaced by that line, as EWKT with SRID 4326
grep -v '^#' "$DIR/aggregate-corpus.tsv" | while IFS="$(printf '\t')" read -r grp ord ts source; do
  case "$source" in
    ne:*)
      file="${source#ne:}"; line="${file#*:}"; file="${file%%:*}"
      printf '%s\t%s\t%s\tSRID=4326;%s\n' "$grp" "$ord" "$ts" "$(sed -n "${line}p" "$NE/natural-earth-$file.wkt")" ;;
    *) printf '%s\t%s\t%s\t%s\n' "$grp" "$ord" "$ts" "$source" ;;
  esac
done > "$TMP/corpus.tsv"
chmod -R a+rX "$TMP"

TAB="$(printf '\t')"
run() { psql -X -q -A -t -F "$TAB" -v ON_ERROR_STOP=1 "$@"; }

run "$@" <<SQL
SET client_min_messages = warning;
CREATE TEMP TABLE corpus (grp text, ord int, ts text, source text);
\copy corpus from '$TMP/corpus.tsv'
CREATE TEMP TABLE rows AS
  SELECT grp, ord, CASE WHEN ts = 'NULL' THEN NULL ELSE ts::bigint END AS ts,
         CASE WHEN source = 'NULL' THEN NULL ELSE ST_GeomFromEWKT(source) END AS g
  FROM corpus;

-- one aggregate of one group, or the error PostgreSQL gives
CREATE FUNCTION pg_temp.aggregate(grp text, expression text) RETURNS text AS \$\$
DECLARE result text;
BEGIN
  EXECUTE 'SELECT ' || expression || ' FROM rows WHERE grp = \$1' INTO result USING grp;
  RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
  RETURN 'error: ' || SQLERRM;
END \$\$ LANGUAGE plpgsql;

CREATE TEMP TABLE aggregates (n int, name text, expression text);
INSERT INTO aggregates VALUES
  (1, 'ST_Collect', \$\$encode(ST_AsEWKB(ST_Collect(g ORDER BY ord), 'NDR'), 'hex')\$\$),
  (2, 'ST_Union', \$\$encode(ST_AsEWKB(ST_Union(g ORDER BY ord), 'NDR'), 'hex')\$\$),
  (3, 'ST_Extent', \$\$encode(ST_AsEWKB(ST_Extent(g)::geometry, 'NDR'), 'hex')\$\$),
  (4, 'ST_Extent::text', \$\$ST_Extent(g)::text\$\$),
  (5, 'ST_MakeLine', \$\$encode(ST_AsEWKB(ST_MakeLine(g ORDER BY ts, ST_XMin(g), ST_YMin(g), ord)
                          FILTER (WHERE ts IS NOT NULL), 'NDR'), 'hex')\$\$);

\copy (SELECT grp, ord, coalesce(ts::text, 'NULL'), coalesce(encode(ST_AsEWKB(g, 'NDR'), 'hex'), 'NULL') FROM rows ORDER BY grp, ord) to '$TMP/inputs.tsv'
\copy (SELECT grp, name, pg_temp.aggregate(grp, expression) FROM (SELECT DISTINCT grp FROM rows) r, aggregates ORDER BY grp, n) to '$TMP/results.tsv'
\copy (SELECT grp || '/' || ord, 'Box2D', coalesce(Box2D(g)::text, 'NULL') FROM rows WHERE g IS NOT NULL ORDER BY grp, ord) to '$TMP/boxes.tsv'
SQL

cp "$TMP/inputs.tsv" "$DIR/aggregate-inputs.tsv"
cat "$TMP/results.tsv" "$TMP/boxes.tsv" > "$DIR/aggregate-results.tsv"
