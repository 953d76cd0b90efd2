/*
 * Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
 * in compliance with the License. You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software distributed under the License
 * is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express
 * or implied. See the License for the specific language governing permissions and limitations under
 * the License.
 */
package dev.flinkgeometry.format.wkb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.internal.RawBytes;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Wkt;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import org.apache.flink.testutils.DeeplyEqualsChecker;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/** Test data and helpers of the legacy WKB tests: the GEOS vectors, WKT, records. */
public final class WkbTestSupport {
    public static final GeometryFactory FACTORY = new GeometryFactory();

    public static final HexFormat HEX = HexFormat.of().withUpperCase();

    private static List<Vector> vectors;

    private WkbTestSupport() {}

    /**
     * One line of {@code /wkb/vectors.tsv} (see {@code generate.py} next to it for the columns).
     */
    public static final class Vector {
        public final String description;
        public final String wkt;
        public final int srid;
        public final String byteOrder;
        public final String flavor;
        public final String source;
        public final byte[] wkb;
        public final String ewkbLeHex;

        Vector(String[] fields) {
            description = fields[0];
            wkt = fields[1];
            srid = Integer.parseInt(fields[2]);
            byteOrder = fields[3];
            flavor = fields[4];
            source = fields[5];
            wkb = HEX.parseHex(fields[6]);
            ewkbLeHex = fields[7];
        }

        /** The geometry a reader must produce: the WKT with the SRID on every level. */
        public Geometry expected() {
            return withSrid(wkt(wkt), srid);
        }

        @Override
        public String toString() {
            return description + " [" + byteOrder + ", " + flavor + ", srid " + srid + "]";
        }
    }

    /** Every vector of {@code /wkb/vectors.tsv}, in file order. */
    public static synchronized List<Vector> vectors() {
        if (vectors == null) {
            List<Vector> all = new ArrayList<>();
            for (String line : lines("/wkb/vectors.tsv")) {
                if (line.startsWith("#") || line.startsWith("description\t")) {
                    continue;
                }
                String[] fields = line.split("\t", -1);
                if (fields.length != 8) {
                    throw new IllegalStateException(
                            "vector line with " + fields.length + " fields");
                }
                all.add(new Vector(fields));
            }
            vectors = Collections.unmodifiableList(all);
        }
        return vectors;
    }

    /** {@link Wkt#read(String)}: XY input gives sequences of dimension 2. */
    public static Geometry wkt(String text) {
        return Wkt.read(FACTORY, text);
    }

    /** {@link Wkt#withSridOnEveryMember}: as the WKB reader sets it. */
    public static <G extends Geometry> G withSrid(G geometry, int srid) {
        return Wkt.withSridOnEveryMember(geometry, srid);
    }

    public static byte[] hex(String hex) {
        return HEX.parseHex(hex.replace(" ", ""));
    }

    public static List<String> lines(String resource) {
        List<String> lines = new ArrayList<>();
        try (InputStream stream = WkbTestSupport.class.getResourceAsStream(resource)) {
            if (stream == null) {
                throw new IllegalStateException("test resource " + resource + " not found");
            }
            BufferedReader reader =
                    new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    /** Flink's deep-equality checker, comparing geometries exactly ({@link ExactGeometry}). */
    public static DeeplyEqualsChecker exactChecker() {
        return new DeeplyEqualsChecker()
                .withCustomCheck(
                        (a, b) -> a instanceof Geometry && b instanceof Geometry,
                        (a, b, checker) -> ExactGeometry.equal((Geometry) a, (Geometry) b));
    }

    /**
     * Asserts that {@code actual} is exactly {@code expected} ({@link ExactGeometry}), with the
     * same SRID on every member, and sequences of the same declared dimension and measures.
     */
    public static void assertReadAs(Geometry actual, Geometry expected, Object description) {
        assertThat(ExactGeometry.describe(actual))
                .as("exact description of %s", description)
                .isEqualTo(ExactGeometry.describe(expected));
        assertSameDeclaredLayout(actual, expected, description);
    }

    public static void assertSameDeclaredLayout(
            Geometry actual, Geometry expected, Object description) {
        assertThat(actual.getClass()).as("class in %s", description).isEqualTo(expected.getClass());
        assertThat(actual.getSRID()).as("SRID in %s", description).isEqualTo(expected.getSRID());
        if (actual instanceof Point || actual instanceof LineString || actual instanceof Polygon) {
            List<CoordinateSequence> a = ExactGeometry.sequences(actual);
            List<CoordinateSequence> e = ExactGeometry.sequences(expected);
            assertThat(a).as("sequences of %s", description).hasSameSizeAs(e);
            for (int i = 0; i < a.size(); i++) {
                assertThat(a.get(i).getDimension())
                        .as("dimension of sequence %d of %s", i, description)
                        .isEqualTo(e.get(i).getDimension());
                assertThat(a.get(i).getMeasures())
                        .as("measures of sequence %d of %s", i, description)
                        .isEqualTo(e.get(i).getMeasures());
            }
            return;
        }
        assertThat(actual.getNumGeometries())
                .as("members of %s", description)
                .isEqualTo(expected.getNumGeometries());
        for (int i = 0; i < actual.getNumGeometries(); i++) {
            assertSameDeclaredLayout(actual.getGeometryN(i), expected.getGeometryN(i), description);
        }
    }

    /** Reads one WKB with a fresh reader. */
    public static Geometry read(byte[] wkb) throws IOException {
        return new WkbReader().read(wkb, 0, wkb.length);
    }

    /** Writes one geometry with a fresh writer. */
    public static byte[] write(Geometry geometry) throws IOException {
        return new WkbWriter().write(geometry);
    }

    /** A record: the big-endian int length, then the bytes. */
    public static byte[] record(byte[] wkb) {
        byte[] record = new byte[4 + wkb.length];
        RawBytes.putIntBE(record, 0, wkb.length);
        System.arraycopy(wkb, 0, record, 4, wkb.length);
        return record;
    }

    public static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }
}
