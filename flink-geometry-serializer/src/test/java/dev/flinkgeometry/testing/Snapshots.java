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
package dev.flinkgeometry.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The snapshot tests' steps as Flink takes them on restore: a serializer snapshot written into a
 * savepoint and read back, and the new serializer's snapshot asked about the old one.
 */
public final class Snapshots {
    private static final ClassLoader CLASS_LOADER = Snapshots.class.getClassLoader();

    /** Every JTS class a geometry serializer can be made for: {@code Geometry} and its kinds. */
    public static final List<Class<? extends Geometry>> GEOMETRY_CLASSES =
            List.of(
                    Geometry.class,
                    Point.class,
                    LineString.class,
                    LinearRing.class,
                    Polygon.class,
                    MultiPoint.class,
                    MultiLineString.class,
                    MultiPolygon.class,
                    GeometryCollection.class);

    private Snapshots() {}

    /** As Flink resolves: the new serializer's snapshot is asked about the old snapshot. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static TypeSerializerSchemaCompatibility<?> resolve(
            TypeSerializer<?> newSerializer, TypeSerializerSnapshot<?> oldSnapshot) {
        TypeSerializerSnapshot newSnapshot = newSerializer.snapshotConfiguration();
        return newSnapshot.resolveSchemaCompatibility((TypeSerializerSnapshot) oldSnapshot);
    }

    /** Writes {@code snapshot} as a savepoint does and reads it back. */
    public static TypeSerializerSnapshot<?> roundTrip(TypeSerializerSnapshot<?> snapshot)
            throws IOException {
        return read(versioned(snapshot));
    }

    /** The serializer's snapshot written as a savepoint does and read back. */
    public static TypeSerializerSnapshot<?> roundTrip(TypeSerializer<?> serializer)
            throws IOException {
        return roundTrip(serializer.snapshotConfiguration());
    }

    /** {@code snapshot} as a savepoint holds it: with its class name and version. */
    public static byte[] versioned(TypeSerializerSnapshot<?> snapshot) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshot.writeVersionedSnapshot(out, snapshot);
        return out.getCopyOfBuffer();
    }

    /** Reads a versioned snapshot as a restore does; every byte must belong to it. */
    public static TypeSerializerSnapshot<?> read(byte[] bytes) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        TypeSerializerSnapshot<?> snapshot =
                TypeSerializerSnapshot.readVersionedSnapshot(in, CLASS_LOADER);
        assertThat(in.available()).as("bytes left after the snapshot").isZero();
        return snapshot;
    }
}
