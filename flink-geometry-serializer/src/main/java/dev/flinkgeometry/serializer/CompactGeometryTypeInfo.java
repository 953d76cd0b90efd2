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
 * The {@link TypeInformation} of a geometry held by a {@link CompactGeometrySerializer}: pass it to
 * a state descriptor ({@code new ValueStateDescriptor<>("track",
 * CompactGeometryTypeInfo.of(LineString.class))}), to {@code returns(...)}, or get it for POJO
 * fields and whole jobs through {@link CompactGeometryTypeInfoFactory} and {@link
 * CompactGeometryTypes}.
 *
 * <p>Lossless compact geometries are key types (their bytes depend on the values only, as the
 * aligned format's); fixed-precision ones are not ({@link #isKeyType()} is false): two geometries
 * that round to the same bytes would be one key. Where Flink validates keys ({@code Keys}: field
 * and expression keys, joins) it refuses them ("... is not a valid key type"), and so does {@code
 * KeyedStateRewrite}. But {@code DataStream.keyBy(KeySelector, TypeInformation)} does not: Flink
 * 2.3 and 1.20 check only hashability there, and the job graph only calls {@code createSerializer},
 * as for a value, so the job builds and runs, and on RocksDB geometries that round alike (in one
 * key group) share their state. Key by {@link #lossless} or {@code GeometryTypeInfo} instead.
 *
 * @param <T> the declared geometry class
 */
@PublicEvolving
public final class CompactGeometryTypeInfo<T extends Geometry> extends SerializerTypeInfo<T> {
    private static final long serialVersionUID = 1L;

    private final CompactPrecision precision;
    private final CoordinateSequenceKind sequenceKind;

    private CompactGeometryTypeInfo(
            Class<T> geometryClass,
            CompactPrecision precision,
            CoordinateSequenceKind sequenceKind) {
        super(
                geometryClass,
                Objects.requireNonNull(precision, "precision"),
                Objects.requireNonNull(sequenceKind, "sequenceKind"));
        this.precision = precision;
        this.sequenceKind = sequenceKind;
    }

    /**
     * Lossless compact type information for {@code geometryClass}. Declared like the {@code
     * TypeInformation.of(Class)} it hides (Java allows no narrower signature); the result is a
     * {@code CompactGeometryTypeInfo}, which {@link #lossless} returns typed.
     *
     * @throws IllegalArgumentException if {@code geometryClass} is not a JTS geometry class
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> TypeInformation<T> of(Class<T> geometryClass) {
        return new CompactGeometryTypeInfo(
                DeclaredGeometryClass.require(geometryClass),
                CompactPrecision.LOSSLESS,
                CoordinateSequenceKind.ARRAY);
    }

    /** Lossless compact type information for {@code geometryClass}. */
    public static <T extends Geometry> CompactGeometryTypeInfo<T> lossless(Class<T> geometryClass) {
        return of(geometryClass, CompactPrecision.LOSSLESS, CoordinateSequenceKind.ARRAY);
    }

    /**
     * Fixed-precision (lossy, not a key type) compact type information for {@code geometryClass}:
     * for values. Do not pass it to {@code keyBy(KeySelector, TypeInformation)}: Flink accepts it
     * there without a check (see the class comment); key by {@link #lossless} or {@code
     * GeometryTypeInfo.of(...)}.
     */
    public static <T extends Geometry> CompactGeometryTypeInfo<T> withPrecision(
            Class<T> geometryClass, int xyDigits, int zDigits, int mDigits) {
        return of(
                geometryClass,
                CompactPrecision.of(xyDigits, zDigits, mDigits),
                CoordinateSequenceKind.ARRAY);
    }

    /** Compact type information of the given precision and decoded sequence kind. */
    public static <T extends Geometry> CompactGeometryTypeInfo<T> of(
            Class<T> geometryClass,
            CompactPrecision precision,
            CoordinateSequenceKind sequenceKind) {
        return new CompactGeometryTypeInfo<>(
                DeclaredGeometryClass.require(geometryClass), precision, sequenceKind);
    }

    public CompactPrecision precision() {
        return precision;
    }

    public CoordinateSequenceKind sequenceKind() {
        return sequenceKind;
    }

    /** Lossless only: fixed-precision bytes are not a function of the geometry's values. */
    @Override
    public boolean isKeyType() {
        return precision.isLossless();
    }

    @Override
    protected TypeSerializer<T> newSerializer() {
        return new CompactGeometrySerializer<>(getTypeClass(), precision, sequenceKind);
    }

    @Override
    public String toString() {
        return "CompactGeometry<" + getTypeClass().getSimpleName() + ", " + precision + ">";
    }
}
