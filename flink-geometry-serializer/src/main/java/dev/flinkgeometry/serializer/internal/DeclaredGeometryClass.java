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
package dev.flinkgeometry.serializer.internal;

import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * What a serializer declared for one JTS class does with that class: loads it from a snapshot,
 * checks and converts decoded geometries, and builds an empty instance. Shared by this library's
 * serializers; not part of its API.
 */
@Internal
public final class DeclaredGeometryClass {
    /** Most general first, so that {@code Geometry} gets an empty collection. */
    private static final List<Function<GeometryFactory, Geometry>> EMPTY_CANDIDATES =
            List.of(
                    GeometryFactory::createGeometryCollection,
                    GeometryFactory::createMultiPolygon,
                    GeometryFactory::createMultiLineString,
                    GeometryFactory::createMultiPoint,
                    GeometryFactory::createPolygon,
                    GeometryFactory::createLineString,
                    GeometryFactory::createLinearRing,
                    GeometryFactory::createPoint);

    private DeclaredGeometryClass() {}

    /**
     * Fails unless {@code record} is an instance of one of JTS's eight concrete geometry classes.
     * The formats store the JTS type only: a user subclass (say {@code TaggedPoint extends Point})
     * would be written as its JTS parent and read back as one, and a serializer declared for the
     * subclass could not read its own records. Refused before anything is written.
     *
     * @throws IllegalArgumentException for an instance of any other class
     */
    public static void requireJtsClass(Geometry record) {
        Class<?> type = record.getClass();
        if (type != Point.class
                && type != Polygon.class
                && type != LineString.class
                && type != MultiPolygon.class
                && type != LinearRing.class
                && type != MultiPoint.class
                && type != MultiLineString.class
                && type != GeometryCollection.class) {
            throw new IllegalArgumentException(
                    "cannot serialize a "
                            + type.getName()
                            + ": only JTS's own geometry classes can be written (it would be read"
                            + " back as a plain "
                            + record.getGeometryType()
                            + "); convert it to its JTS class first");
        }
    }

    /**
     * {@code type}, checked to be a JTS geometry class: for the factories that take any class, as
     * {@code TypeInformation.of(Class)} does.
     *
     * @throws IllegalArgumentException if it is not
     */
    public static <T> Class<T> require(Class<T> type) {
        if (!Geometry.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(type.getName() + " is not a JTS Geometry class");
        }
        return type;
    }

    /**
     * Fails unless {@code record} is a {@code declared}: a serializer must not write what it cannot
     * read back (a {@code Polygon} through a serializer declared for {@code Point}, reached through
     * raw types or an unchecked cast). Refused before anything is written.
     *
     * @throws IllegalArgumentException for a geometry of another class
     */
    public static void requireInstance(Class<? extends Geometry> declared, Geometry record) {
        // Most serializers are declared for Geometry, which every record is.
        if (declared != Geometry.class && !declared.isInstance(record)) {
            throw new IllegalArgumentException(
                    "cannot serialize a "
                            + record.getGeometryType()
                            + " with a serializer declared for "
                            + declared.getName()
                            + ": it could not read it back");
        }
    }

    /**
     * {@code geometry} as {@code declared}. Formats do not tell a {@code LinearRing} from a {@code
     * LineString}, so for a serializer declared for {@code LinearRing} a line string is rebuilt as
     * a ring (same sequence and SRID).
     *
     * @throws IOException if the geometry is of another class, or not a valid ring
     */
    public static <T extends Geometry> T cast(Class<T> declared, Geometry geometry)
            throws IOException {
        // Most serializers are declared for Geometry: no class test on their hot path.
        if (declared == Geometry.class || declared.isInstance(geometry)) {
            @SuppressWarnings("unchecked") // tested just above
            T same = (T) geometry;
            return same;
        }
        if (declared == LinearRing.class && geometry instanceof LineString) {
            try {
                LinearRing ring =
                        geometry.getFactory()
                                .createLinearRing(((LineString) geometry).getCoordinateSequence());
                ring.setSRID(geometry.getSRID());
                return declared.cast(ring);
            } catch (IllegalArgumentException e) {
                throw new IOException("record is not a valid LinearRing: " + e.getMessage(), e);
            }
        }
        throw new IOException(
                "record holds a "
                        + geometry.getGeometryType()
                        + ", but this serializer is declared for "
                        + declared.getName());
    }

    /**
     * Loads the geometry class named in a serializer snapshot.
     *
     * @throws IOException if the class is missing or not a JTS geometry class
     */
    @SuppressWarnings("unchecked")
    public static <T extends Geometry> Class<T> load(String name, ClassLoader classLoader)
            throws IOException {
        Class<?> type;
        try {
            type = Class.forName(name, false, classLoader);
        } catch (ClassNotFoundException e) {
            throw new IOException("geometry class " + name + " of the snapshot not found", e);
        }
        if (!Geometry.class.isAssignableFrom(type)) {
            throw new IOException("snapshot class " + name + " is not a JTS Geometry");
        }
        return (Class<T>) type;
    }

    /** An empty geometry that is a {@code declared}, or {@code null} if JTS builds none. */
    public static <T extends Geometry> T emptyInstance(Class<T> declared, GeometryFactory factory) {
        for (Function<GeometryFactory, Geometry> candidate : EMPTY_CANDIDATES) {
            Geometry empty = candidate.apply(factory);
            if (declared.isInstance(empty)) {
                return declared.cast(empty);
            }
        }
        return null;
    }
}
