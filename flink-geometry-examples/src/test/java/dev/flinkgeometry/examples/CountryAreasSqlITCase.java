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

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ByteOrderValues;
import org.locationtech.jts.io.WKBWriter;

/** The SQL example against plain JTS: same countries, same areas, same shapes back. */
class CountryAreasSqlITCase {

    @Test
    void listsTheLargestCountriesWithTheirShapes() throws Exception {
        List<Country> expected =
                Countries.load().stream()
                        .sorted(
                                Comparator.comparingDouble((Country c) -> c.shape.getArea())
                                        .reversed())
                        .limit(7)
                        .collect(Collectors.toList());

        List<Row> rows = CountryAreasSql.largest(7);

        assertThat(rows).hasSize(expected.size());
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            Country country = expected.get(i);
            assertThat(row.<Integer>getFieldAs("id")).isEqualTo(country.id);
            assertThat(row.<Double>getFieldAs("area")).isEqualTo(country.shape.getArea());
            assertThat(row.<byte[]>getFieldAs("wkb"))
                    .as("ISO WKB of #%d", country.id)
                    .isEqualTo(
                            new WKBWriter(2, ByteOrderValues.LITTLE_ENDIAN).write(country.shape));
            assertThat(row.<Integer>getFieldAs("srid")).isEqualTo(4326);
            Geometry shape = row.getFieldAs("shape");
            assertThat(ExpectedVisits.exact(shape))
                    .as("shape of #%d came back through the RAW column", country.id)
                    .isEqualTo(ExpectedVisits.exact(country.shape));
        }
    }
}
