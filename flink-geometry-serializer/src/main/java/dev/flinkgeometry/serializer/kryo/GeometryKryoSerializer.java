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
package dev.flinkgeometry.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.serializer.internal.DeclaredGeometryClass;
import dev.flinkgeometry.serializer.internal.FramedRecords;
import java.io.EOFException;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;
import org.locationtech.jts.geom.Geometry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Kryo serializer for JTS geometries that writes exactly the record of {@code GeometrySerializer}
 * (varint length, then the aligned payload): what Flink's Kryo fallback writes for a geometry once
 * {@code GeometryTypes} registered this class as Kryo's default serializer for the JTS classes, for
 * example for a state descriptor built on a TaskManager or a geometry inside a {@code HashMap}.
 *
 * <p>One compiled class serves Kryo 2.24 (Flink 1.20) and Kryo 5.6 (Flink 2.x): both declare {@code
 * write(Kryo, Output, T)}, {@code read(Kryo, Input, Class)} (2.24: {@code Class<T>}, 5.6: {@code
 * Class<? extends T>}, the same erasure) and {@code copy(Kryo, T)}, and both {@code Input} and
 * {@code Output} are plain {@code java.io} streams, the only way this class uses them. The bytes
 * are written and read by {@link FramedRecords} over the aligned format's codec of this release's
 * version, the framing and codec of an aligned {@code GeometrySerializer}; this class knows no
 * layout.
 *
 * <p>Kryo writes {@code null} itself, so a record here is never empty: a length of 0 means the
 * bytes were not written by this class. That is what Kryo's {@code FieldSerializer} state of a
 * geometry with SRID 0 looks like (it writes the SRID first). The heap backend reads old state with
 * the serializers of the savepoint, but RocksDB reads it with this one: there such state is
 * refused, and the error says what to do ({@code docs/MIGRATION.md}).
 *
 * <p>The class name is stored in Flink's Kryo snapshots: it never changes.
 */
@PublicEvolving
public final class GeometryKryoSerializer extends Serializer<Geometry> {
    static final String NOT_OURS =
            "Kryo state of %s was not written by GeometryKryoSerializer (%s). Kryo's own"
                    + " serializer wrote it, in a job without GeometryTypes.registerKryoFallback,"
                    + " and Flink gives such state no migration. Restore without"
                    + " registerKryoFallback (every entry is then read as it was written), or"
                    + " restore that state once on the hashmap backend with it and take a"
                    + " canonical savepoint: see docs/MIGRATION.md, \"Kryo-held geometries\"";

    private static final Logger LOG = LoggerFactory.getLogger(GeometryKryoSerializer.class);

    /** The classes reported so far, in this JVM: each once. */
    private static final Set<Class<?>> REPORTED = ConcurrentHashMap.newKeySet();

    // A Kryo instance is used by one thread at a time, and so are its serializers.
    private final FramedRecords records =
            new FramedRecords(
                    AlignedFormat.encoder(AlignedFormat.VERSION),
                    AlignedFormat.decoder(AlignedFormat.VERSION, CoordinateSequenceKind.ARRAY));

    // Flink's KryoSerializer keeps one Output and one Input per Kryo instance: wrap each once.
    private Output wrappedOutput;
    private DataOutputViewStreamWrapper outputView;
    private Input wrappedInput;
    private DataInputViewStreamWrapper inputView;

    /** Kryo instantiates default serializers reflectively; a fresh one per Kryo instance. */
    public GeometryKryoSerializer() {
        super(false, false);
    }

    @Override
    public void write(Kryo kryo, Output output, Geometry geometry) {
        // A plain lookup per record; the set is written once per class.
        if (!REPORTED.contains(geometry.getClass()) && REPORTED.add(geometry.getClass())) {
            LOG.warn(
                    "{} is written through Kryo (GeometryKryoSerializer, the aligned record):"
                            + " Flink's type extraction gave some type holding it"
                            + " GenericTypeInfo. Declare it with GeometryTypeInfo where you can;"
                            + " pipeline.generic-types: false makes this an error.",
                    geometry.getClass().getName());
        }
        try {
            records.write(geometry, viewOf(output));
        } catch (IOException e) {
            throw new KryoException("cannot write " + geometry.getGeometryType(), e);
        }
    }

    // A raw Class: the parameter is Class<T> in Kryo 2.24 and Class<? extends T> in Kryo 5.6; the
    // erasure of both is read(Kryo, Input, Class), which this method overrides in either.
    @Override
    @SuppressWarnings("rawtypes")
    public Geometry read(Kryo kryo, Input input, Class type) {
        Geometry geometry;
        try {
            geometry = records.read(viewOf(input));
            if (geometry != null) {
                // The class Kryo reads, so that a LinearRing comes back as one.
                geometry = DeclaredGeometryClass.cast(declared(type), geometry);
            }
        } catch (IOException | RuntimeException e) {
            // Not an EOFException as the direct cause: Flink's KryoSerializer would rethrow that
            // one alone, without this message. Inside a record, the end of input is corruption.
            Throwable cause = e instanceof EOFException ? new IOException("end of input", e) : e;
            throw new KryoException(String.format(NOT_OURS, type.getName(), e), cause);
        }
        if (geometry == null) {
            throw new KryoException(
                    String.format(NOT_OURS, type.getName(), "a record of length 0"));
        }
        return geometry;
    }

    /** Forgets which classes were reported, so that a test sees the first report again. */
    @VisibleForTesting
    static void forgetReports() {
        REPORTED.clear();
    }

    /** A deep copy (JTS {@link Geometry#copy()}: new coordinates, same SRID and user data). */
    @Override
    public Geometry copy(Kryo kryo, Geometry original) {
        return original == null ? null : original.copy();
    }

    private DataOutputViewStreamWrapper viewOf(Output output) {
        if (output != wrappedOutput) {
            outputView = new DataOutputViewStreamWrapper(output);
            wrappedOutput = output;
        }
        return outputView;
    }

    private DataInputViewStreamWrapper viewOf(Input input) {
        if (input != wrappedInput) {
            inputView = new DataInputViewStreamWrapper(input);
            wrappedInput = input;
        }
        return inputView;
    }

    private static Class<? extends Geometry> declared(Class<?> type) {
        return Geometry.class.isAssignableFrom(type)
                ? type.asSubclass(Geometry.class)
                : Geometry.class;
    }
}
