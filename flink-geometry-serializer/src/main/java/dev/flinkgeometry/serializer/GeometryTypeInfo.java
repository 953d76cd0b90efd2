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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.serializer.internal.DeclaredGeometryClass;
import dev.flinkgeometry.serializer.internal.SerializerTypeInfo;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * The {@link TypeInformation} of JTS geometries: creates {@link GeometrySerializer}s of its {@link
 * GeometryEncoding} (aligned unless asked otherwise). Pass it to a state descriptor ({@code new
 * ValueStateDescriptor<>("track", GeometryTypeInfo.of(LineString.class,
 * GeometryEncoding.compact()))}) or to {@code returns(...)}; {@link GeometryTypes} gives it to
 * every geometry of a job.
 *
 * <p>Geometries of a lossless encoding (aligned, compact lossless) are key types: their serialized
 * bytes depend only on their content, so they can be used with {@code keyBy} on every state backend
 * and sorted in BATCH execution. On the hashmap backend keys are compared with JTS {@code
 * Geometry.equals}, which looks at X and Y only. A fixed-precision compact encoding is not a key
 * type ({@link #isKeyType()} is false): two geometries that round to the same bytes would be one
 * key. Where Flink validates keys (field and expression keys, joins) it refuses them, but {@code
 * DataStream.keyBy(KeySelector, TypeInformation)} does not ask (Flink 2.3 and 1.20 check only
 * hashability there), so the job runs, and on RocksDB geometries that round alike share their
 * state. Key by a lossless encoding.
 *
 * @param <T> the geometry class
 */
@PublicEvolving
public final class GeometryTypeInfo<T extends Geometry> extends SerializerTypeInfo<T> {
    private static final long serialVersionUID = 1L;

    private final CoordinateSequenceKind sequenceKind;

    /** {@code null} in an instance Java-serialized before the field existed: aligned. */
    private final GeometryEncoding encoding;

    private GeometryTypeInfo(
            Class<T> geometryClass,
            GeometryEncoding encoding,
            CoordinateSequenceKind sequenceKind) {
        super(
                geometryClass,
                Objects.requireNonNull(sequenceKind, "sequenceKind"),
                Objects.requireNonNull(encoding, "encoding"));
        this.sequenceKind = sequenceKind;
        this.encoding = encoding;
    }

    /**
     * Aligned type information for {@code geometryClass}, decoding into JTS's default sequences.
     *
     * <p>Declared like the {@code TypeInformation.of(Class)} it hides (Java allows no narrower
     * signature); the result is a {@code GeometryTypeInfo}.
     *
     * @throws IllegalArgumentException if {@code geometryClass} is not a JTS geometry class
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> TypeInformation<T> of(Class<T> geometryClass) {
        return new GeometryTypeInfo(
                DeclaredGeometryClass.require(geometryClass),
                GeometryEncoding.ALIGNED,
                CoordinateSequenceKind.ARRAY);
    }

    /** Aligned type information, decoding into sequences of the given kind. */
    public static <T extends Geometry> GeometryTypeInfo<T> of(
            Class<T> geometryClass, CoordinateSequenceKind sequenceKind) {
        return of(geometryClass, GeometryEncoding.ALIGNED, sequenceKind);
    }

    /** Type information of {@code encoding}, decoding into JTS's default sequences. */
    public static <T extends Geometry> GeometryTypeInfo<T> of(
            Class<T> geometryClass, GeometryEncoding encoding) {
        return of(geometryClass, encoding, CoordinateSequenceKind.ARRAY);
    }

    /** Type information of {@code encoding}, decoding into sequences of the given kind. */
    public static <T extends Geometry> GeometryTypeInfo<T> of(
            Class<T> geometryClass,
            GeometryEncoding encoding,
            CoordinateSequenceKind sequenceKind) {
        return new GeometryTypeInfo<>(
                DeclaredGeometryClass.require(geometryClass), encoding, sequenceKind);
    }

    /** The kind of coordinate sequences that deserialized geometries get. */
    public CoordinateSequenceKind sequenceKind() {
        return sequenceKind;
    }

    /** How the serializers of this type write. */
    public GeometryEncoding encoding() {
        return encoding;
    }

    /**
     * Whether geometries of this type can be keys: in a lossless encoding their bytes depend on
     * their content only.
     */
    @Override
    public boolean isKeyType() {
        return encoding.isLossless();
    }

    @Override
    protected TypeSerializer<T> newSerializer() {
        return new GeometrySerializer<>(getTypeClass(), encoding, sequenceKind);
    }

    private Object readResolve() {
        return encoding != null
                ? this
                : new GeometryTypeInfo<>(getTypeClass(), GeometryEncoding.ALIGNED, sequenceKind);
    }

    @Override
    public String toString() {
        String name = getTypeClass().getSimpleName();
        return encoding.isAligned()
                ? "Geometry<" + name + ">"
                : "Geometry<" + name + ", " + encoding + ">";
    }
}
