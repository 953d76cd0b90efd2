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
package dev.flinkgeometry.benchmarks.contenders;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import java.io.IOException;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKBWriter;

/** The contenders by the names the benchmarks take as {@code @Param}, and their records. */
public final class Contenders {
    /** {@code GeometrySerializer}, decoding into JTS's default sequences. */
    public static final String OURS = "ours";

    /** {@code GeometrySerializer} with {@link CoordinateSequenceKind#PACKED_DOUBLE}. */
    public static final String OURS_PACKED = "ours-packed";

    /**
     * {@code GeometrySerializer} of {@code GeometryEncoding.compact()}, lossless (TWKB where exact,
     * else the aligned record).
     */
    public static final String COMPACT = "compact";

    /** {@code GeometrySerializer} of {@code GeometryEncoding.compact(7, 7, 7)} (lossy). */
    public static final String COMPACT_7 = "compact-7";

    /** The legacy {@code WkbGeometrySerializer}. */
    public static final String WKB_LEGACY = "wkb-legacy";

    /** JTS {@code WKBWriter}/{@code WKBReader} with an int length prefix. */
    public static final String JTS_WKB = "jts-wkb";

    /** Flink's default for a JTS type: {@code GenericTypeInfo}, that is Kryo. */
    public static final String KRYO = "kryo";

    /** Apache Sedona 1.6.0's {@code GeometrySerializer} with an int length prefix. */
    public static final String SEDONA = "sedona";

    /** Apache Fory 0.13 (see {@code ForyCodec}) with an int length prefix. */
    public static final String FORY = "fory";

    /** Floor: the same number of bytes as ours, copied through the view. */
    public static final String MEMCPY = "memcpy";

    /**
     * Serialize floor: every ordinate read through the geometry's sequences, plus the memcpy
     * floor's copy.
     */
    public static final String TRAVERSE_MEMCPY = "traverse-memcpy";

    /** Floor: the same geometry built from already-decoded arrays. */
    public static final String CONSTRUCT = "construct";

    /**
     * Job floor: a 4-byte index into the workload's pre-built geometries, so that the job measures
     * Flink's own per-record cost.
     */
    public static final String ZERO_COST = "zero-cost";

    /**
     * State floor: {@link #BYTES}, and on every get the geometry built as {@link #CONSTRUCT} builds
     * it.
     */
    public static final String BYTES_CONSTRUCT = "bytes-construct";

    /**
     * State floor: the bytes {@link #OURS} writes for the geometry, encoded beforehand and stored
     * through Flink's {@code byte[]} serializer.
     */
    public static final String BYTES = "bytes";

    /**
     * State-size floor: a value of no bytes under every key, so a savepoint holds only what RocksDB
     * spends per entry (key, sequence number, lengths, block index).
     */
    public static final String KEYS_ONLY = "keys-only";

    /** Every contender of the micro benchmarks, in report order. */
    public static final List<String> MICRO =
            List.of(
                    OURS,
                    OURS_PACKED,
                    COMPACT,
                    COMPACT_7,
                    WKB_LEGACY,
                    JTS_WKB,
                    KRYO,
                    SEDONA,
                    FORY,
                    MEMCPY,
                    TRAVERSE_MEMCPY,
                    CONSTRUCT);

    /** Every contender, in report order: the micro ones, then the job and state floors. */
    public static final List<String> ALL =
            List.of(
                    OURS,
                    OURS_PACKED,
                    COMPACT,
                    COMPACT_7,
                    WKB_LEGACY,
                    JTS_WKB,
                    KRYO,
                    SEDONA,
                    FORY,
                    MEMCPY,
                    TRAVERSE_MEMCPY,
                    CONSTRUCT,
                    ZERO_COST,
                    BYTES,
                    BYTES_CONSTRUCT,
                    KEYS_ONLY);

    /** The contenders that write records (the floors write none of their own). */
    public static final List<String> WRITERS =
            List.of(OURS, COMPACT, COMPACT_7, WKB_LEGACY, JTS_WKB, KRYO, SEDONA, FORY);

    private Contenders() {}

    public static Contender create(String name, Geometry[] geometries) {
        switch (name) {
            case OURS:
                return serializer(name, GeometrySerializer.of(Geometry.class), geometries);
            case OURS_PACKED:
                return serializer(
                        name,
                        GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                        geometries);
            case COMPACT:
            case COMPACT_7:
                return serializer(name, flinkSerializer(name), geometries);
            case WKB_LEGACY:
                return serializer(name, WkbGeometrySerializer.of(Geometry.class), geometries);
            case KRYO:
                return serializer(name, kryo(), geometries);
            case JTS_WKB:
                return new LengthPrefixedContender(name, jtsWkb(), geometries);
            case SEDONA:
                return new LengthPrefixedContender(name, sedona(), geometries);
            case FORY:
                return new LengthPrefixedContender(name, new ForyCodec(), geometries);
            case MEMCPY:
                return new MemcpyFloor(geometries, records(create(OURS, geometries)));
            case TRAVERSE_MEMCPY:
                return new TraverseMemcpyFloor(geometries, records(create(OURS, geometries)));
            case CONSTRUCT:
                return new ConstructFloor(geometries);
            default:
                throw new IllegalArgumentException("unknown contender " + name);
        }
    }

    /**
     * The Flink serializer of a job or state contender: ours, compact, compact-7, wkb-legacy,
     * jts-wkb or kryo.
     */
    public static TypeSerializer<Geometry> flinkSerializer(String name) {
        switch (name) {
            case OURS:
                return GeometrySerializer.of(Geometry.class);
            case COMPACT:
                return GeometrySerializer.of(Geometry.class, GeometryEncoding.compact());
            case COMPACT_7:
                return GeometrySerializer.of(Geometry.class, GeometryEncoding.compact(7, 7, 7));
            case WKB_LEGACY:
                return WkbGeometrySerializer.of(Geometry.class);
            case JTS_WKB:
                return new JtsWkbSerializer();
            case KRYO:
                return kryo();
            default:
                throw new IllegalArgumentException("no Flink serializer contender " + name);
        }
    }

    /** Flink's serializer for a {@code Geometry} field when nothing is registered: Kryo. */
    @SuppressWarnings("unchecked")
    public static TypeSerializer<Geometry> kryo() {
        return (TypeSerializer<Geometry>)
                (TypeSerializer<?>)
                        new GenericTypeInfo<>(Geometry.class)
                                .createSerializer(new SerializerConfigImpl());
    }

    /** The bytes {@code contender} writes for each geometry through a {@code byte[]} view. */
    public static byte[][] records(Contender contender) {
        DataOutputSerializer out = new DataOutputSerializer(1 << 16);
        byte[][] records = new byte[contender.size()][];
        try {
            for (int i = 0; i < records.length; i++) {
                out.clear();
                contender.serialize(i, out);
                records[i] = out.getCopyOfBuffer();
            }
        } catch (IOException e) {
            throw new IllegalStateException(contender.name() + " cannot serialize", e);
        }
        return records;
    }

    private static Contender serializer(
            String name, TypeSerializer<Geometry> serializer, Geometry[] geometries) {
        // copy(T) starts from what this serializer's deserialize gives, as in a job.
        Geometry[] decoded = new Geometry[geometries.length];
        DataOutputSerializer out = new DataOutputSerializer(1 << 16);
        DataInputDeserializer in = new DataInputDeserializer();
        try {
            for (int i = 0; i < geometries.length; i++) {
                out.clear();
                serializer.serialize(geometries[i], out);
                in.setBuffer(out.getSharedBuffer(), 0, out.length());
                decoded[i] = serializer.deserialize(in);
            }
        } catch (IOException e) {
            throw new IllegalStateException(name + " cannot round-trip", e);
        }
        return new SerializerContender(
                name, serializer.duplicate(), geometries, decoded, name.equals(COMPACT_7));
    }

    private static LengthPrefixedContender.Codec jtsWkb() {
        WKBWriter writer = new WKBWriter();
        WKBReader reader = new WKBReader();
        return new LengthPrefixedContender.Codec() {
            @Override
            public byte[] encode(Geometry geometry) {
                return writer.write(geometry);
            }

            @Override
            public Geometry decode(byte[] bytes) throws IOException {
                try {
                    return reader.read(bytes);
                } catch (ParseException e) {
                    throw new IOException(e);
                }
            }
        };
    }

    private static LengthPrefixedContender.Codec sedona() {
        return new LengthPrefixedContender.Codec() {
            @Override
            public byte[] encode(Geometry geometry) {
                return org.apache.sedona.common.geometrySerde.GeometrySerializer.serialize(
                        geometry);
            }

            @Override
            public Geometry decode(byte[] bytes) {
                return org.apache.sedona.common.geometrySerde.GeometrySerializer.deserialize(bytes);
            }
        };
    }
}
