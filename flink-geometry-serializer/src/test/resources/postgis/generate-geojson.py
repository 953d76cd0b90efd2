#!/usr/bin/env python3
#
# Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
# in compliance with the License. You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software distributed under the License
# is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express
# or implied. See the License for the specific language governing permissions and limitations under
# the License.
"""Generates the GeoJSON vectors of PostgisGeoJsonConformanceTest from a real PostGIS 3.3.

Run by hand, never by the build (the Java tests only read the committed files):

    python3 generate-geojson.py [database]

It runs `psql -d <database>` (default sqlvectors; PostGIS installed in it) as the current user;
psql's PGHOST, PGPORT and PGUSER select the server. A private server from the Debian packages
(postgresql-15, postgresql-15-postgis-3), as a user other than root, never the system's cluster:

    /usr/lib/postgresql/15/bin/initdb -D /tmp/pgvectors/data -A trust
    /usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pgvectors/data -l /tmp/pgvectors/log \
        -o "-p 55429 -c listen_addresses=127.0.0.1 -k /tmp/pgvectors" start
    psql -h 127.0.0.1 -p 55429 -d postgres -c 'CREATE DATABASE sqlvectors'
    psql -h 127.0.0.1 -p 55429 -d sqlvectors -c 'CREATE EXTENSION postgis'
    PGHOST=127.0.0.1 PGPORT=55429 python3 generate-geojson.py sqlvectors
    /usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pgvectors/data stop It reads vectors.tsv next to it (the corpus of
generate.py: every geometry PostGIS accepted there, by its EWKB) and writes, next to it:

geojson-write.tsv: ST_AsGeoJSON(g, digits, options) of every corpus geometry at digits 9 with
  options 0..15, and at digits 0, 3, 17 and -1 with options 0 and 1; and of POINT(v 0) for the
  numbers of numbers() at digits 0, 1, 2, 5, 9, 12, 15, 17, 20 and -1 with options 0 and 1.
  Columns: id (of vectors.tsv, or number-<n>), the number's text (empty for a corpus geometry),
  digits, options, result
  (the text; md5:<hex> of the text when it is longer than 400 characters; or
  'refused: <message>').
geojson-read.tsv: ST_GeomFromGeoJSON of texts: PostGIS's own ST_AsGeoJSON(g, 17, options) of the
  corpus geometries (natural-earth ones excepted: too long to commit as text) at options 0, 1, 2
  and 4, and the hand-written inputs of unusual(). Columns: id, input ('\\' escapes tab, newline,
  CR and itself), accepted (t or f), error (PostgreSQL's message when refused), ewkb (ST_AsEWKB of
  what PostGIS read, NDR, hex).
"""

import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def corpus():
    rows = []
    with open(os.path.join(HERE, "vectors.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if fields[3] == "t":
                rows.append((fields[0], fields[1], fields[10]))
    return rows


def numbers():
    """Doubles whose text PostGIS's printer treats differently: both sides of 1e-8 and 1e15, ties
    of half-even rounding, 17 significant digits, subnormals, the limits, random magnitudes."""
    values = ["0", "-0", "1", "-1", "0.5", "1.5", "2.5", "-2.5", "0.125", "0.375", "0.35", "0.45",
              "0.1", "0.2", "0.30000000000000004", "1e-8", "-1e-8", "1.0000000000000002e-8",
              "9.999999999999999e-9", "1.234e-8", "1e-9", "1.5e-9", "5e-324", "2.2250738585072014e-308",
              "1e15", "999999999999999.9", "999999999999999.5", "1.0000000000000001e15", "9.999999999999998e15",
              "1e21", "1.7976931348623157e308", "-1.7976931348623157e308", "123456789.12345679",
              "0.000123456789", "52.516275", "13.377704", "-179.99999999999997", "0.9999999999999999",
              "0.99999999995", "4.35", "2.675", "1.0005", "1e-5", "1e-6", "1e-7", "NaN", "Infinity",
              "-Infinity", "9007199254740993", "4503599627370497.5", "1e23", "8.41e21", "5e-10",
              "0.00000001000000001", "-0.0000000099", "1234567890123456789"]
    rng = random.Random(29)
    for _ in range(120):
        exponent = rng.randint(-15, 20)
        v = rng.uniform(-1, 1) * 10.0 ** exponent
        values.append(repr(v))
    for _ in range(40):
        values.append(repr(round(rng.uniform(-180, 180), rng.randint(0, 9))))
    seen = []
    for v in values:
        if v not in seen:
            seen.append(v)
    return seen


def unusual():
    """Inputs that test a rule of the reader: GeoJSON forms, and what is not GeoJSON."""
    p = '"type":"Point","coordinates":[1,2]'
    crs = lambda name: '{%s,"crs":{"type":"name","properties":{"name":"%s"}}}' % (p, name)
    return [
        '{"type":"Point","coordinates":[1,2]}',
        '{"type":"point","coordinates":[1,2]}',
        '{"type":"POINT","coordinates":[1,2]}',
        '{"type":"Point","coordinates":[1,2,3]}',
        '{"type":"Point","coordinates":[1,2,3,4]}',
        '{"type":"Point","coordinates":[]}',
        '{"coordinates":[1,2],"type":"Point"}',
        '  {"type" : "Point" ,\n\t"coordinates" : [ 1 , 2 ] }\r\n',
        crs("EPSG:3857"), crs("epsg:3857"), crs("urn:ogc:def:crs:EPSG::2154"), crs("urn:ogc:def:crs:EPSG:8.5:2154"),
        crs("ESRI:102001"), crs("EPSG:4326"), crs("EPSG:0"), crs("urn:ogc:def:crs:OGC:1.3:CRS84"),
        crs("3857"), crs(""), crs("EPSG:999999"), crs("EPSG:3857x"),
        '{%s,"crs":null}' % p,
        '{%s,"crs":{"type":"link","properties":{"href":"http://example.com/crs"}}}' % p,
        '{%s,"crs":{"properties":{"name":"EPSG:3857"}}}' % p,
        '{%s,"crs":{"type":"name"}}' % p,
        '{%s,"crs":{"type":"name","properties":{"name":3857}}}' % p,
        '{%s,"bbox":[1,2,1,2]}' % p,
        '{%s,"properties":{"name":"x","list":[1,true,false,null,{"a":"\\u00e9\\n\\"\\\\"}]}}' % p,
        '{"type":"Point","coordinates":[1.0e+1,2E-1]}',
        '{"type":"Point","coordinates":[-0,-0.0]}',
        '{"type":"Point","coordinates":[0.1,52.516275]}',
        '{"type":"Point","coordinates":[13.377704,52.516275,34.5]}',
        '{"type":"Point","coordinates":[1e-300,2.2250738585072011e-308]}',
        '{"type":"Point","coordinates":[1.00000000000000011102230246251565404236316680908203125,2]}',
        '{"type":"Point","coordinates":[0.30000000000000004441,0.1000000000000000055511151231257827]}',
        '{"type":"Point","coordinates":[9007199254740993,-9007199254740993]}',
        '{"type":"Point","coordinates":[9223372036854775807,-9223372036854775808]}',
        '{"type":"Point","coordinates":[18446744073709551615,100000000000000000000]}',
        '{"type":"Point","coordinates":[1e400,-1e400]}',
        '{"type":"Point","coordinates":[NaN,Infinity]}',
        '{"type":"Point","coordinates":[-Infinity,2]}',
        '{"type":"LineString","coordinates":[[1,2],[3,4]]}',
        '{"type":"LineString","coordinates":[[1,2],[3,4,5]]}',
        '{"type":"LineString","coordinates":[[1,2,3],[3,4]]}',
        '{"type":"LineString","coordinates":[]}',
        '{"type":"LineString","coordinates":[[1,2]]}',
        '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}',
        '{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[2,2]]]}',
        '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]],[]]}',
        '{"type":"Polygon","coordinates":[[]]}',
        '{"type":"Polygon","coordinates":[]}',
        '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]}',
        '{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}',
        '{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}',
        '{"type":"MultiPoint","coordinates":[[1,2],[]]}',
        '{"type":"MultiPoint","coordinates":[]}',
        '{"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[]]}',
        '{"type":"MultiLineString","coordinates":[]}',
        '{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[]]}',
        '{"type":"MultiPolygon","coordinates":[]}',
        '{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2,3]},{"type":"GeometryCollection","geometries":[]}]}',
        '{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"LineString","coordinates":[[1,2],[3,4]]}]}',
        '{"type":"GeometryCollection","geometries":[]}',
        '{"type":"GeometryCollection","geometries":[{%s,"crs":{"type":"name","properties":{"name":"EPSG:3857"}}}]}' % p,
        '{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}',
        '{"type":"FeatureCollection","features":[]}',
        '{"type":"Point","type":"LineString","coordinates":[[1,2],[3,4]]}',
        '{"type":"Point","coordinates":[1,2],"coordinates":[3,4]}',
        '{"type":"GeometryCollection"}',
        '{"type":"Point"}',
        '{"coordinates":[1,2]}',
        '{"type":"Circle","coordinates":[1,2]}',
        '{"type":3,"coordinates":[1,2]}',
        '{"type":"Point","coordinates":[1]}',
        '{"type":"Point","coordinates":[[1,2]]}',
        '{"type":"Point","coordinates":{"x":1}}',
        '{"type":"Point","coordinates":"1 2"}',
        '{"type":"Point","coordinates":["1","2"]}',
        '{"type":"Point","coordinates":[true,null]}',
        '{"type":"Point","coordinates":[1,2,null]}',
        '{"type":"LineString","coordinates":[1,2]}',
        '{"type":"MultiPoint","coordinates":[1,2]}',
        '{"type":"Point","coordinates":[1,2]',
        '{"type":"Point","coordinates":[1,2],}',
        '{"type":"Point","coordinates":[1,2,]}',
        '{"type":"Point","coordinates":[1,,2]}',
        '{"type":"Point","coordinates":[1 2]}',
        '{"type":"Point" "coordinates":[1,2]}',
        '{"type":"Point","coordinates":[01,2]}',
        '{"type":"Point","coordinates":[.5,2]}',
        '{"type":"Point","coordinates":[+1,2]}',
        '{"type":"Point","coordinates":[1.,2]}',
        '{"type":"Point","coordinates":[1e,2]}',
        '{"type":"Point","coordinates":[0x10,2]}',
        '{"type":"Point","coordinates":[nan,inf]}',
        "{'type':'Point','coordinates':[1,2]}",
        '{type:"Point","coordinates":[1,2]}',
        '{"type":"Point","coordinates":[1,2]} junk',
        '{"type":"Point","coordinates":[1,2]} {}',
        '{"type":"Point","coordinates":[1,2]} /* comment */',
        '{"type":"Point","coordinates":[1,2]}  ',
        '{"type":"Po\\u0069nt","coordinates":[1,2]}',
        '{"type":"Point\\x","coordinates":[1,2]}',
        '{"type":"Point","coordinates":[1,2],"note":"tab\there"}',
        '[1,2]',
        '"Point"',
        'null',
        '',
        '   ',
        '{}',
        # empties, as PostGIS's reader and its force-2D make them
        '{"type":"LineString","coordinates":[[]]}',
        '{"type":"LineString","coordinates":[[],[1,2],[3,4]]}',
        '{"type":"Polygon","coordinates":[[[]]]}',
        '{"type":"Polygon","coordinates":[[],[[0,0],[1,0],[1,1],[0,0]]]}',
        '{"type":"MultiPoint","coordinates":[[]]}',
        '{"type":"MultiPoint","coordinates":[[],[]]}',
        '{"type":"MultiPoint","coordinates":[[],[1,2]]}',
        '{"type":"MultiLineString","coordinates":[[]]}',
        '{"type":"MultiLineString","coordinates":[[[]]]}',
        '{"type":"MultiLineString","coordinates":[[],[]]}',
        '{"type":"MultiLineString","coordinates":[[],[[1,2],[3,4]]]}',
        '{"type":"MultiPolygon","coordinates":[[]]}',
        '{"type":"MultiPolygon","coordinates":[[[]]]}',
        '{"type":"MultiPolygon","coordinates":[[],[]]}',
        '{"type":"MultiPolygon","coordinates":[[],[[[0,0],[1,0],[1,1],[0,0]]]]}',
        '{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[]}]}',
        '{"type":"GeometryCollection","geometries":[{"type":"MultiPoint","coordinates":[[]]},{"type":"Point","coordinates":[1,2]}]}',
        '{"type":"GeometryCollection","geometries":[{"type":"MultiPoint","coordinates":[[]]},{"type":"Point","coordinates":[1,2,3]}]}',
        '{"type":"GeometryCollection","geometries":[{"type":"GeometryCollection","geometries":[{"type":"LineString","coordinates":[]}]}]}',
    ]


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def dollar(text):
    assert "$in$" not in text
    return "$in$%s$in$" % text


FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION pg_temp.out(g geometry, d int, o int) RETURNS text
LANGUAGE plpgsql AS $f$
DECLARE t text; msg text;
BEGIN
  t := ST_AsGeoJSON(g, d, o);
  IF length(t) > 400 THEN
    RETURN 'md5:' || md5(t);
  END IF;
  RETURN t;
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT;
  RETURN 'refused: ' || replace(replace(msg, E'\t', ' '), E'\n', ' ');
END
$f$;
CREATE OR REPLACE FUNCTION pg_temp.src(g geometry, o int) RETURNS text
LANGUAGE plpgsql AS $f$
BEGIN
  RETURN ST_AsGeoJSON(g, 17, o);
EXCEPTION WHEN OTHERS THEN
  RETURN NULL;
END
$f$;
CREATE OR REPLACE FUNCTION pg_temp.inp(t text)
RETURNS TABLE(accepted text, error text, ewkb text)
LANGUAGE plpgsql AS $f$
DECLARE g geometry; msg text;
BEGIN
  BEGIN
    g := ST_GeomFromGeoJSON(t);
  EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT;
    RETURN QUERY SELECT 'f'::text, replace(replace(msg, E'\t', ' '), E'\n', ' '), ''::text;
    RETURN;
  END;
  RETURN QUERY SELECT 't'::text, ''::text, upper(encode(ST_AsEWKB(g, 'NDR'), 'hex'));
END
$f$;
"""


def psql(database, sql):
    return subprocess.run(
        ["psql", "-X", "-q", "-d", database, "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1"],
        input=sql, capture_output=True, text=True, check=True).stdout


def version(database):
    return psql(database, "SELECT postgis_lib_version() || ' / ' || version();").strip()


def main():
    database = sys.argv[1] if len(sys.argv) > 1 else "sqlvectors"
    geometries = corpus()
    header = "# Generated by generate-geojson.py from PostGIS %s; do not edit." % version(database)

    # ST_AsGeoJSON
    cases = []
    for gid, group, ewkb in geometries:
        for o in range(16):
            cases.append((gid, "decode('%s', 'hex')" % ewkb, "", 9, o))
        for d in (0, 3, 17, -1):
            for o in (0, 1):
                cases.append((gid, "decode('%s', 'hex')" % ewkb, "", d, o))
    for i, v in enumerate(numbers()):
        for d in (0, 1, 2, 5, 9, 12, 15, 17, 20, -1):
            for o in (0, 1):
                cases.append(("number-%d" % i, None, v, d, o))
    values = []
    for n, (cid, ewkb_sql, geometry, d, o) in enumerate(cases):
        g = ("ST_GeomFromEWKB(%s)" % ewkb_sql) if ewkb_sql else \
            "ST_MakePoint('%s'::float8, 0)" % geometry
        values.append("(%d, %s, %d, %d)" % (n, g, d, o))
    out = psql(database, "SET client_min_messages = error;\n" + FUNCTIONS +
               "SELECT n, pg_temp.out(g, d, o) FROM (VALUES %s) AS v(n, g, d, o) ORDER BY n;"
               % ",\n".join(values))
    results = [line.split("\t", 1) for line in out.splitlines() if line]
    assert len(results) == len(cases), (len(results), len(cases))
    with open(os.path.join(HERE, "geojson-write.tsv"), "w") as f:
        f.write(header + "\n")
        f.write("# id\tnumber\tdigits\toptions\tresult\n")
        for (cid, _, geometry, d, o), (_, result) in zip(cases, results):
            f.write("\t".join([cid, geometry, str(d), str(o), result]) + "\n")

    # ST_GeomFromGeoJSON
    sources = []
    for gid, group, ewkb in geometries:
        if group == "natural-earth":
            continue
        for o in (0, 1, 2, 4):
            sources.append(("%s-o%d" % (gid, o), "pg_temp.src(ST_GeomFromEWKB(decode('%s', 'hex')), %d)" % (ewkb, o)))
    texts = psql(database, "SET client_min_messages = error;\n" + FUNCTIONS +
                 "SELECT n, coalesce(t, '<none>') FROM (VALUES %s) AS v(n, t) ORDER BY n;"
                 % ",\n".join("(%d, %s)" % (n, s) for n, (_, s) in enumerate(sources)))
    inputs = []
    for (sid, _), line in zip(sources, [l for l in texts.splitlines() if l]):
        text = line.split("\t", 1)[1]
        if text != "<none>":
            inputs.append(("postgis-" + sid, text))
    for i, text in enumerate(unusual()):
        inputs.append(("unusual-%02d" % i, text))
    out = psql(database, "SET client_min_messages = error;\n" + FUNCTIONS +
               "SELECT v.n, r.accepted, r.error, r.ewkb FROM (VALUES %s) AS v(n, t),"
               " LATERAL pg_temp.inp(v.t) AS r ORDER BY v.n;"
               % ",\n".join("(%d, %s)" % (n, dollar(t)) for n, (_, t) in enumerate(inputs)))
    results = [line.split("\t") for line in out.splitlines() if line]
    assert len(results) == len(inputs), (len(results), len(inputs))
    with open(os.path.join(HERE, "geojson-read.tsv"), "w") as f:
        f.write(header + "\n")
        f.write("# id\tinput\taccepted\terror\tewkb\n")
        for (iid, text), result in zip(inputs, results):
            f.write("\t".join([iid, escape(text)] + result[1:]) + "\n")


if __name__ == "__main__":
    main()
