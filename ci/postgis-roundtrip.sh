#!/bin/sh
# The PostGIS round trip of the geofence example (GeofenceSqlJob), end to end, against a private
# PostgreSQL + PostGIS from the Debian packages (ci/private-postgis.sh: its own data directory under
# /tmp, port $POSTGIS_PORT (default 55449), 127.0.0.1 only, stopped at the end, on failure too; as
# a non-root user when started as root). Not part of `mvn -B verify`, which needs no database.
#
#   1. loads the zones: replays the committed Debezium change events into a PostGIS table, each
#      geometry from its event's wkb;
#   2. runs GeofenceSqlJob --jdbc-url ...: the job reads the same events and the GeoJSON fixes,
#      writes its entries (ST_AsEWKB of the fix into a geometry(Point,4326) column) and the zones
#      (into a geometry(Geometry,4326) column) through Flink's JDBC connector, and reads the entries
#      back through it;
#   3. compares: the bytes PostGIS holds (ST_AsEWKB) with the bytes the job wrote; the entries read
#      back with the entries written; the zones written with the zones' bytes in the change events;
#      the entries with PostGIS's own answer (ST_Contains of the same fixes and zones).
# Exits non-zero on any difference. Needs JDK 17, Maven and the Debian packages postgresql-15 and
# postgresql-15-postgis-3.
set -eu
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DATA="$ROOT/flink-geometry-examples/src/main/resources/geofence"
. "$ROOT/ci/private-postgis.sh"
postgis_start "${POSTGIS_PORT:-55449}"
WORK="$PG_ROOT/roundtrip"
mkdir -p "$WORK"
TAB="$(printf '\t')"
q() { psql_private -A -t -F "$TAB" "$@"; }

echo "PostGIS: $(q -c 'SELECT postgis_lib_version()'), PostgreSQL $(q -c 'SHOW server_version')," \
  "port $PG_PORT, data in $PG_DATA"

psql_private <<SQL
SET client_min_messages = warning;
CREATE TABLE events (n serial PRIMARY KEY, event json NOT NULL);
\copy events (event) from '$DATA/zone-events.json'
CREATE TABLE fixes (n serial PRIMARY KEY, fix json NOT NULL);
\copy fixes (fix) from '$DATA/fixes.geojsonl'

-- the zones as the changelog leaves them, each geometry from its event's bytes
CREATE TABLE zones (id int PRIMARY KEY, name text NOT NULL, wkb bytea NOT NULL,
                    geom geometry(Geometry, 4326) NOT NULL);
DO \$\$
DECLARE e json; row json;
BEGIN
  FOR e IN SELECT event FROM events ORDER BY n LOOP
    row := CASE WHEN e->>'op' = 'd' THEN e->'before' ELSE e->'after' END;
    IF e->>'op' = 'd' THEN
      DELETE FROM zones WHERE id = (row->>'id')::int;
    ELSE
      INSERT INTO zones VALUES ((row->>'id')::int, row->>'name',
          decode(row->'geom'->>'wkb', 'base64'), decode(row->'geom'->>'wkb', 'base64')::geometry)
        ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, wkb = EXCLUDED.wkb, geom = EXCLUDED.geom;
    END IF;
  END LOOP;
END \$\$;

-- what the job writes into, and the view it reads back from
CREATE TABLE zone_entries (vehicle text, zone text, seq int, position geometry(Point, 4326),
                           PRIMARY KEY (vehicle, zone));
CREATE TABLE zones_copy (id int PRIMARY KEY, name text, geom geometry(Geometry, 4326));
CREATE VIEW zone_entries_ewkb AS
  SELECT vehicle, zone, seq, ST_AsEWKB(position) AS ewkb FROM zone_entries;
SQL
echo "loaded $(q -c 'SELECT count(*) FROM events') change events: $(q -c 'SELECT count(*) FROM zones') zones;" \
  "$(q -c 'SELECT count(*) FROM fixes') fixes"

URL="jdbc:postgresql://127.0.0.1:$PG_PORT/geofence?user=geofence"
# (the formatting check belongs to `mvn verify`, not to this round trip)
(cd "$ROOT" && mvn -B -q -pl flink-geometry-examples -am compile exec:exec \
  -Dspotless.check.skip=true -Dexample.mainClass=dev.flinkgeometry.examples.GeofenceSqlJob \
  "-Dexample.args=--jdbc-url $URL") > "$WORK/job.out" 2> "$WORK/job.err" \
  || { cat "$WORK/job.out" "$WORK/job.err"; echo "FAILED: the job failed"; exit 1; }

grep "^entry$TAB" "$WORK/job.out" | cut -f 2- | sort > "$WORK/written.tsv"
grep "^read$TAB" "$WORK/job.out" | cut -f 2- | sort > "$WORK/read.tsv"
cut -f 1,2,3,5 "$WORK/written.tsv" > "$WORK/written-bytes.tsv"
q -c "SELECT vehicle, zone, seq, encode(ST_AsEWKB(position), 'hex') FROM zone_entries" \
  | sort > "$WORK/held.tsv"
q > "$WORK/postgis-entries.tsv" <<'SQL'
SELECT DISTINCT ON (f.fix->>'vehicle', z.name) f.fix->>'vehicle', z.name, (f.fix->>'seq')::int,
       encode(ST_AsEWKB(ST_GeomFromGeoJSON(f.fix->>'position')), 'hex')
FROM fixes f JOIN zones z ON ST_Contains(z.geom, ST_GeomFromGeoJSON(f.fix->>'position'))
ORDER BY f.fix->>'vehicle', z.name, (f.fix->>'seq')::int
SQL
sort -o "$WORK/postgis-entries.tsv" "$WORK/postgis-entries.tsv"

failed=0
check() { # description, expected file, actual file
  if [ -s "$2" ] && cmp -s "$2" "$3"; then
    echo "identical: $1 ($(wc -l < "$2") lines)"
  else
    echo "DIFFERENT: $1"; diff "$2" "$3" || true; failed=1
  fi
}
check "entries in PostGIS (ST_AsEWKB of the geometry column) = the bytes the job wrote" \
  "$WORK/written-bytes.tsv" "$WORK/held.tsv"
check "entries read back through the JDBC connector = the entries written" \
  "$WORK/written.tsv" "$WORK/read.tsv"
check "entries = PostGIS's ST_Contains of the same fixes and zones, first fix of each" \
  "$WORK/postgis-entries.tsv" "$WORK/held.tsv"
q -c "SELECT id, name, encode(wkb, 'hex') FROM zones" | sort > "$WORK/zones.tsv"
q -c "SELECT id, name, encode(ST_AsEWKB(geom), 'hex') FROM zones_copy" | sort > "$WORK/zones-copy.tsv"
check "zones written by the job into PostGIS = the wkb of the change events" \
  "$WORK/zones.tsv" "$WORK/zones-copy.tsv"
echo "position column: $(q -c "SELECT format_type(atttypid, atttypmod) FROM pg_attribute
  WHERE attrelid = 'zone_entries'::regclass AND attname = 'position'");" \
  "bytea to geometry cast: $(q -c "SELECT CASE castcontext WHEN 'i' THEN 'implicit'
  WHEN 'a' THEN 'on assignment' ELSE 'explicit' END || ', by ' || castfunc::regprocedure
  FROM pg_cast WHERE castsource = 'bytea'::regtype AND casttarget = 'geometry'::regtype")"

if [ "$failed" = 0 ]; then echo "PASSED"; else echo "FAILED"; exit 1; fi
