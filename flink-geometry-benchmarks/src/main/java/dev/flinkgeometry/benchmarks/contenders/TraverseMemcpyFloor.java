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

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The floor of serializing a JTS geometry: what any serializer must do, read every ordinate through
 * the geometry's {@code CoordinateSequence}s (walking its parts), plus the memcpy floor's one
 * {@code write} of as many bytes as {@code GeometrySerializer} writes. The ordinates' raw bits are
 * summed into a field so that the JIT cannot drop the reads.
 */
final class TraverseMemcpyFloor extends MemcpyFloor {
    private long ordinates;

    TraverseMemcpyFloor(Geometry[] geometries, byte[][] records) {
        super(Contenders.TRAVERSE_MEMCPY, geometries, records);
    }

    @Override
    public Set<Operation> operations() {
        return EnumSet.of(Operation.SERIALIZE);
    }

    @Override
    public void serialize(int index, DataOutputView target) throws IOException {
        ordinates += traverse(geometries[index]);
        byte[] record = records[index];
        target.write(record, 0, record.length);
    }

    /** The sum of the raw bits of every ordinate of {@code geometry}, read part by part. */
    static long traverse(Geometry geometry) {
        if (geometry instanceof Point) {
            return traverse(((Point) geometry).getCoordinateSequence());
        }
        if (geometry instanceof LineString) {
            return traverse(((LineString) geometry).getCoordinateSequence());
        }
        long sum = 0;
        if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            sum = traverse(polygon.getExteriorRing().getCoordinateSequence());
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                sum += traverse(polygon.getInteriorRingN(i).getCoordinateSequence());
            }
            return sum;
        }
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            sum += traverse(geometry.getGeometryN(i));
        }
        return sum;
    }

    private static long traverse(CoordinateSequence sequence) {
        boolean z = sequence.hasZ();
        boolean m = sequence.hasM();
        long sum = 0;
        for (int i = 0; i < sequence.size(); i++) {
            sum += Double.doubleToRawLongBits(sequence.getX(i));
            sum += Double.doubleToRawLongBits(sequence.getY(i));
            if (z) {
                sum += Double.doubleToRawLongBits(sequence.getZ(i));
            }
            if (m) {
                sum += Double.doubleToRawLongBits(sequence.getM(i));
            }
        }
        return sum;
    }

    /** What the reads summed to so far (tests; keeps the field observable). */
    long ordinates() {
        return ordinates;
    }
}
