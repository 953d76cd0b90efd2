#!/bin/sh
# Makes the input files of GeofenceSqlJob with a real PostGIS, by hand, never by the build (the job
# and its tests read the committed files). Starts a private PostgreSQL + PostGIS (ci/private-postgis.sh,
# port $PG_PORT, default 55449), changes a zones table, and writes next to the job's resources:
#
# zone-events.json  the changes of the zones table as Debezium's PostgreSQL connector writes them
#   with its JSON converter (schemas off): one event per line, "before", "after", "source", "op"
#   (c, u, d), "ts_ms"; the geometry column as Debezium's struct {"wkb": ..., "srid": ...}, wkb the
#   EWKB PostGIS sends for the value (its text output, hex decoded; checked equal to ST_AsEWKB),
#   base64 as Debezium's JSON converter writes BYTES. Update and delete events carry the full
#   "before" (REPLICA IDENTITY FULL, which Flink's debezium-json format needs).
# fixes.geojsonl  vehicle fixes, one JSON object per line: vehicle, seq, and the position as
#   PostGIS's ST_AsGeoJSON of points interpolated along each vehicle's route.
#
# Zones: 8 Natural Earth 1:110m countries (../src/main/resources/natural-earth-countries-110m.wkt)
# and a hand-made box around central Paris; the box is enlarged, Spain deleted, Poland added,
# and a box around Munich added and deleted again.
set -eu
DIR="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$DIR/../.." && pwd)"
OUT="$DIR/../src/main/resources/geofence"
WKT="$DIR/../src/main/resources/natural-earth-countries-110m.wkt"
. "$ROOT/ci/private-postgis.sh"
postgis_start "${PG_PORT:-55449}"

country() { printf "SRID=4326;%s" "$(sed -n "$1p" "$WKT")"; }

psql_private <<SQL
SET client_min_messages = warning;
CREATE TABLE zones (id int PRIMARY KEY, name text NOT NULL, geom geometry(Geometry, 4326) NOT NULL);
ALTER TABLE zones REPLICA IDENTITY FULL;
CREATE TABLE events (n serial PRIMARY KEY, event json NOT NULL);

-- A row as Debezium writes it; geom as its PostGIS struct, wkb from PostGIS's text output.
CREATE FUNCTION debezium_row(r zones) RETURNS json LANGUAGE sql AS \$\$
  SELECT json_build_object('id', r.id, 'name', r.name, 'geom',
    json_build_object('wkb', translate(encode(decode(r.geom::text, 'hex'), 'base64'), E'\n', ''),
                      'srid', ST_SRID(r.geom)))
\$\$;
CREATE FUNCTION capture() RETURNS trigger LANGUAGE plpgsql AS \$\$
DECLARE n int;
BEGIN
  IF TG_OP <> 'DELETE' AND decode(NEW.geom::text, 'hex') <> ST_AsEWKB(NEW.geom) THEN
    RAISE EXCEPTION 'the text output of % is not its ST_AsEWKB', NEW.name;
  END IF;
  SELECT count(*) INTO n FROM events;
  INSERT INTO events (event) VALUES (json_build_object(
    'before', CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE debezium_row(OLD) END,
    'after', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE debezium_row(NEW) END,
    'source', json_build_object('version', '2.7.3.Final', 'connector', 'postgresql',
      'name', 'fleet', 'ts_ms', 1767225600000 + n * 1000, 'db', 'geofence',
      'schema', 'public', 'table', 'zones'),
    'op', CASE TG_OP WHEN 'INSERT' THEN 'c' WHEN 'UPDATE' THEN 'u' ELSE 'd' END,
    'ts_ms', 1767225600000 + n * 1000 + 7));
  RETURN NULL;
END \$\$;
CREATE TRIGGER zones_capture AFTER INSERT OR UPDATE OR DELETE ON zones
  FOR EACH ROW EXECUTE FUNCTION capture();

INSERT INTO zones VALUES (1, 'France', ST_GeomFromEWKT('$(country 56)'));
INSERT INTO zones VALUES (2, 'Germany', ST_GeomFromEWKT('$(country 42)'));
INSERT INTO zones VALUES (3, 'Italy', ST_GeomFromEWKT('$(country 80)'));
INSERT INTO zones VALUES (4, 'Spain', ST_GeomFromEWKT('$(country 50)'));
INSERT INTO zones VALUES (5, 'Switzerland', ST_GeomFromEWKT('$(country 29)'));
INSERT INTO zones VALUES (6, 'Austria', ST_GeomFromEWKT('$(country 10)'));
INSERT INTO zones VALUES (7, 'Belgium', ST_GeomFromEWKT('$(country 13)'));
INSERT INTO zones VALUES (8, 'Paris centre', ST_MakeEnvelope(2.25, 48.8, 2.42, 48.9, 4326));
UPDATE zones SET geom = ST_MakeEnvelope(2.2, 48.75, 2.5, 48.95, 4326) WHERE id = 8;
DELETE FROM zones WHERE id = 4;
INSERT INTO zones VALUES (9, 'Poland', ST_GeomFromEWKT('$(country 128)'));
INSERT INTO zones VALUES (10, 'Munich', ST_MakeEnvelope(11.3, 48.0, 11.8, 48.3, 4326));
DELETE FROM zones WHERE id = 10;
SQL

psql_private -A -t -c 'SELECT event FROM events ORDER BY n' > "$OUT/zone-events.json"

psql_private -A -t > "$OUT/fixes.geojsonl" <<'SQL'
WITH routes (vehicle, route) AS (VALUES
  ('truck-1', 'LINESTRING(-3.7038 40.4168, 2.3522 48.8566, 4.3517 50.8503)'),
  ('truck-2', 'LINESTRING(12.4964 41.9028, 16.3738 48.2082, 21.0122 52.2297)'),
  ('van-3', 'LINESTRING(2.2945 48.8584, 2.3986 48.8710, 2.4689 48.9316, 2.6 48.95)'),
  ('truck-4', 'LINESTRING(8.5417 47.3769, 11.5820 48.1351, 13.4050 52.5200)'),
  ('truck-5', 'LINESTRING(-9.1393 38.7223, 2.1734 41.3851, 9.1900 45.4642)'))
SELECT json_build_object('vehicle', vehicle, 'seq', k, 'position',
         ST_AsGeoJSON(ST_LineInterpolatePoint(ST_GeomFromText(route, 4326), k / 39.0))::json)
FROM routes, generate_series(0, 39) k
ORDER BY k, vehicle;
SQL
wc -l "$OUT/zone-events.json" "$OUT/fixes.geojsonl"
