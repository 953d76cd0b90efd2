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

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.api.dataview.MapView;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.WKTReader;

/**
 * {@link ZoneCells}, the per-task cache of {@code GEOFENCE}: a change of a partition's zones
 * reaches the next fix of that partition, and the cache stays within its bound of points.
 */
class ZoneCellsTest {
    private static final int SHAPE = 1;

    @Test
    void aChangedPartitionIsReadFromStateAgain() throws Exception {
        MapView<Object, Row> state = new MapView<>();
        ZoneCells cells = new ZoneCells(ZonePredicate.CONTAINS, SHAPE);
        Geometry inWest = geometry("POINT (2 2)");
        Geometry inEast = geometry("POINT (6 6)");
        state.put("zone", Row.of("zone", geometry("POLYGON ((1 1, 4 1, 4 4, 1 4, 1 1))")));
        cells.changed(0L);
        assertThat(cells.matches(0L, state, inWest)).hasSize(1);
        assertThat(cells.matches(0L, state, inEast)).isEmpty();

        state.put("zone", Row.of("zone", geometry("POLYGON ((5 5, 8 5, 8 8, 5 8, 5 5))")));
        cells.changed(0L);
        assertThat(cells.matches(0L, state, inWest)).isEmpty();
        assertThat(cells.matches(0L, state, inEast))
                .extracting(r -> r.getField(0))
                .containsExactly("zone");

        state.remove("zone");
        cells.changed(0L);
        assertThat(cells.matches(0L, state, inEast)).isEmpty();
        assertThat(cells.size()).isZero();
    }

    @Test
    void theCacheHoldsAtMostItsPoints() throws Exception {
        ZoneCells cells = new ZoneCells(ZonePredicate.CONTAINS, SHAPE, 20);
        Geometry fix = geometry("POINT (2 2)");
        for (long cell = 0; cell < 10; cell++) {
            MapView<Object, Row> state = new MapView<>();
            // 5 points and one for the zone: 6 a cell, so 3 cells fit
            state.put("zone", Row.of("zone", geometry("POLYGON ((1 1, 4 1, 4 4, 1 4, 1 1))")));
            assertThat(cells.matches(cell, state, fix)).hasSize(1);
            assertThat(cells.points()).isLessThanOrEqualTo(20);
        }
        assertThat(cells.size()).isEqualTo(3);
        assertThat(cells.points()).isEqualTo(18);
    }

    private static Geometry geometry(String wkt) throws Exception {
        return new WKTReader().read(wkt);
    }
}
