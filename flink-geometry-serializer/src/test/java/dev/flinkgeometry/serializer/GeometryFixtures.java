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
package dev.flinkgeometry.serializer;

import dev.flinkgeometry.testing.ExactGeometry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.testutils.DeeplyEqualsChecker;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/** Geometries in canonical form (what decoding gives back), and small helpers for the tests. */
final class GeometryFixtures {
    /** JTS's default factory: {@code CoordinateArraySequence}, floating precision, SRID 0. */
    static final GeometryFactory ARRAY_FACTORY = new GeometryFactory();

    /** A factory of {@code PackedCoordinateSequence.Double} sequences. */
    static final GeometryFactory PACKED_FACTORY =
            new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);

    /** The Natural Earth corpus on the test classpath, with its line count per file. */
    static final String[] NATURAL_EARTH_FILES = {
        "natural-earth-cities.wkt",
        "natural-earth-coastline.wkt",
        "natural-earth-countries-110m.wkt",
        "natural-earth-countries-50m.wkt",
        "natural-earth-lakes.wkt",
        "natural-earth-rivers.wkt"
    };

    static final int NATURAL_EARTH_LINES = 3961;

    private GeometryFixtures() {}

    /**
     * Reads WKT with the ISO coordinate syntax only, so that XY input gives sequences of dimension
     * 2 (as decoding does), not JTS's old 3-ordinate default.
     */
    static Geometry wkt(String text) {
        return wkt(ARRAY_FACTORY, text);
    }

    static Geometry wkt(GeometryFactory factory, String text) {
        WKTReader reader = new WKTReader(factory);
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        try {
            return reader.read(text);
        } catch (ParseException e) {
            throw new IllegalArgumentException("bad test WKT: " + text, e);
        }
    }

    static <T extends Geometry> T wkt(Class<T> type, String text) {
        return type.cast(wkt(text));
    }

    /** {@code geometry} with its SRID set (the top level only, as decoding sets it). */
    static <T extends Geometry> T srid(T geometry, int srid) {
        geometry.setSRID(srid);
        return geometry;
    }

    /** A collection of {@code members} (which keep their own SRIDs) with SRID {@code srid}. */
    static GeometryCollection collection(int srid, Geometry... members) {
        GeometryCollection collection = ARRAY_FACTORY.createGeometryCollection(members);
        collection.setSRID(srid);
        return collection;
    }

    /** An XY line string of {@code vertices} distinct, non-integral vertices. */
    static LineString longLine(int vertices) {
        Coordinate[] coordinates = new Coordinate[vertices];
        for (int i = 0; i < vertices; i++) {
            coordinates[i] = new CoordinateXY(i * 0.001 - 180.0, Math.sin(i * 0.01) * 89.5);
        }
        return ARRAY_FACTORY.createLineString(coordinates);
    }

    /** Reads WKT lines from the classpath resource {@code path} (US-ASCII). */
    static List<Geometry> readWktResource(String path, GeometryFactory factory) {
        WKTReader reader = new WKTReader(factory);
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        List<Geometry> geometries = new ArrayList<>();
        try (InputStream stream = GeometryFixtures.class.getResourceAsStream(path)) {
            if (stream == null) {
                throw new IllegalStateException("test resource " + path + " not on the classpath");
            }
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(stream, StandardCharsets.US_ASCII));
            for (String line; (line = lines.readLine()) != null; ) {
                geometries.add(reader.read(line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParseException e) {
            throw new IllegalStateException("unparseable line in " + path, e);
        }
        return geometries;
    }

    /** Every geometry of the Natural Earth corpus, in file order. */
    static List<Geometry> naturalEarth(GeometryFactory factory) {
        List<Geometry> all = new ArrayList<>();
        for (String file : NATURAL_EARTH_FILES) {
            all.addAll(readWktResource("/natural-earth/" + file, factory));
        }
        return all;
    }

    /** A typed array of {@code values}, for {@code SerializerTestBase#getTestData()}. */
    @SuppressWarnings("unchecked")
    static <T> T[] array(Class<T> type, List<? extends T> values) {
        T[] array = (T[]) Array.newInstance(type, values.size());
        return values.toArray(array);
    }

    /** Flink's deep-equality checker, comparing geometries exactly ({@link ExactGeometry}). */
    static DeeplyEqualsChecker exactChecker() {
        return new DeeplyEqualsChecker()
                .withCustomCheck(
                        (a, b) -> a instanceof Geometry && b instanceof Geometry,
                        (a, b, checker) -> ExactGeometry.equal((Geometry) a, (Geometry) b));
    }

    /** One record as {@code serializer} writes it. */
    static <T> byte[] serialize(TypeSerializer<T> serializer, T value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(value, out);
        return out.getCopyOfBuffer();
    }

    /** Reads one record that fills {@code bytes} exactly. */
    static <T> T deserialize(TypeSerializer<T> serializer, byte[] bytes) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        T value = serializer.deserialize(in);
        if (in.available() != 0) {
            throw new AssertionError(in.available() + " bytes left after the record");
        }
        return value;
    }
}
