#!/bin/sh
# Makes the PostGIS TWKB test vectors, by hand (never by the build: it needs a PostgreSQL server with
# PostGIS 3). Reads twkb-corpus.tsv and our-twkb.tsv next to this script, writes twkb-vectors.tsv and
# our-twkb-read-by-postgis.tsv there.
#
#   sudo -u postgres createdb twkbvectors
#   sudo -u postgres psql -d twkbvectors -c 'CREATE EXTENSION postgis'
#   sudo -u postgres sh make-twkb-vectors.sh twkbvectors
#
# twkb-vectors.tsv, one line per corpus line: id, srid, the input WKT, xy, z, m,
#   ST_AsTWKB(g, xy, z, m) in hex, whether PostGIS kept the structure (the WKT of
#   ST_GeomFromTWKB(twkb) with every number replaced by n equals the input's: no point and no empty
#   member dropped), and ST_AsText(ST_GeomFromTWKB(twkb)) (ISO WKT, shortest round-trip numbers).
# our-twkb-read-by-postgis.tsv: each line of our-twkb.tsv (id, WKT, xy, z, m, our TWKB in hex, as
#   TwkbWriter writes it; PostgisTwkbVectorsTest checks that it still does), and the ISO WKT that
#   ST_GeomFromTWKB reads from our bytes.
set -eu
DB="${1:-twkbvectors}"
DIR="$(cd "$(dirname "$0")" && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
grep -v '^#' "$DIR/twkb-corpus.tsv" > "$TMP/corpus.tsv" || true
grep -v '^#' "$DIR/our-twkb.tsv" > "$TMP/ours.tsv" || true
chmod -R a+rX "$TMP"

psql -X -q -A -t -F "$(printf '\t')" -v ON_ERROR_STOP=1 -d "$DB" > "$TMP/vectors.tsv" <<SQL
CREATE TEMP TABLE corpus (n serial, id text, srid int, wkt text, xy int, z int, m int);
\copy corpus (id, srid, wkt, xy, z, m) from '$TMP/corpus.tsv'
SELECT id, srid, wkt, xy, z, m, encode(twkb, 'hex'),
       regexp_replace(ST_AsText(back), '[-0-9.e]+', 'n', 'g')
           = regexp_replace(ST_AsText(g), '[-0-9.e]+', 'n', 'g'),
       ST_AsText(back)
FROM (SELECT n, id, srid, wkt, xy, z, m, g, twkb, ST_GeomFromTWKB(twkb) AS back
      FROM (SELECT *, ST_AsTWKB(g, xy, z, m) AS twkb
            FROM (SELECT *, ST_SetSRID(ST_GeomFromText(wkt), srid) AS g FROM corpus) c) t) u
ORDER BY n;
SQL

psql -X -q -A -t -F "$(printf '\t')" -v ON_ERROR_STOP=1 -d "$DB" > "$TMP/ours-read.tsv" <<SQL
CREATE TEMP TABLE ours (n serial, id text, wkt text, xy int, z int, m int, twkb text);
\copy ours (id, wkt, xy, z, m, twkb) from '$TMP/ours.tsv'
SELECT id, wkt, xy, z, m, twkb, ST_AsText(ST_GeomFromTWKB(decode(twkb, 'hex')))
FROM ours ORDER BY n;
SQL

VERSION="$(psql -X -A -t -d "$DB" -c 'SELECT postgis_lib_version()')"
{
  echo "# made by make-twkb-vectors.sh with PostGIS $VERSION"
  echo "# id	srid	wkt	xy	z	m	twkb	structure_kept	read_back"
  cat "$TMP/vectors.tsv"
} > "$DIR/twkb-vectors.tsv"
{
  echo "# made by make-twkb-vectors.sh with PostGIS $VERSION"
  echo "# id	wkt	xy	z	m	our_twkb	read_by_postgis"
  cat "$TMP/ours-read.tsv"
} > "$DIR/our-twkb-read-by-postgis.tsv"
