SET 'execution.runtime-mode' = 'batch';
SET 'sql-client.execution.result-mode' = 'tableau';
LOAD MODULE geometry;
SHOW MODULES;
CREATE TEMPORARY VIEW sightings AS SELECT * FROM (VALUES
  ('Paris',    'SRID=4326;POINT (2.3522 48.8566)'),
  ('Paris',    'SRID=4326;POINT(2.3522 48.8566)'),
  ('Everest',  'SRID=4326;POINT Z (86.925 27.9881 8849)'),
  ('Route 66', 'SRID=4326;LINESTRING M (-118.2437 34.0522 0, -87.6298 41.8781 3940)')
) AS t(place, wkt);
SELECT place, ST_SRID(g) AS srid, ST_AsText(g) AS wkt, ST_AsEWKB(g) AS ewkb, COUNT(*) AS seen
FROM (SELECT place, ST_GeomFromText(wkt) AS g FROM sightings)
GROUP BY place, g;
SELECT ST_AsText(ST_GeomFromWKB(X'0101000000000000000000F03F0000000000000040', 4326)) AS wkt;
