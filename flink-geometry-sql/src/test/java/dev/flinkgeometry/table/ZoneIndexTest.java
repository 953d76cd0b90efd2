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
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKTReader;

/**
 * {@link ZoneIndex} against PostGIS: the 32 countries of the geofence corpus indexed (enough for
 * the tree), every city and ring point located, each answer compared with PostGIS's {@code
 * ST_Within}, {@code ST_CoveredBy} and {@code ST_Intersects} of the point and the country ({@code
 * /postgis/geofence-pairs.tsv}); then with some countries removed and one replaced.
 */
class ZoneIndexTest {
    // columns of a (point, country) row: ST_Within, ST_Intersects, ST_CoveredBy
    private static final int CONTAINS = 3;
    private static final int INTERSECTS = 4;
    private static final int COVERS = 6;

    @Test
    void answersAsPostgisBeforeAndAfterChanges() throws Exception {
        Map<String, Geometry> countries = new LinkedHashMap<>();
        Map<String, Geometry> points = new LinkedHashMap<>();
        WKBReader wkb = new WKBReader();
        for (String[] row : tsv("/postgis/geofence-geometries.tsv")) {
            if (row[2].equals("country")) {
                countries.put(row[1], wkb.read(HexFormat.of().parseHex(row[3])));
            } else if (row[2].equals("city") || row[2].equals("ring-point")) {
                points.put(row[1], wkb.read(HexFormat.of().parseHex(row[3])));
            }
        }
        Map<String, String[]> pairs = new LinkedHashMap<>();
        for (String[] pair : tsv("/postgis/geofence-pairs.tsv")) {
            if (points.containsKey(pair[0]) && countries.containsKey(pair[1])) {
                pairs.put(pair[1] + " " + pair[0], pair);
            }
        }
        assertThat(countries).hasSizeGreaterThan(ZoneIndex.TREE_FROM);
        int[] columns = {CONTAINS, COVERS, INTERSECTS};
        ZonePredicate[] predicates = {
            ZonePredicate.CONTAINS, ZonePredicate.COVERS, ZonePredicate.INTERSECTS
        };
        List<String> names = new ArrayList<>(countries.keySet());
        int compared = 0;
        int found = 0;
        for (int p = 0; p < predicates.length; p++) {
            ZoneIndex<String> index = new ZoneIndex<>(predicates[p]);
            Map<String, String> shapes = new LinkedHashMap<>();
            for (String name : names) {
                index.put(name, countries.get(name));
                shapes.put(name, name);
            }
            for (int round = 0; round < 2; round++) {
                for (Map.Entry<String, Geometry> point : points.entrySet()) {
                    List<String> expected = new ArrayList<>();
                    for (Map.Entry<String, String> zone : shapes.entrySet()) {
                        String[] pair = pairs.get(zone.getValue() + " " + point.getKey());
                        if (pair[columns[p]].equals("true")) {
                            expected.add(zone.getKey());
                        }
                    }
                    List<String> actual = new ArrayList<>(index.matches(point.getValue()));
                    actual.sort(null);
                    expected.sort(null);
                    assertThat(actual)
                            .as("%s of %s, round %d", predicates[p], point.getKey(), round)
                            .isEqualTo(expected);
                    compared++;
                    found += actual.size();
                }
                // every third country removed, the first takes the second's shape
                for (int i = 2; i < names.size(); i += 3) {
                    index.remove(names.get(i));
                    shapes.remove(names.get(i));
                }
                index.put(names.get(0), countries.get(names.get(1)));
                shapes.put(names.get(0), names.get(1));
            }
        }
        assertThat(compared).isEqualTo(3 * 2 * points.size());
        assertThat(found).isGreaterThan(300);
    }

    @Test
    void aZoneOfAnotherSridWhoseBoxHoldsTheFixFailsAsInPostgis() throws Exception {
        ZoneIndex<String> index = new ZoneIndex<>(ZonePredicate.CONTAINS);
        WKTReader wkt = new WKTReader();
        index.put("square", wkt.read("POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))"));
        Geometry fix = new StPoint().eval(5, 5, 4326);
        assertThatThrownBy(() -> index.matches(fix))
                .hasMessageContaining("ST_Contains: Operation on mixed SRID geometries");
        assertThat(index.matches(null)).isEmpty();
        index.remove("square");
        assertThat(index.matches(fix)).isEmpty();
        assertThat(index.size()).isZero();
        assertThat(index.points()).isZero();
    }
}
