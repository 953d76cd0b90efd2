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
"""Generates vectors.tsv: what PostGIS makes of a corpus of (E)WKT, for PostgisConformanceTest.

Run by hand, never by the build (the Java tests only read the committed vectors.tsv):

    python3 generate.py [database] > vectors.tsv

and, second, what PostGIS makes of our outputs: PostgisConformanceTest writes the SQL functions' outputs
for every vector to flink-geometry-serializer/target/postgis/ours.tsv on each run; then

    python3 generate.py --ours ../../../../target/postgis/ours.tsv [database] > ours-in-postgis.tsv

(columns: id, our ST_AsText, our ST_AsEWKB, our ST_AsBinary, then for each of the three whether
PostGIS reads it and what it writes back: ST_AsBinary(ST_GeomFromText(text)),
ST_AsEWKB(ST_GeomFromEWKB(ewkb)), ST_AsBinary(ST_GeomFromWKB(wkb)), hex, or 'refused: <message>').

It runs `psql -d <database>` (default sqlvectors; PostGIS installed in it: CREATE EXTENSION postgis) as
the current user; written against PostgreSQL 15 and PostGIS 3.3.2 (Debian 12 packages). Needs nothing
but Python 3 and psql.

Corpus: every geometry type x XY/Z/M/ZM x empty/non-empty x SRID 0/4326; nested collections; empty
members; values whose shortest decimal needs 17 digits, -0, NaN; the SRID limits; a sample of the
Natural Earth corpus (../natural-earth/: of the lines of at most 20,000 characters, every 40th,
SRID 4326); and malformed or
unusual text. PostGIS parses each input with ST_GeomFromEWKT.

Columns (tab-separated; '#' lines are comments; '\\' escapes tab, newline, CR and itself in `input`):

  id        a name for the input
  group     valid (a geometry the corpus meant), unusual (text that tests a parser rule) or
            natural-earth
  input     the text given to ST_GeomFromEWKT
  accepted  t if PostGIS read it, f if it refused it
  error     PostgreSQL's message and hint when refused, else empty
  srid      ST_SRID(g)
  ewkt      ST_AsEWKT(g)
  text17    ST_AsText(g, 17)
  wkb_ndr   ST_AsBinary(g, 'NDR'), hex (ISO WKB, little-endian)
  wkb_xdr   ST_AsBinary(g, 'XDR'), hex (big-endian)
  ewkb_ndr  ST_AsEWKB(g, 'NDR'), hex
  ewkb_xdr  ST_AsEWKB(g, 'XDR'), hex
  ewkt_ewkb    ST_AsEWKB(ST_GeomFromEWKT(ewkt)), hex: what PostGIS reads its own EWKT as (EWKT has 15
               significant digits and loses -0, so it need not be g), or 'refused'
  text17_ewkb  ST_AsEWKB(ST_SetSRID(ST_GeomFromText(text17), srid)), hex: likewise for the text
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Coordinates with values that are easy to get wrong: 17 significant digits, -0, a subnormal-ish tiny.
XY = [("1 2",), ("0.30000000000000004 -0",), ("-179.99999999999997 1e-300",), ("123456789.12345679 -2.5",)]


def coord(i, dims):
    base = [
        ["1", "2", "3", "4"],
        ["0.30000000000000004", "-0", "10.5", "-1"],
        ["-179.99999999999997", "1e-300", "0.1", "7"],
        ["123456789.12345679", "-2.5", "-0", "0.2"],
        ["5", "6", "7", "8"],
    ][i % 5]
    n = {"": 2, "Z": 3, "M": 3, "ZM": 4}[dims]
    if dims == "M":
        return " ".join(base[:2] + [base[3]])
    return " ".join(base[:n])


def coords(indices, dims):
    return ",".join(coord(i, dims) for i in indices)


def ring(dims, offset=0):
    # A closed ring with 4 distinct corners; the coordinates repeat the first one.
    pts = [["0", "0"], ["10", "0"], ["10", "10"], ["0", "10"], ["0", "0"]]
    extra = {"": [], "Z": ["1"], "M": ["2"], "ZM": ["1", "2"]}[dims]
    return "(" + ",".join(" ".join([str(float(x) + offset).rstrip("0").rstrip(".") for x in p] + extra) for p in pts) + ")"


def hole(dims):
    pts = [["2", "2"], ["2", "4"], ["4", "4"], ["4", "2"], ["2", "2"]]
    extra = {"": [], "Z": ["3"], "M": ["4"], "ZM": ["3", "4"]}[dims]
    return "(" + ",".join(" ".join(p + extra) for p in pts) + ")"


def tag(dims):
    return (" " + dims) if dims else ""


def corpus():
    rows = []
    for srid in (0, 4326):
        prefix = "SRID=%d;" % srid if srid else ""
        for dims in ("", "Z", "M", "ZM"):
            t = tag(dims)
            name = (dims or "XY") + ("-srid" if srid else "")
            def add(kind, body):
                rows.append(("%s-%s" % (kind, name), "valid", prefix + body))
            add("point", "POINT%s (%s)" % (t, coord(1, dims)))
            add("point-empty", "POINT%s EMPTY" % t)
            add("linestring", "LINESTRING%s (%s)" % (t, coords([0, 1, 2, 3], dims)))
            add("linestring-empty", "LINESTRING%s EMPTY" % t)
            add("polygon", "POLYGON%s (%s, %s)" % (t, ring(dims), hole(dims)))
            add("polygon-empty", "POLYGON%s EMPTY" % t)
            add("multipoint", "MULTIPOINT%s ((%s), (%s))" % (t, coord(0, dims), coord(3, dims)))
            add("multipoint-empty-member", "MULTIPOINT%s ((%s), EMPTY)" % (t, coord(2, dims)))
            add("multipoint-empty", "MULTIPOINT%s EMPTY" % t)
            add("multilinestring", "MULTILINESTRING%s ((%s), (%s))" % (t, coords([0, 1], dims), coords([2, 3, 4], dims)))
            add("multilinestring-empty-member", "MULTILINESTRING%s (EMPTY, (%s))" % (t, coords([0, 4], dims)))
            add("multilinestring-empty", "MULTILINESTRING%s EMPTY" % t)
            add("multipolygon", "MULTIPOLYGON%s ((%s, %s), (%s))" % (t, ring(dims), hole(dims), ring(dims, 20)))
            add("multipolygon-empty-member", "MULTIPOLYGON%s (EMPTY, (%s))" % (t, ring(dims)))
            add("multipolygon-empty", "MULTIPOLYGON%s EMPTY" % t)
            add("collection", "GEOMETRYCOLLECTION%s (POINT%s (%s), LINESTRING%s (%s), POLYGON%s (%s))"
                % (t, t, coord(1, dims), t, coords([0, 4], dims), t, ring(dims)))
            add("collection-empty", "GEOMETRYCOLLECTION%s EMPTY" % t)
            add("collection-empty-members", "GEOMETRYCOLLECTION%s (POINT%s EMPTY, GEOMETRYCOLLECTION%s EMPTY, POINT%s (%s))"
                % (t, t, t, t, coord(4, dims)))
            add("collection-nested", "GEOMETRYCOLLECTION%s (GEOMETRYCOLLECTION%s (GEOMETRYCOLLECTION%s (POINT%s (%s)), MULTIPOINT%s ((%s), EMPTY)), LINESTRING%s EMPTY)"
                % (t, t, t, t, coord(2, dims), t, coord(3, dims), t))
    # Values and SRIDs at the limits.
    for i, body in enumerate([
        "POINT (NaN NaN)",
        "POINT (1 NaN)",
        "POINT Z (1 2 NaN)",
        "POINT M (1 2 NaN)",
        "LINESTRING Z (0 0 NaN, 1 1 NaN)",
        "LINESTRING Z (0 0 NaN, 1 1 3)",
        "POINT (4.9e-324 -1.7976931348623157e308)",
        "POINT (2.2250738585072014e-308 0.1)",
        "POINT (-0 -0)",
    ]):
        rows.append(("values-%d" % i, "valid", body))
    for srid in (1, 3857, 999999, 1000000, 16777215, 16777216):
        rows.append(("srid-%d" % srid, "valid", "SRID=%d;POINT (1 2)" % srid))
    # Natural Earth sample.
    ne_dir = os.path.join(HERE, "..", "natural-earth")
    for name in sorted(os.listdir(ne_dir)):
        if not name.endswith(".wkt"):
            continue
        with open(os.path.join(ne_dir, name)) as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        small = [(n, line) for n, line in enumerate(lines) if len(line) <= 20000]
        for k, (n, line) in enumerate(small):
            if k % 40 == 0:
                rows.append(("%s-%d" % (name[len("natural-earth-"):-len(".wkt")], n + 1), "natural-earth", "SRID=4326;" + line))
    # Text that tests a rule of the parser: PostGIS's forms, and malformed text.
    unusual = [
        "SRID=4326;POINT(1 2 3 4)",
        "POINT(1 2 3)",
        "POINTM(1 2 3)",
        "POINTZ(1 2 3)",
        "POINTZM(1 2 3 4)",
        "POINT ZM (1 2 3 4)",
        "POINT M (1 2 3)",
        "point z (1 2 3)",
        "MULTIPOINT(10 20,EMPTY)",
        "MULTIPOINT(1 2,3 4)",
        "MULTIPOINT((1 2),3 4)",
        "MULTIPOINT(EMPTY,1 2 3)",
        "MULTIPOINTM(1 2 3,EMPTY)",
        "GEOMETRYCOLLECTIONM(POINTM(1 2 3),GEOMETRYCOLLECTIONM EMPTY)",
        "SRID=4326;GEOMETRYCOLLECTION M (POINT M (1 2 3), GEOMETRYCOLLECTION M EMPTY)",
        "GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1),GEOMETRYCOLLECTION(POINT(3 4)))",
        "GEOMETRYCOLLECTION Z (POINT Z EMPTY, POINT EMPTY)",
        "GEOMETRYCOLLECTION Z (POINT(1 2 3))",
        "GEOMETRYCOLLECTION(POINT Z (1 2 3), POINT EMPTY)",
        "GEOMETRYCOLLECTION(POINT(1 2), POINT Z (1 2 3))",
        "GEOMETRYCOLLECTION Z (POINT M (1 2 3))",
        "GEOMETRYCOLLECTION M (POINT(1 2))",
        "GEOMETRYCOLLECTION(EMPTY)",
        "POINT EMPTY",
        "POINTZ EMPTY",
        "POLYGON Z EMPTY",
        "MULTIPOLYGON M EMPTY",
        "POINT (1 2) junk",
        "POINT (1 2))",
        "POINT (1 2) POINT (3 4)",
        "POINT(1 2),",
        "SRID=4326;LINESTRING (0 0, 1 1), (2 2, 3 3)",
        "POINT (0x1p3 2)",
        "POINT (1d 2)",
        "POINT (1f 2)",
        "POINT (Infinity 2)",
        "POINT (inf 2)",
        "POINT (-Infinity 2)",
        "POINT (nan 2)",
        "POINT (NAN 2)",
        "POINT (-nan 2)",
        "POINT (1e400 2)",
        "POINT (+1 2)",
        "POINT (1. 2)",
        "POINT (.5 2)",
        "POINT (-.5e-3 2E+2)",
        "POINT (1e 2)",
        "POINT (1.5.5 2)",
        "POINT (1_000 2)",
        "POINT (01 002)",
        "POINT (1)",
        "POINT (1 2 3 4 5)",
        "POINT ()",
        "POINT (1,2)",
        "POINT (1 2,3 4)",
        "POINT Z (1 2)",
        "POINT M (1 2 3 4)",
        "POINT EMPTY ZM",
        "POINT Z M (1 2 3 4)",
        "LINESTRING (0 0 0,1 1)",
        "LINESTRING (0 0)",
        "LINESTRING ()",
        "LINEARRING (0 0,1 1,1 0,0 0)",
        "POLYGON ((0 0,1 0,1 1,0 1))",
        "POLYGON ((0 0,1 0,0 0))",
        "POLYGON ((0 0,1 0,1 1,0 0),EMPTY)",
        "POLYGON (EMPTY)",
        "MULTIPOINT ()",
        "MULTILINESTRING ((0 0,1 1),EMPTY)",
        "TRIANGLE ((0 0,1 0,0 1,0 0))",
        "CIRCULARSTRING (0 0,1 1,2 0)",
        "POINTS (1 2)",
        "",
        "   ",
        "SRID=4326;",
        "SRID=4326POINT(1 2)",
        "SRID=4326 ; POINT(1 2)",
        "srid=4326;point(1 2)",
        "SRID= 4326;POINT(1 2)",
        "SRID=+4326;POINT(1 2)",
        "SRID=4326.5;POINT(1 2)",
        "SRID=-1;POINT(1 2)",
        "SRID=99999999999;POINT(1 2)",
        "SRID=4326;SRID=4326;POINT(1 2)",
        "  POINT  (  1   2  )  ",
        "POINT(1\t2)",
        "POINT(1 2)\n",
        "POINT(1-2)",
        "GEOMETRYCOLLECTION(POINT(1 2) POINT(3 4))",
        "MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((0 0,1 0,1 1,0 0))",
        "POINT((1 2))",
        "MULTIPOINT((1 2)",
    ]
    for i, text in enumerate(unusual):
        rows.append(("unusual-%02d" % i, "unusual", text))
    return rows


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


SQL_FUNCTION = r"""
CREATE OR REPLACE FUNCTION pg_temp.reread(t text, srid int) RETURNS text
LANGUAGE plpgsql AS $f$
BEGIN
  RETURN encode(ST_AsEWKB(ST_SetSRID(ST_GeomFromEWKT(t), srid), 'NDR'), 'hex');
EXCEPTION WHEN OTHERS THEN
  RETURN 'refused';
END
$f$;
CREATE OR REPLACE FUNCTION pg_temp.vector(t text)
RETURNS TABLE(accepted text, error text, srid int, ewkt text, text17 text,
              wkb_ndr text, wkb_xdr text, ewkb_ndr text, ewkb_xdr text, ewkt_ewkb text,
              text17_ewkb text)
LANGUAGE plpgsql AS $f$
DECLARE g geometry; msg text; hint text;
BEGIN
  BEGIN
    g := ST_GeomFromEWKT(t);
  EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT, hint = PG_EXCEPTION_HINT;
    RETURN QUERY SELECT 'f'::text,
      replace(replace(msg || CASE WHEN hint <> '' THEN ' | ' || hint ELSE '' END, E'\t', ' '), E'\n', ' '),
      NULL::int, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text,
      NULL::text, NULL::text;
    RETURN;
  END;
  RETURN QUERY SELECT 't'::text, ''::text, ST_SRID(g), ST_AsEWKT(g), ST_AsText(g, 17),
    encode(ST_AsBinary(g, 'NDR'), 'hex'), encode(ST_AsBinary(g, 'XDR'), 'hex'),
    encode(ST_AsEWKB(g, 'NDR'), 'hex'), encode(ST_AsEWKB(g, 'XDR'), 'hex'),
    pg_temp.reread(ST_AsEWKT(g), ST_SRID(g)), pg_temp.reread(ST_AsText(g, 17), ST_SRID(g));
END
$f$;
"""


OURS_FUNCTION = r"""
CREATE OR REPLACE FUNCTION pg_temp.try(kind text, t text) RETURNS text
LANGUAGE plpgsql AS $f$
DECLARE msg text;
BEGIN
  IF kind = 'text' THEN
    RETURN upper(encode(ST_AsBinary(ST_GeomFromText(t), 'NDR'), 'hex'));
  ELSIF kind = 'ewkb' THEN
    RETURN upper(encode(ST_AsEWKB(ST_GeomFromEWKB(decode(t, 'hex')), 'NDR'), 'hex'));
  ELSE
    RETURN upper(encode(ST_AsBinary(ST_GeomFromWKB(decode(t, 'hex')), 'NDR'), 'hex'));
  END IF;
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT;
  RETURN 'refused: ' || replace(replace(msg, E'\t', ' '), E'\n', ' ');
END
$f$;
"""


def ours(path, database):
    rows = []
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                rows.append(line.rstrip("\n").split("\t"))
    values = ",\n".join("(%d, $in$%s$in$, '%s', '%s')" % (i, r[1], r[2], r[3]) for i, r in enumerate(rows))
    sql = ["SET client_min_messages = error;", OURS_FUNCTION,
           "SELECT n, pg_temp.try('text', t), pg_temp.try('ewkb', e), pg_temp.try('wkb', w)"
           " FROM (VALUES %s) AS v(n, t, e, w) ORDER BY n;" % values]
    out = subprocess.run(
        ["psql", "-X", "-q", "-d", database, "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1"],
        input="\n".join(sql), capture_output=True, text=True, check=True).stdout
    results = [line.split("\t") for line in out.splitlines() if line]
    assert len(results) == len(rows), (len(results), len(rows))
    print("# Generated by generate.py --ours from PostGIS %s; do not edit." % version(database))
    print("# id\tour_text\tour_ewkb\tour_wkb\tpostgis_text_wkb\tpostgis_ewkb_ewkb\tpostgis_wkb_wkb")
    for row, result in zip(rows, results):
        print("\t".join(row[:4] + result[1:]))


def version(database):
    return subprocess.run(
        ["psql", "-X", "-q", "-d", database, "-At", "-c", "SELECT postgis_lib_version() || ' / ' || version()"],
        capture_output=True, text=True, check=True).stdout.strip()


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--ours":
        ours(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "sqlvectors")
        return
    database = sys.argv[1] if len(sys.argv) > 1 else "sqlvectors"
    rows = corpus()
    sql = ["SET client_min_messages = error;", SQL_FUNCTION]
    values = ",\n".join("(%d, $in$%s$in$)" % (i, text) for i, (_, _, text) in enumerate(rows))
    sql.append(
        "SELECT v.n, r.accepted, r.error, coalesce(r.srid::text, ''), coalesce(r.ewkt, ''),"
        " coalesce(r.text17, ''), upper(coalesce(r.wkb_ndr, '')), upper(coalesce(r.wkb_xdr, '')),"
        " upper(coalesce(r.ewkb_ndr, '')), upper(coalesce(r.ewkb_xdr, '')),"
        " upper(coalesce(r.ewkt_ewkb, '')), upper(coalesce(r.text17_ewkb, ''))"
        " FROM (VALUES %s) AS v(n, t), LATERAL pg_temp.vector(v.t) AS r ORDER BY v.n;" % values)
    out = subprocess.run(
        ["psql", "-X", "-q", "-d", database, "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1"],
        input="\n".join(sql), capture_output=True, text=True, check=True).stdout
    version_text = version(database)
    results = [line.split("\t") for line in out.splitlines() if line]
    assert len(results) == len(rows), (len(results), len(rows))
    print("# Generated by generate.py from PostGIS %s; do not edit." % version_text)
    print("# id\tgroup\tinput\taccepted\terror\tsrid\tewkt\ttext17\twkb_ndr\twkb_xdr\tewkb_ndr\tewkb_xdr\tewkt_ewkb\ttext17_ewkb")
    for (name, group, text), result in zip(rows, results):
        print("\t".join([name, group, escape(text)] + result[1:]))


if __name__ == "__main__":
    main()
