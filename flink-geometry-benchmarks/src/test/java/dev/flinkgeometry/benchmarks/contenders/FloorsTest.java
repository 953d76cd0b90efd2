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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.benchmarks.data.Workloads;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.WKTReader;

class FloorsTest {
    @Test
    void theTraverseFloorReadsEveryOrdinateOfEveryPart() throws Exception {
        for (String wkt :
                new String[] {
                    "POINT (1 2)",
                    "POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))",
                    "GEOMETRYCOLLECTION (POINT Z (1 2 3), MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)),"
                            + " ((5 5, 6 5, 6 6, 5 5))), LINESTRING M (0 0 7, 1 1 8))"
                }) {
            Geometry geometry = new WKTReader().read(wkt);
            assertThat(TraverseMemcpyFloor.traverse(geometry)).as(wkt).isEqualTo(bits(geometry));
        }
    }

    @Test
    void theTraverseFloorWritesOursBytesAndConsumesTheOrdinates() throws Exception {
        Geometry[] geometries = Workloads.load("polygon-16");
        TraverseMemcpyFloor floor =
                (TraverseMemcpyFloor) Contenders.create(Contenders.TRAVERSE_MEMCPY, geometries);
        byte[][] ours = Contenders.records(Contenders.create(Contenders.OURS, geometries));
        DataOutputSerializer out = new DataOutputSerializer(64);
        floor.serialize(0, out);
        assertThat(out.getCopyOfBuffer()).isEqualTo(ours[0]);
        assertThat(floor.ordinates()).isEqualTo(bits(geometries[0]));
    }

    @Test
    void foryAndTheConstructFloorGiveEveryGeometryBackExactly() {
        for (String workload : Workloads.ALL) {
            Geometry[] geometries = Workloads.load(workload);
            ForyCodec fory = new ForyCodec();
            Contender construct = Contenders.create(Contenders.CONSTRUCT, geometries);
            for (int i = 0; i < geometries.length; i++) {
                ExactGeometry.require(
                        "fory", geometries[i], fory.decode(fory.encode(geometries[i])));
                ExactGeometry.require("construct", geometries[i], construct.copy(i));
            }
        }
    }

    /**
     * The oracle: every ordinate slot of JTS's flattened coordinates, by coordinate class (a plain
     * {@code Coordinate} has a Z, NaN or not, as its 3D sequence has).
     */
    private static long bits(Geometry geometry) {
        long sum = 0;
        for (Coordinate c : geometry.getCoordinates()) {
            sum += Double.doubleToRawLongBits(c.getX()) + Double.doubleToRawLongBits(c.getY());
            boolean m = c instanceof CoordinateXYM || c instanceof CoordinateXYZM;
            if (!(c instanceof CoordinateXY) && !(c instanceof CoordinateXYM)) {
                sum += Double.doubleToRawLongBits(c.getZ());
            }
            sum += m ? Double.doubleToRawLongBits(c.getM()) : 0;
        }
        return sum;
    }
}
