"""PyFlink 2.3 with the shaded SQL jar (flink-sql-geometry): what a Python user does with the
geometry module, each result checked against an answer computed here in plain Python.

Usage: python geometry_check.py /path/to/flink-sql-geometry-<version>.jar
Prints one line per check and 'N passed, N failed'; exits non-zero if a check failed.
"""
import collections
import json
import struct
import sys
import traceback

from pyflink.common import RowKind
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.table import DataTypes, EnvironmentSettings, StreamTableEnvironment, TableEnvironment
from pyflink.table.udf import udf

JAR = sys.argv[1]
JAR_URL = "file://" + JAR

FIXES = [
    ("bus-1", 2.3522, 48.8566),
    ("bus-2", 2.2945, 48.8584),
    ("bus-3", 13.405, 52.52),
    ("bus-1", 2.3522, 48.8566),
    ("bus-4", -0.1276, 51.5072),
]
ZONES = {
    "paris": [(2.2, 48.8), (2.5, 48.8), (2.5, 48.95), (2.2, 48.95), (2.2, 48.8)],
    "berlin": [(13.2, 52.4), (13.6, 52.4), (13.6, 52.6), (13.2, 52.6), (13.2, 52.4)],
}

results = []


def check(name, actual, expected):
    ok = actual == expected
    results.append(ok)
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": got {actual!r}, expected {expected!r}"))


def check_fails(name, action, *fragments):
    """The action fails, and its error names each fragment (Flink's known limits, docs/SQL.md)."""
    try:
        action()
    except Exception as e:  # noqa: BLE001 - the error's text is what is checked
        text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        missing = [f for f in fragments if f not in text]
        results.append(not missing)
        # the error's own line: the last one naming a fragment and an exception
        first = next((line.strip() for line in reversed(text.splitlines())
                      if any(f in line for f in fragments) and ("Exception" in line or "Error" in line)),
                     "")
        print(("PASS " if not missing else "FAIL ") + name
              + (f": {first[:300]}" if not missing else f": error lacks {missing}: {text[-2000:]}"))
        return
    results.append(False)
    print("FAIL " + name + ": no error")


def inside(x, y, ring):
    """Ray casting: is (x, y) strictly inside the ring (no point here lies on an edge)."""
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def wkt_polygon(ring):
    return "POLYGON ((" + ", ".join(f"{x} {y}" for x, y in ring) + "))"


def register_views(t_env):
    t_env.execute_sql("LOAD MODULE geometry")
    t_env.create_temporary_view(
        "fixes",
        t_env.from_elements(FIXES, DataTypes.ROW([
            DataTypes.FIELD("vehicle", DataTypes.STRING()),
            DataTypes.FIELD("lon", DataTypes.DOUBLE()),
            DataTypes.FIELD("lat", DataTypes.DOUBLE())])))
    t_env.create_temporary_view(
        "zones",
        t_env.from_elements([(z, "SRID=4326;" + wkt_polygon(r)) for z, r in ZONES.items()],
                            DataTypes.ROW([DataTypes.FIELD("zone", DataTypes.STRING()),
                                           DataTypes.FIELD("wkt", DataTypes.STRING())])))


def rows(t_env, sql):
    """The final rows of a query: a streaming aggregate's changelog applied."""
    final = collections.Counter()
    with t_env.execute_sql(sql).collect() as it:
        for r in it:
            kind = r.get_row_kind()
            key = tuple(bytes(v) if isinstance(v, bytearray) else v for v in r)
            final[key] += -1 if kind in (RowKind.UPDATE_BEFORE, RowKind.DELETE) else 1
    return [r for r, n in final.items() for _ in range(n)]


def run_checks(t_env, label):
    register_views(t_env)

    # the geofence
    got = sorted(rows(t_env, """
        SELECT f.vehicle, z.zone FROM fixes f JOIN zones z
        ON ST_Contains(ST_GeomFromText(z.wkt), ST_Point(f.lon, f.lat, 4326))"""))
    want = sorted((v, z) for v, x, y in FIXES for z, r in ZONES.items() if inside(x, y, r))
    check(label + ": geofence", got, want)

    # GROUP BY the geometry column, GeoJSON out
    got = sorted(((json.loads(g), n) for g, n in rows(t_env, """
        SELECT ST_AsGeoJSON(g), COUNT(*) FROM (SELECT ST_Point(lon, lat, 4326) AS g FROM fixes)
        GROUP BY g""")), key=repr)
    counts = collections.Counter((x, y) for _, x, y in FIXES)
    want = sorted((({"type": "Point", "coordinates": [x, y]}, n) for (x, y), n in counts.items()),
                  key=repr)
    check(label + ": GROUP BY geometry, ST_AsGeoJSON", got, want)

    # a Python UDF returning WKT, read by ST_GeomFromText
    @udf(result_type=DataTypes.STRING())
    def square_around(lon, lat):
        d = 0.01
        ring = [(lon - d, lat - d), (lon + d, lat - d), (lon + d, lat + d), (lon - d, lat + d),
                (lon - d, lat - d)]
        return wkt_polygon(ring)

    t_env.create_temporary_function("square_around", square_around)
    got = sorted(rows(t_env, """
        SELECT a.vehicle, b.vehicle FROM fixes a JOIN fixes b
        ON ST_Contains(ST_GeomFromText(square_around(a.lon, a.lat)), ST_Point(b.lon, b.lat))
        WHERE a.vehicle < b.vehicle"""))
    want = sorted({(a, b) for a, ax, ay in FIXES for b, bx, by in FIXES
                   if a < b and abs(ax - bx) < 0.01 and abs(ay - by) < 0.01})
    check(label + ": Python UDF WKT into ST_GeomFromText", got, want)

    # collect() and to_pandas() of the geometry's text
    text_sql = "SELECT vehicle, ST_AsText(ST_Point(lon, lat)) AS wkt FROM fixes"
    want = sorted((v, f"POINT ({x!r} {y!r})") for v, x, y in FIXES)
    check(label + ": collect() of ST_AsText", sorted(rows(t_env, text_sql)), want)
    frame = t_env.sql_query(text_sql).to_pandas()
    check(label + ": to_pandas() of ST_AsText",
          sorted(zip(frame["vehicle"], frame["wkt"])), want)
    wkb_sql = "SELECT vehicle, ST_AsBinary(ST_Point(lon, lat)) AS wkb FROM fixes WHERE vehicle = 'bus-3'"
    check(label + ": collect() of ST_AsBinary",
          rows(t_env, wkb_sql), [("bus-3", struct.pack("<bIdd", 1, 1, 13.405, 52.52))])

    # collect() and to_pandas() of a geometry column: Flink 2.3 cannot hand a RAW value to Python
    geometry_sql = "SELECT vehicle, ST_Point(lon, lat) AS g FROM fixes"
    check_fails(label + ": collect() of a geometry column fails in Flink (RAW to Python)",
                lambda: rows(t_env, geometry_sql),
                "PickleException: couldn't introspect javabean")
    check_fails(label + ": to_pandas() of a geometry column fails in Flink (RAW to Arrow)",
                lambda: t_env.sql_query(geometry_sql).to_pandas(),
                "Python vectorized UDF doesn't support logical type RAW")

    # a Python UDF given a geometry column: Flink 2.3 has no Python form of a RAW value
    @udf(result_type=DataTypes.STRING())
    def describe(g):
        return str(g)

    t_env.create_temporary_function("describe_geometry", describe)
    check_fails(label + ": a Python UDF given a geometry column fails in Flink",
                lambda: rows(t_env, "SELECT describe_geometry(ST_Point(lon, lat)) FROM fixes"),
                "Python UDF doesn't support logical type RAW")
    # what works: the text in, the geometry rebuilt in SQL
    got = sorted(rows(t_env, """
        SELECT vehicle, ST_AsText(ST_GeomFromText(describe_geometry(ST_AsText(ST_Point(lon, lat)))))
        FROM fixes"""))
    check(label + ": a Python UDF given ST_AsText of a geometry", got, want)


def main():
    # pipeline.jars in a TableEnvironment's configuration
    t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
    t_env.get_config().set("pipeline.jars", JAR_URL)
    t_env.get_config().set("python.executable", sys.executable)
    t_env.get_config().set("parallelism.default", "1")
    run_checks(t_env, "pipeline.jars, batch")

    # add_jars on a StreamExecutionEnvironment, a StreamTableEnvironment on it
    env = StreamExecutionEnvironment.get_execution_environment()
    env.add_jars(JAR_URL)
    env.set_parallelism(1)
    st_env = StreamTableEnvironment.create(env)
    st_env.get_config().set("python.executable", sys.executable)
    run_checks(st_env, "add_jars, streaming")

    failed = results.count(False)
    print(f"{results.count(True)} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
