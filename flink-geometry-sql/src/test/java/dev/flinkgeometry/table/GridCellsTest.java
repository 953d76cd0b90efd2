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

import static dev.flinkgeometry.table.VectorFiles.tsv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKTReader;

/**
 * {@link GridCells}, {@code ST_GridCell} and {@code ST_GridCover}: the ids, the refusals, and the
 * property that makes partitioning exact: for every point and polygon of the geofence corpus that
 * PostGIS finds intersecting ({@code /postgis/geofence-pairs.tsv}), the point's cell is in the
 * polygon's cover, at several cell sizes.
 */
class GridCellsTest {

    @Test
    void aCellIdIsTheColumnThenTheRow() {
        long cell = GridCells.cellOf(-0.5, 20.0, 10);
        assertThat(GridCells.column(cell)).isEqualTo(-1);
        assertThat(GridCells.row(cell)).isEqualTo(2);
        assertThat(GridCells.cellOf(-1e-300, -1e-300, 1))
                .isEqualTo(GridCells.cellOf(-0.5, -0.5, 1));
        assertThat(new StGridCell().eval(point(15, -5), 10))
                .isEqualTo(((long) 1 << 32) | 0xFFFF_FFFFL);
    }

    @Test
    void theCoverIsEveryCellMeetingTheBoxEdgesIncluded() throws Exception {
        Geometry square = new WKTReader().read("POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))");
        Long[] cover = new StGridCover().eval(square, 10);
        List<String> cells = new ArrayList<>();
        for (long cell : cover) {
            cells.add(GridCells.column(cell) + "," + GridCells.row(cell));
        }
        assertThat(cells).containsExactly("0,0", "0,1", "1,0", "1,1");
        assertThat(Arrays.asList(cover)).contains(new StGridCell().eval(point(10, 5), 10));
        assertThat(new StGridCover().eval(new WKTReader().read("POLYGON EMPTY"), 10)).isEmpty();
        assertThat(new StGridCover().eval(null, 10)).isNull();
        assertThat(new StGridCell().eval(null, 10)).isNull();
        assertThat(new StGridCell().eval(new WKTReader().read("POINT EMPTY"), 10)).isNull();
    }

    @Test
    void badSizesHugeCoversAndNonPointsAreRefused() throws Exception {
        Geometry square = new WKTReader().read("POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))");
        assertThatThrownBy(() -> new StGridCell().eval(point(1, 1), 0))
                .hasMessage("ST_GridCell: a cell size must be a positive finite number, got 0.0");
        assertThatThrownBy(() -> new StGridCover().eval(square, Double.NaN))
                .hasMessageContaining("got NaN");
        assertThatThrownBy(() -> new StGridCover().eval(square, 0.01))
                .hasMessage(
                        "ST_GridCover: the cover of a Polygon with box (0.0 0.0, 10.0 10.0) by"
                                + " cells of size 0.01 has 1002001 cells, more than the 65536"
                                + " allowed: choose a larger cell size, or allow more cells");
        assertThat(new StGridCover().eval(square, 0.01, 2_000_000)).hasSize(1_002_001);
        assertThatThrownBy(() -> new StGridCell().eval(point(1e300, 0), 1))
                .hasMessageContaining("x = 1.0E300 is in no cell of size 1.0");
        assertThatThrownBy(() -> new StGridCell().eval(square, 1))
                .hasMessage(
                        "ST_GridCell: a point has one cell, a Polygon has many: use ST_GridCover");
    }

    @Test
    void aPointPostgisFindsInAPolygonIsInACellOfItsCover() throws Exception {
        Map<String, Geometry> geometries = new LinkedHashMap<>();
        WKBReader wkb = new WKBReader();
        for (String[] row : tsv("/postgis/geofence-geometries.tsv")) {
            if (!row[3].equals("NULL")) {
                geometries.put(row[1], wkb.read(HexFormat.of().parseHex(row[3])));
            }
        }
        int checked = 0;
        for (String[] pair : tsv("/postgis/geofence-pairs.tsv")) {
            Geometry a = geometries.get(pair[0]);
            Geometry b = geometries.get(pair[1]);
            // ST_Intersects of a point and a polygon, true in PostGIS
            if (a instanceof Point
                    && b != null
                    && b.getDimension() == 2
                    && pair[4].equals("true")) {
                Point p = (Point) a;
                for (double size : new double[] {10, 3, 0.5}) {
                    long cell = GridCells.cellOf(p.getX(), p.getY(), size);
                    long[] cover = GridCells.cover(b, size, 1 << 24);
                    assertThat(cover)
                            .as("%s in %s, size %s", pair[0], pair[1], size)
                            .contains(cell);
                }
                checked++;
            }
        }
        assertThat(checked).isEqualTo(325);
    }

    private static Point point(double x, double y) {
        return (Point) new StPoint().eval(x, y);
    }
}
