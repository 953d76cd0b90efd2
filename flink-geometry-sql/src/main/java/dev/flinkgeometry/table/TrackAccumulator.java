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
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;

/**
 * The accumulator of {@code ST_MakeLine(geometry, ordering)}: each geometry once, with its ordering
 * value, kept sorted by the ordering value and, among equal values, by the geometry's coordinates
 * ({@link #ORDER}), so that the track does not depend on the order in which rows arrive.
 */
@Internal
public final class TrackAccumulator {
    /** A geometry and its ordering value (nanoseconds since the epoch, or the BIGINT as it is). */
    static final class Fix {
        final long order;
        final Geometry geometry;

        Fix(long order, Geometry geometry) {
            this.order = order;
            this.geometry = geometry;
        }
    }

    /** By ordering value, then by coordinates (x, y, z, m; NaN last), then by their number. */
    static final Comparator<Fix> ORDER =
            Comparator.<Fix>comparingLong(fix -> fix.order)
                    .thenComparing((a, b) -> compareCoordinates(a.geometry, b.geometry));

    final List<Fix> fixes;

    TrackAccumulator() {
        this(new ArrayList<>());
    }

    private TrackAccumulator(List<Fix> fixes) {
        this.fixes = fixes;
    }

    /** Adds {@code geometry} at its place in the order. */
    void add(long order, Geometry geometry) {
        Fix fix = new Fix(order, geometry);
        int at = Collections.binarySearch(fixes, fix, ORDER);
        fixes.add(at < 0 ? -at - 1 : at, fix);
    }

    /** Removes one fix of {@code order} and exactly {@code geometry}; false if there is none. */
    boolean remove(long order, Geometry geometry, ExactMatch exact) {
        Fix fix = new Fix(order, geometry);
        int at = Collections.binarySearch(fixes, fix, ORDER);
        if (at < 0) {
            return false;
        }
        // fixes equal in the order are adjacent: look on both sides for the exact one
        for (int i = at; i < fixes.size() && ORDER.compare(fixes.get(i), fix) == 0; i++) {
            if (exact.matches(fixes.get(i).geometry, geometry)) {
                fixes.remove(i);
                return true;
            }
        }
        for (int i = at - 1; i >= 0 && ORDER.compare(fixes.get(i), fix) == 0; i--) {
            if (exact.matches(fixes.get(i).geometry, geometry)) {
                fixes.remove(i);
                return true;
            }
        }
        return false;
    }

    /** Adds every fix of {@code other}, keeping the order. */
    void addAll(TrackAccumulator other) {
        if (other.fixes.isEmpty()) {
            return;
        }
        List<Fix> merged = new ArrayList<>(fixes.size() + other.fixes.size());
        int i = 0;
        int j = 0;
        while (i < fixes.size() || j < other.fixes.size()) {
            if (j == other.fixes.size()
                    || (i < fixes.size() && ORDER.compare(fixes.get(i), other.fixes.get(j)) <= 0)) {
                merged.add(fixes.get(i++));
            } else {
                merged.add(other.fixes.get(j++));
            }
        }
        fixes.clear();
        fixes.addAll(merged);
    }

    TrackAccumulator copy() {
        // fixes and their geometries are never changed once accumulated: sharing them is safe
        return new TrackAccumulator(new ArrayList<>(fixes));
    }

    void write(DataOutputView out, TypeSerializer<Geometry> serializer) throws IOException {
        out.writeInt(fixes.size());
        for (Fix fix : fixes) {
            out.writeLong(fix.order);
            serializer.serialize(fix.geometry, out);
        }
    }

    static TrackAccumulator read(DataInputView in, TypeSerializer<Geometry> serializer)
            throws IOException {
        int count = AccumulatorKind.count(in, "track points");
        List<Fix> fixes = new ArrayList<>(AccumulatorKind.capacity(count));
        for (int i = 0; i < count; i++) {
            long order = in.readLong();
            fixes.add(new Fix(order, serializer.deserialize(in)));
        }
        return new TrackAccumulator(fixes);
    }

    private static int compareCoordinates(Geometry a, Geometry b) {
        Coordinate[] ca = a.getCoordinates();
        Coordinate[] cb = b.getCoordinates();
        for (int i = 0; i < Math.min(ca.length, cb.length); i++) {
            int c = Double.compare(ca[i].getX(), cb[i].getX());
            if (c == 0) {
                c = Double.compare(ca[i].getY(), cb[i].getY());
            }
            if (c == 0) {
                c = Double.compare(ca[i].getZ(), cb[i].getZ());
            }
            if (c == 0) {
                c = Double.compare(ca[i].getM(), cb[i].getM());
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(ca.length, cb.length);
    }
}
