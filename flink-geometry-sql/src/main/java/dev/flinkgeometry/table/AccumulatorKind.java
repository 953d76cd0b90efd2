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
package dev.flinkgeometry.table;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;
import org.locationtech.jts.geom.Geometry;

/**
 * The accumulators of the geometry aggregates, each with its state layout. A name is written into
 * savepoints ({@link AccumulatorSerializerSnapshot}): never rename one.
 */
@Internal
enum AccumulatorKind {
    COLLECT(CollectAccumulator.class),
    TRACK(TrackAccumulator.class),
    UNION(UnionAccumulator.class),
    EXTENT(ExtentAccumulator.class);

    private final Class<?> accumulatorClass;

    AccumulatorKind(Class<?> accumulatorClass) {
        this.accumulatorClass = accumulatorClass;
    }

    /** The {@code RAW} accumulator type whose geometries {@code geometries} writes. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    DataType dataType(TypeSerializer<Geometry> geometries) {
        return DataTypes.RAW(
                (Class) accumulatorClass, new AccumulatorSerializer<>(this, geometries));
    }

    Object create() {
        switch (this) {
            case COLLECT:
                return new CollectAccumulator();
            case TRACK:
                return new TrackAccumulator();
            case UNION:
                return new UnionAccumulator();
            default:
                return new ExtentAccumulator();
        }
    }

    Object copy(Object accumulator) {
        switch (this) {
            case COLLECT:
                return ((CollectAccumulator) accumulator).copy();
            case TRACK:
                return ((TrackAccumulator) accumulator).copy();
            case UNION:
                return ((UnionAccumulator) accumulator).copy();
            default:
                return ((ExtentAccumulator) accumulator).copy();
        }
    }

    void write(Object accumulator, DataOutputView out, TypeSerializer<Geometry> geometries)
            throws IOException {
        switch (this) {
            case COLLECT:
                ((CollectAccumulator) accumulator).write(out, geometries);
                break;
            case TRACK:
                ((TrackAccumulator) accumulator).write(out, geometries);
                break;
            case UNION:
                ((UnionAccumulator) accumulator).write(out, geometries);
                break;
            default:
                ((ExtentAccumulator) accumulator).write(out);
        }
    }

    Object read(DataInputView in, TypeSerializer<Geometry> geometries) throws IOException {
        switch (this) {
            case COLLECT:
                return CollectAccumulator.read(in, geometries);
            case TRACK:
                return TrackAccumulator.read(in, geometries);
            case UNION:
                return UnionAccumulator.read(in, geometries);
            default:
                return ExtentAccumulator.read(in);
        }
    }

    /**
     * The number of entries an accumulator's state declares, checked: a negative count is corrupt
     * state, and a list is grown as entries arrive, never allocated up front from the count.
     */
    static int count(DataInputView in, String what) throws IOException {
        int count = in.readInt();
        if (count < 0) {
            throw new IOException(
                    "The state of a geometry aggregate declares " + count + " " + what);
        }
        return count;
    }

    /** A starting capacity for {@code count} entries that a corrupt count cannot inflate. */
    static int capacity(int count) {
        return Math.min(count, 64);
    }
}
