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
"""Generates function-vectors.tsv: what PostGIS 3.3 answers for calls of the module's functions
(ST_AsEWKT, ST_GeomFromEWKT, ST_Dimension, ST_Reverse, ST_ContainsProperly, ST_Relate,
ST_SnapToGrid, ST_CollectionExtract, ST_AsText(g, digits), ST_AsBinary/ST_AsEWKB(g, byte order),
ST_OrderingEquals, ST_AsTWKB), for PostgisFunctionConformanceTest.

Run by hand, never by the build (the Java test only reads the committed TSV), against a private
server (see ci/private-postgis.sh):

    . ci/private-postgis.sh; postgis_start 55436
    PGHOST=127.0.0.1 PGPORT=55436 PGUSER=geofence python3 make-function-vectors.py geofence \\
        > function-vectors.tsv

Columns (tab-separated; '#' lines are comments):
  id        a name for the call
  function  the SQL function
  a, b      the geometry arguments as EWKT, read by ST_GeomFromEWKT (b empty if there is none)
  args      the other arguments, separated by ';' (numbers, or text without quotes)
  result    the answer as text: a geometry as 'ewkb:' and its ST_AsEWKB in hex; BYTEA in hex;
            a boolean as t or f; NULL; or 'refused: <PostgreSQL's message>'
"""

import subprocess
import sys

GEOMETRIES = [
    "POINT(1 2)", "POINT(1.5 2.5)", "POINT Z (1 2 3)", "POINT M (1 2 3)", "POINT ZM (1 2 3 4)",
    "POINT EMPTY", "SRID=4326;POINT(13.377704 52.516275)",
    "POINT(-1.7976931348623157e308 5e-324)", "POINT(0.30000000000000004 -0.1)",
    "POINT(123456789.12345679 1e-300)", "POINT(1e15 1e-8)", "POINT(999999999999999.9 0.000000015)",
    "POINT(0.125 -0.375)", "POINT(2.5e-9 -7.25e20)",
    "LINESTRING(0 0,1 1,2 0)", "LINESTRING(0.1 0.2,0.4 0.1,1.6 2.4,1.7 2.6)",
    "LINESTRING Z (0 0 1,1 1 2,2 0 3)", "LINESTRING M (0 0 1,1 1 2)", "LINESTRING EMPTY",
    "LINESTRING(1 1,2 2,2 2,3 1)", "LINESTRING(0 0,0.2 0.2)",
    "POLYGON((0 0,10 0,10 10,0 10,0 0),(2 2,2 4,4 4,4 2,2 2))",
    "POLYGON((1 1,0.6 2.2,1.2 1.7,2 2,2 1,1 1))", "POLYGON((0 0,0.3 0,0.3 0.3,0 0))",
    "POLYGON((0 0,10 0,10 10,0 10,0 0),(1 1,1.2 1,1.2 1.2,1 1))", "POLYGON EMPTY",
    "POLYGON Z ((0 0 1,4 0 1,4 4 1,0 0 1))",
    "MULTIPOINT(1 2,3 4)", "MULTIPOINT Z (1 2 3,4 5 6)", "MULTIPOINT(1 2,EMPTY)", "MULTIPOINT EMPTY",
    "MULTILINESTRING((0 0,1 1),(2 2,3 3,4 2))", "MULTILINESTRING((0 0,0.1 0.1),(2 2,3 3))",
    "MULTILINESTRING((0 0,1 1),EMPTY)",
    "MULTIPOLYGON(((0 0,4 0,4 4,0 0)),((10 10,14 10,14 14,10 10)))", "MULTIPOLYGON EMPTY",
    "GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1),POLYGON((0 0,4 0,4 4,0 0)))",
    "GEOMETRYCOLLECTION(POINT(1 2),MULTIPOINT(3 4,5 6),GEOMETRYCOLLECTION(LINESTRING(0 0,1 1)))",
    "GEOMETRYCOLLECTION(POINT EMPTY,LINESTRING(0 0,0.2 0.2),POINT(1 1))",
    "GEOMETRYCOLLECTION(MULTIPOLYGON(((0 0,4 0,4 4,0 0))),POINT(9 9))",
    "GEOMETRYCOLLECTION EMPTY", "GEOMETRYCOLLECTION M (POINT M (1 2 3))",
    "SRID=3857;MULTIPOLYGON(((0 0,4 0,4 4,0 0)),((1 1,2 1,2 2,1 1)))",
]

PAIRS = [
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "POINT(5 5)"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "POINT(0 5)"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "POINT(20 5)"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "POLYGON((1 1,2 1,2 2,1 1))"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "POLYGON((0 0,2 0,2 2,0 0))"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "LINESTRING(1 1,5 5)"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "LINESTRING(0 0,5 5)"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "LINESTRING(5 5,15 5)"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "POLYGON((0 0,10 0,10 10,0 10,0 0))"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0),(2 2,2 4,4 4,4 2,2 2))", "POINT(3 3)"),
    ("LINESTRING(0 0,10 10)", "LINESTRING(0 10,10 0)"),
    ("LINESTRING(0 0,10 10)", "POINT(5 5)"),
    ("LINESTRING(0 0,10 10)", "POINT(0 0)"),
    ("LINESTRING(0 0,10 10)", "LINESTRING(0 0,10 10)"),
    ("LINESTRING(0 0,10 10)", "LINESTRING(10 10,0 0)"),
    ("POINT(1 2)", "POINT(1 2)"),
    ("POINT(1 2)", "POINT(2 1)"),
    ("POINT(1 2)", "POINT Z (1 2 3)"),
    ("POINT(0 0)", "POINT(-0 0)"),
    ("MULTIPOINT(1 1,5 5)", "POINT(1 1)"),
    ("MULTIPOLYGON(((0 0,4 0,4 4,0 0)),((10 10,14 10,14 14,10 10)))", "POINT(3 1)"),
    ("MULTIPOLYGON(((0 0,4 0,4 4,0 0)),((10 10,14 10,14 14,10 10)))", "MULTIPOINT(3 1,13 11)"),
    ("GEOMETRYCOLLECTION(POLYGON((0 0,10 0,10 10,0 10,0 0)),POINT(20 20))", "POINT(5 5)"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "GEOMETRYCOLLECTION(POINT(5 5),POINT(1 1))"),
    ("POLYGON((0 0,10 0,10 10,0 10,0 0))", "POINT EMPTY"),
    ("POINT EMPTY", "POINT EMPTY"),
    ("GEOMETRYCOLLECTION EMPTY", "GEOMETRYCOLLECTION EMPTY"),
    ("POLYGON EMPTY", "POLYGON EMPTY"),
    ("SRID=4326;POINT(1 2)", "POINT(1 2)"),
    ("SRID=4326;POINT(1 2)", "SRID=4326;POINT(1 2)"),
    ("MULTIPOINT(1 2,3 4)", "MULTIPOINT(3 4,1 2)"),
    ("LINESTRING M (0 0 1,1 1 2)", "LINESTRING M (0 0 1,1 1 2)"),
    ("LINESTRING M (0 0 1,1 1 2)", "LINESTRING M (0 0 1,1 1 3)"),
    ("GEOMETRYCOLLECTION(POINT(1 2))", "MULTIPOINT(1 2)"),
]

PATTERNS = ["T*F**F***", "T**FF*FF*", "FF*FF****", "0FFFFF212", "212101212", "t*****FF*", "T*F**F**",
            "T*F**F**X"]


def calls():
    rows = []
    for i, g in enumerate(GEOMETRIES):
        gid = "g%02d" % i
        rows.append((gid + "-asewkt", "ST_AsEWKT", g, "", ""))
        for d in ["0", "3", "17"]:
            rows.append((gid + "-asewkt-" + d, "ST_AsEWKT", g, "", d))
        for d in ["-1", "0", "1", "3", "5", "10", "15", "17", "20"]:
            rows.append((gid + "-astext-" + d, "ST_AsText", g, "", d))
        rows.append((gid + "-geomfromewkt", "ST_GeomFromEWKT", "", "", g))
        rows.append((gid + "-dimension", "ST_Dimension", g, "", ""))
        rows.append((gid + "-reverse", "ST_Reverse", g, "", ""))
        for args in ["1", "0.5", "0.3", "0", "-1", "0.3;2", "0;1", "0.5;0.5;1;1", "0.25;0;0.5;0"]:
            rows.append((gid + "-snaptogrid-" + args, "ST_SnapToGrid", g, "", args))
        rows.append((gid + "-collectionextract", "ST_CollectionExtract", g, "", ""))
        for t in ["1", "2", "3", "0", "4"]:
            rows.append((gid + "-collectionextract-" + t, "ST_CollectionExtract", g, "", t))
        for order in ["NDR", "xdr", "XDR", "foo"]:
            rows.append((gid + "-asbinary-" + order, "ST_AsBinary", g, "", order))
            rows.append((gid + "-asewkb-" + order, "ST_AsEWKB", g, "", order))
        rows.append((gid + "-orderingequals-self", "ST_OrderingEquals", g, g, ""))
        rows.append((gid + "-astwkb", "ST_AsTWKB", g, "", ""))
        rows.append((gid + "-astwkb-1", "ST_AsTWKB", g, "", "1"))
    for i, (a, b) in enumerate(PAIRS):
        pid = "p%02d" % i
        for f in ["ST_ContainsProperly", "ST_Relate", "ST_OrderingEquals"]:
            rows.append((pid + "-" + f[3:].lower(), f, a, b, ""))
            rows.append((pid + "-" + f[3:].lower() + "-ba", f, b, a, ""))
        for j, p in enumerate(PATTERNS):
            rows.append((pid + "-relate-pattern-%d" % j, "ST_Relate", a, b, p))
    return rows


def geometry_arg(ewkt):
    return "ST_GeomFromEWKT(%s)" % quote(ewkt)


def quote(text):
    return "'" + text.replace("'", "''") + "'"


def expression(function, a, b, args):
    values = [geometry_arg(a)] if a else []
    if b:
        values.append(geometry_arg(b))
    extra = ([args] if function == "ST_GeomFromEWKT" else args.split(";")) if args else []
    text_args = function in ("ST_AsBinary", "ST_AsEWKB", "ST_GeomFromEWKT") or (
        function == "ST_Relate" and extra)
    for x in extra:
        values.append(quote(x) if text_args else x)
    call = "%s(%s)" % (function, ", ".join(values))
    if function in ("ST_Reverse", "ST_SnapToGrid", "ST_CollectionExtract", "ST_GeomFromEWKT"):
        return "'ewkb:' || encode(ST_AsEWKB(%s), 'hex')" % call
    if function in ("ST_AsBinary", "ST_AsEWKB", "ST_AsTWKB"):
        return "encode(%s, 'hex')" % call
    return "(%s)::text" % call


def main():
    database = sys.argv[1] if len(sys.argv) > 1 else "geofence"
    rows = calls()
    sql = ["\\pset tuples_only on", "\\pset format unaligned",
           """CREATE FUNCTION pg_temp.try_eval(expr text) RETURNS text AS $f$
DECLARE r text;
BEGIN
  EXECUTE 'SELECT ' || expr INTO r;
  RETURN coalesce(r, 'NULL');
EXCEPTION WHEN others THEN
  RETURN 'refused: ' || SQLERRM;
END $f$ LANGUAGE plpgsql;"""]
    for row in rows:
        sql.append("SELECT replace(replace(pg_temp.try_eval(%s), E'\\t', ' '), E'\\n', ' ');"
                   % quote(expression(row[1], row[2], row[3], row[4])))
    out = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", database],
                         input="\n".join(sql), capture_output=True, text=True, check=True).stdout
    results = out.rstrip("\n").split("\n")
    assert len(results) == len(rows), (len(results), len(rows))
    version = subprocess.run(["psql", "-X", "-A", "-t", "-d", database, "-c",
                              "SELECT postgis_lib_version() || ' / GEOS ' || postgis_geos_version()"],
                             capture_output=True, text=True, check=True).stdout.strip()
    print("# made by make-function-vectors.py with PostGIS %s; do not edit" % version)
    print("# id\tfunction\ta\tb\targs\tresult")
    for row, result in zip(rows, results):
        print("\t".join(row + (result,)))


if __name__ == "__main__":
    main()
