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
"""Generates vectors.tsv: WKB test vectors for the legacy WKB reader and writer.

The WKB bytes come from GEOS (through shapely), an implementation independent of ours and of JTS.
Run it from this directory after `pip install shapely` (written with shapely 2.2.0, GEOS 3.14.1):

    python3 generate.py > vectors.tsv

The Java tests only read the committed vectors.tsv; they do not need Python.

Columns (tab-separated; lines starting with '#' are comments):

  description  what the vector is about
  wkt          the geometry a reader must produce, as ISO WKT with Z/M/ZM markers; JTS WKTReader
               with the old coordinate syntax off reads it, and the declared dimensions of its
               coordinate sequences are part of the expectation
  srid         the SRID of the top level (and, per the reader's rule, of every member); 0 = none
  byte_order   LE, BE, or mixed (nested geometries in another byte order than their parent)
  flavor       iso (type + 1000/2000/3000) or extended (EWKB flags 0x80000000 Z, 0x40000000 M,
               0x20000000 SRID), or both (an ISO type code combined with EWKB flags)
  source       geos: the bytes are GEOS's to_wkb output for the WKT; hand: built here from GEOS
               pieces or written out field by field, for what GEOS cannot express
  wkb_hex      the bytes to read
  ewkb_le_hex  what our writer must write for that geometry: GEOS's extended little-endian WKB
               with SRID of the same geometry after the value rule (Z if and only if some
               coordinate has a non-NaN Z, M likewise; a collection member decided on its own
               values), which drops declared-but-empty dimensions
"""

import math
import struct
import sys
import warnings

import numpy as np
import shapely

SRID = 4326

# GEOS reports NaN ordinates in WKT through numpy's floating-point warnings; NaN is intended here.
warnings.filterwarnings("ignore", "invalid value encountered", RuntimeWarning)

# (description, WKT, canonical WKT under the value rule or None when the same)
CASES = [
    # points
    ("point xy", "POINT (1 2)", None),
    ("point z", "POINT Z (1 2 3)", None),
    ("point m", "POINT M (1 2 4)", None),
    ("point zm", "POINT ZM (1 2 3 4)", None),
    ("point empty", "POINT EMPTY", None),
    ("point z empty (all-NaN ordinates)", "POINT Z EMPTY", "POINT EMPTY"),
    ("point m empty (all-NaN ordinates)", "POINT M EMPTY", "POINT EMPTY"),
    ("point zm empty (all-NaN ordinates)", "POINT ZM EMPTY", "POINT EMPTY"),
    ("point with NaN y is not empty", "POINT (1 NaN)", None),
    ("point with NaN x is not empty", "POINT (NaN 1)", None),
    ("point with NaN x and y but a z is not empty", "POINT Z (NaN NaN 3)", None),
    ("point with NaN x and y but an m is not empty", "POINT M (NaN NaN 4)", None),
    ("point negative zeros", "POINT ZM (-0 -0 -0 -0)", None),
    ("point negative zero x", "POINT (-0 1)", None),
    ("point extreme values", "POINT ZM (1.7976931348623157e308 -4.9e-324 2.2250738585072014e-308 -1e-300)", None),
    ("point z without a z value", "POINT Z (1 2 NaN)", "POINT (1 2)"),
    ("point m without an m value", "POINT M (1 2 NaN)", "POINT (1 2)"),
    ("point zm without a z value", "POINT ZM (1 2 NaN 4)", "POINT M (1 2 4)"),
    ("point zm without an m value", "POINT ZM (1 2 3 NaN)", "POINT Z (1 2 3)"),
    # line strings
    ("linestring xy", "LINESTRING (0 0, 1 1, 2 1)", None),
    ("linestring z", "LINESTRING Z (0 0 1, 1 1 2, 2 1 3)", None),
    ("linestring m", "LINESTRING M (0 0 5, 1 1 6, 2 1 7)", None),
    ("linestring zm", "LINESTRING ZM (0 0 1 5, 1 1 2 6, 2 1 3 7)", None),
    ("linestring empty", "LINESTRING EMPTY", None),
    ("linestring z empty", "LINESTRING Z EMPTY", "LINESTRING EMPTY"),
    ("linestring m empty", "LINESTRING M EMPTY", "LINESTRING EMPTY"),
    ("linestring zm empty", "LINESTRING ZM EMPTY", "LINESTRING EMPTY"),
    ("linestring z with one z value", "LINESTRING Z (0 0 NaN, 1 1 3)", None),
    ("linestring z without z values", "LINESTRING Z (0 0 NaN, 1 1 NaN)", "LINESTRING (0 0, 1 1)"),
    ("linestring zm without z values", "LINESTRING ZM (0 0 NaN 1, 1 1 NaN 2)", "LINESTRING M (0 0 1, 1 1 2)"),
    ("linestring NaN and negative zero", "LINESTRING (-0 NaN, 1 -0, NaN NaN)", None),
    ("linestring m with NaN and negative zero m", "LINESTRING M (0 0 -0, 1 1 NaN)", None),
    # polygons
    ("polygon xy with hole", "POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))", None),
    ("polygon z with hole", "POLYGON Z ((0 0 1, 10 0 2, 10 10 3, 0 0 1), (1 1 4, 2 1 5, 2 2 6, 1 1 4))", None),
    ("polygon m with hole", "POLYGON M ((0 0 1, 10 0 2, 10 10 3, 0 0 1), (1 1 4, 2 1 5, 2 2 6, 1 1 4))", None),
    ("polygon zm with hole", "POLYGON ZM ((0 0 1 9, 10 0 2 8, 10 10 3 7, 0 0 1 9), (1 1 4 6, 2 1 5 5, 2 2 6 4, 1 1 4 6))", None),
    ("polygon empty", "POLYGON EMPTY", None),
    ("polygon z empty", "POLYGON Z EMPTY", "POLYGON EMPTY"),
    ("polygon m empty", "POLYGON M EMPTY", "POLYGON EMPTY"),
    ("polygon zm empty", "POLYGON ZM EMPTY", "POLYGON EMPTY"),
    # multi points
    ("multipoint xy", "MULTIPOINT ((1 2), (3 4))", None),
    ("multipoint z", "MULTIPOINT Z ((1 2 3), (3 4 5))", None),
    ("multipoint m", "MULTIPOINT M ((1 2 6), (3 4 7))", None),
    ("multipoint zm", "MULTIPOINT ZM ((1 2 3 6), (3 4 5 7))", None),
    ("multipoint with empty member", "MULTIPOINT ((1 2), EMPTY)", None),
    ("multipoint z with empty member", "MULTIPOINT Z (EMPTY, (1 2 3))", None),
    ("multipoint m with empty member", "MULTIPOINT M ((1 2 3), EMPTY)", None),
    ("multipoint zm with empty member", "MULTIPOINT ZM ((1 2 3 4), EMPTY)", None),
    ("multipoint z with a NaN z", "MULTIPOINT Z ((1 2 3), (4 5 NaN))", None),
    ("multipoint empty", "MULTIPOINT EMPTY", None),
    # multi line strings
    ("multilinestring xy", "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3, 4 2))", None),
    ("multilinestring z", "MULTILINESTRING Z ((0 0 1, 1 1 2), (2 2 3, 3 3 4))", None),
    ("multilinestring m", "MULTILINESTRING M ((0 0 1, 1 1 2), (2 2 3, 3 3 4))", None),
    ("multilinestring zm", "MULTILINESTRING ZM ((0 0 1 5, 1 1 2 6), (2 2 3 7, 3 3 4 8))", None),
    ("multilinestring with empty member", "MULTILINESTRING ((0 0, 1 1), EMPTY)", None),
    ("multilinestring zm with empty member", "MULTILINESTRING ZM (EMPTY, (0 0 1 5, 1 1 2 6))", None),
    ("multilinestring empty", "MULTILINESTRING EMPTY", None),
    # multi polygons
    ("multipolygon xy", "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((10 10, 20 10, 20 20, 10 10), (11 11, 12 11, 12 12, 11 11)))", None),
    ("multipolygon z", "MULTIPOLYGON Z (((0 0 1, 1 0 1, 1 1 1, 0 0 1)), ((10 10 2, 20 10 2, 20 20 2, 10 10 2)))", None),
    ("multipolygon m", "MULTIPOLYGON M (((0 0 1, 1 0 1, 1 1 1, 0 0 1)), ((10 10 2, 20 10 2, 20 20 2, 10 10 2)))", None),
    ("multipolygon zm", "MULTIPOLYGON ZM (((0 0 1 3, 1 0 1 3, 1 1 1 3, 0 0 1 3)), ((10 10 2 4, 20 10 2 4, 20 20 2 4, 10 10 2 4)))", None),
    ("multipolygon with empty member", "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))", None),
    ("multipolygon m with empty member", "MULTIPOLYGON M (((0 0 1, 1 0 1, 1 1 1, 0 0 1)), EMPTY)", None),
    ("multipolygon empty", "MULTIPOLYGON EMPTY", None),
    # geometry collections
    ("collection xy", "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))", None),
    ("collection with members of different dimensions",
     "GEOMETRYCOLLECTION (POINT Z (1 2 3), LINESTRING M (0 0 1, 1 1 2), POLYGON EMPTY, POINT (5 6))", None),
    ("collection of empties with declared z",
     "GEOMETRYCOLLECTION (POINT EMPTY, POLYGON Z EMPTY, LINESTRING M EMPTY)",
     "GEOMETRYCOLLECTION (POINT EMPTY, POLYGON EMPTY, LINESTRING EMPTY)"),
    ("collection of every type zm",
     "GEOMETRYCOLLECTION (POINT ZM (1 2 3 4), LINESTRING ZM (0 0 1 2, 1 1 3 4), "
     "POLYGON ZM ((0 0 1 1, 1 0 1 1, 1 1 1 1, 0 0 1 1)), MULTIPOINT ZM ((1 2 3 4), EMPTY), "
     "MULTILINESTRING ZM ((0 0 1 2, 1 1 3 4)), MULTIPOLYGON ZM (((0 0 1 1, 1 0 1 1, 1 1 1 1, 0 0 1 1))))", None),
    ("nested collections",
     "GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (POINT ZM (1 2 3 4), MULTIPOINT ((1 2), EMPTY)), "
     "GEOMETRYCOLLECTION EMPTY, MULTIPOLYGON EMPTY, GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (LINESTRING M (0 0 1, 1 1 NaN))))",
     None),
    ("collection empty", "GEOMETRYCOLLECTION EMPTY", None),
]

TYPE_CODES = {
    "POINT": 1,
    "LINESTRING": 2,
    "POLYGON": 3,
    "MULTIPOINT": 4,
    "MULTILINESTRING": 5,
    "MULTIPOLYGON": 6,
    "GEOMETRYCOLLECTION": 7,
}


def value_dims(geom):
    """(has Z, has M) by the value rule over a geometry that is not a collection proper."""
    coords = shapely.get_coordinates(geom, include_z=True, include_m=True)
    if len(coords) == 0:
        return False, False
    return bool((~np.isnan(coords[:, 2])).any()), bool((~np.isnan(coords[:, 3])).any())


def is_collection_proper(geom):
    return shapely.get_type_id(geom) == 7


def check_canonical(original, canonical, where):
    """Fails unless `canonical` is `original` with the value rule's dimensions, member by member."""
    if shapely.get_type_id(original) != shapely.get_type_id(canonical):
        sys.exit(f"{where}: canonical type differs")
    if is_collection_proper(original):
        a, b = shapely.get_parts(original), shapely.get_parts(canonical)
        if len(a) != len(b):
            sys.exit(f"{where}: canonical member count differs")
        for i, (x, y) in enumerate(zip(a, b)):
            check_canonical(x, y, f"{where} member {i}")
        members_z = any(shapely.has_z(m) for m in b)
        members_m = any(shapely.has_m(m) for m in b)
        if (shapely.has_z(canonical), shapely.has_m(canonical)) != (members_z, members_m):
            sys.exit(f"{where}: GEOS does not derive the collection dimensions from its members")
        return
    z, m = value_dims(original)
    if (bool(shapely.has_z(canonical)), bool(shapely.has_m(canonical))) != (z, m):
        sys.exit(f"{where}: canonical dimensions are not the value dimensions {z, m}")
    a = shapely.get_coordinates(original, include_z=True, include_m=True)
    b = shapely.get_coordinates(canonical, include_z=True, include_m=True)
    keep = [0, 1] + ([2] if z else []) + ([3] if m else [])
    if a.shape != b.shape or not np.array_equal(a[:, keep], b[:, keep], equal_nan=True):
        sys.exit(f"{where}: canonical coordinates differ")
    if shapely.get_num_geometries(original) != shapely.get_num_geometries(canonical):
        sys.exit(f"{where}: canonical parts differ")


def declared_dims(wkt):
    head = wkt.split("(")[0].split("EMPTY")[0].split()
    tag = head[1] if len(head) > 1 else ""
    return "Z" in tag, "M" in tag


def to_wkb(geom, order, flavor, srid):
    if srid:
        geom = shapely.set_srid(geom, srid)
    return shapely.to_wkb(
        geom,
        hex=True,
        output_dimension=4,
        byte_order=1 if order == "LE" else 0,
        flavor=flavor,
        include_srid=flavor == "extended",
    )


def ewkb_le(canonical_wkt, srid):
    return to_wkb(shapely.from_wkt(canonical_wkt), "LE", "extended", srid)


ROWS = []

LICENSE = """\
# Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
# in compliance with the License. You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software distributed under the License
# is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express
# or implied. See the License for the specific language governing permissions and limitations under
# the License.
"""


def row(description, wkt, srid, order, flavor, source, wkb_hex, canonical_wkt=None):
    expected = ewkb_le(canonical_wkt or wkt, srid)
    ROWS.append((description, wkt, str(srid), order, flavor, source, wkb_hex.upper(), expected.upper()))


def geos_rows():
    for description, wkt, canonical_wkt in CASES:
        geom = shapely.from_wkt(wkt)
        z, m = declared_dims(wkt)
        if not wkt.startswith("GEOMETRYCOLLECTION") and (bool(shapely.has_z(geom)), bool(shapely.has_m(geom))) != (z, m):
            sys.exit(f"GEOS reads {wkt!r} with other dimensions; make it a hand-written vector")
        canonical = shapely.from_wkt(canonical_wkt or wkt)
        check_canonical(geom, canonical, description)
        for order in ("LE", "BE"):
            row(description, wkt, 0, order, "iso", "geos", to_wkb(geom, order, "iso", 0), canonical_wkt)
            for srid in (0, SRID):
                row(description, wkt, srid, order, "extended", "geos",
                    to_wkb(geom, order, "extended", srid), canonical_wkt)


# ------------------------------------------------------------------------------------------
# Hand-written vectors: what GEOS cannot express
# ------------------------------------------------------------------------------------------

def type_int(code, z, m, flavor, srid=False):
    if flavor == "iso":
        value = code + (1000 if z and not m else 2000 if m and not z else 3000 if z and m else 0)
    else:
        value = code | (0x80000000 if z else 0) | (0x40000000 if m else 0)
    if srid:
        value |= 0x20000000
    return value


def header(order, type_value, srid=None):
    fmt = "<" if order == "LE" else ">"
    out = struct.pack("B", 1 if order == "LE" else 0) + struct.pack(fmt + "I", type_value)
    if srid:
        out += struct.pack(fmt + "i", srid)
    return out


def count(order, n):
    return struct.pack(("<" if order == "LE" else ">") + "I", n)


def doubles(order, *values):
    return struct.pack(("<" if order == "LE" else ">") + "d" * len(values), *values)


def member(wkt, order, flavor="iso"):
    """A nested geometry as GEOS writes it (no SRID)."""
    return bytes.fromhex(to_wkb(shapely.from_wkt(wkt), order, flavor, 0))


def hand_rows():
    # Empty multi geometries and collections with declared Z/M: GEOS drops those dimensions.
    for name in ("MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON", "GEOMETRYCOLLECTION"):
        for tag, z, m in (("Z", True, False), ("M", False, True), ("ZM", True, True)):
            wkt = f"{name} {tag} EMPTY"
            for order in ("LE", "BE"):
                iso = header(order, type_int(TYPE_CODES[name], z, m, "iso")) + count(order, 0)
                row(f"{name.lower()} {tag.lower()} empty", wkt, 0, order, "iso", "hand", iso.hex(),
                    f"{name} EMPTY")
                for srid in (0, SRID):
                    ext = header(order, type_int(TYPE_CODES[name], z, m, "extended", srid), srid)
                    row(f"{name.lower()} {tag.lower()} empty", wkt, srid, order, "extended", "hand",
                        (ext + count(order, 0)).hex(), f"{name} EMPTY")

    # Mixed byte orders: every nested geometry has its own byte-order byte.
    for outer, inner in (("LE", "BE"), ("BE", "LE")):
        members = ["POINT ZM (1 2 3 4)", "LINESTRING (0 0, 1 1)", "POLYGON EMPTY",
                   "MULTIPOINT M ((1 2 3), EMPTY)"]
        body = b"".join(member(w, inner if i % 2 == 0 else outer) for i, w in enumerate(members))
        wkb = header(outer, type_int(7, True, True, "extended", True), SRID) + count(outer, 4) + body
        wkt = "GEOMETRYCOLLECTION (" + ", ".join(members) + ")"
        row(f"collection {outer} with members in both byte orders", wkt, SRID, "mixed", "extended",
            "hand", wkb.hex())

        wkb = (header(outer, type_int(4, True, False, "iso")) + count(outer, 3)
               + member("POINT Z (1 2 3)", inner) + member("POINT Z (4 5 6)", outer)
               + member("POINT Z EMPTY", inner))
        row(f"multipoint {outer} with {inner} members", "MULTIPOINT Z ((1 2 3), (4 5 6), EMPTY)", 0,
            "mixed", "iso", "hand", wkb.hex())

        polygon = "POLYGON M ((0 0 1, 1 0 2, 1 1 3, 0 0 1), (0.1 0.1 0, 0.5 0.1 0, 0.5 0.5 0, 0.1 0.1 0))"
        wkb = (header(outer, type_int(6, False, True, "extended")) + count(outer, 2)
               + member(polygon, inner, "extended") + member("POLYGON M EMPTY", outer, "extended"))
        row(f"multipolygon {outer} with {inner} members",
            "MULTIPOLYGON M (((0 0 1, 1 0 2, 1 1 3, 0 0 1), (0.1 0.1 0, 0.5 0.1 0, 0.5 0.5 0, 0.1 0.1 0)), EMPTY)",
            0, "mixed", "extended", "hand", wkb.hex())

        inner_collection = (header(inner, type_int(7, False, False, "iso")) + count(inner, 2)
                            + member("MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))", outer)
                            + member("POINT (7 8)", inner))
        wkb = header(outer, type_int(7, False, False, "iso")) + count(outer, 1) + inner_collection
        row(f"nested collections alternating byte order from {outer}",
            "GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (MULTILINESTRING ((0 0, 1 1), (2 2, 3 3)), POINT (7 8)))",
            0, "mixed", "iso", "hand", wkb.hex())

    # ISO type codes combined with EWKB flags: the dimensions are the union of both.
    for order in ("LE", "BE"):
        for iso_code, flags, wkt, values in (
            (1001, 0x40000000, "POINT ZM (1 2 3 4)", (1, 2, 3, 4)),
            (2001, 0x80000000, "POINT ZM (1 2 3 4)", (1, 2, 3, 4)),
            (1001, 0x80000000, "POINT Z (1 2 3)", (1, 2, 3)),
            (3001, 0xC0000000, "POINT ZM (1 2 3 4)", (1, 2, 3, 4)),
        ):
            wkb = header(order, iso_code | flags) + doubles(order, *values)
            row(f"iso type {iso_code} with ewkb flags {flags:#x}", wkt, 0, order, "both", "hand", wkb.hex())
        wkb = header(order, 1002 | 0x40000000 | 0x20000000, SRID) + count(order, 2) + doubles(
            order, 0, 0, 1, 2, 1, 1, 3, 4)
        row("iso linestring z with ewkb m and srid flags", "LINESTRING ZM (0 0 1 2, 1 1 3 4)", SRID, order,
            "both", "hand", wkb.hex())

    # Points whose ordinates are all NaN are empty, whatever the NaN payloads.
    signaling = struct.unpack("<d", struct.pack("<Q", 0x7FF0000000000001))[0]
    negative = struct.unpack("<d", struct.pack("<Q", 0xFFF8000000000000))[0]
    for order in ("LE", "BE"):
        wkb = header(order, type_int(1, True, False, "extended")) + doubles(order, signaling, negative, math.nan)
        row("point z of non-canonical NaNs is empty", "POINT Z EMPTY", 0, order, "extended", "hand",
            wkb.hex(), "POINT EMPTY")
        wkb = header(order, type_int(1, False, False, "iso")) + doubles(order, 1.5, negative)
        row("point with a negative NaN y is not empty", "POINT (1.5 NaN)", 0, order, "iso", "hand",
            wkb.hex())
        wkb = (header(order, type_int(4, False, True, "iso")) + count(order, 2)
               + header(order, type_int(1, False, True, "iso")) + doubles(order, signaling, math.nan, negative)
               + header(order, type_int(1, False, True, "iso")) + doubles(order, 1, 2, -0.0))
        row("multipoint m member of non-canonical NaNs is empty", "MULTIPOINT M (EMPTY, (1 2 -0))", 0, order,
            "iso", "hand", wkb.hex())


def main():
    geos_rows()
    hand_rows()
    out = sys.stdout
    out.write(LICENSE)
    out.write(f"# WKB test vectors generated by generate.py with shapely {shapely.__version__}, "
              f"GEOS {shapely.geos_version_string}. Do not edit; regenerate.\n")
    out.write("description\twkt\tsrid\tbyte_order\tflavor\tsource\twkb_hex\tewkb_le_hex\n")
    for r in ROWS:
        for field in r:
            if "\t" in field or "\n" in field:
                sys.exit(f"tab or newline in {r}")
        out.write("\t".join(r) + "\n")


if __name__ == "__main__":
    main()
