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
package dev.flinkgeometry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;

/** The names file and the WKT file describe the same countries, line by line. */
class CountryNamesTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    @Test
    void everyCountryHasANameAndTheLinesMatchTheShapes() {
        CountryNames names = CountryNames.load();
        List<Country> countries = Countries.load();
        assertThat(names.size()).isEqualTo(countries.size());
        // capitals inside the shape of the line with that name
        assertCapital(names, countries, "Afghanistan (AFG)", 69.17, 34.53); // Kabul
        assertCapital(names, countries, "Brazil (BRA)", -47.88, -15.79); // Brasilia
        assertCapital(names, countries, "France (-)", 2.35, 48.86); // Paris; no code in NE 110m
        assertCapital(names, countries, "Japan (JPN)", 139.69, 35.69); // Tokyo
    }

    private static void assertCapital(
            CountryNames names, List<Country> countries, String label, double x, double y) {
        Point capital = FACTORY.createPoint(new Coordinate(x, y));
        int id = -1;
        for (int i = 0; i < names.size(); i++) {
            if (names.label(i).equals(label)) {
                id = i;
            }
        }
        assertThat(id).as(label).isNotNegative();
        assertThat(countries.get(id).shape.covers(capital))
                .as("%s covers its capital", label)
                .isTrue();
    }
}
