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
package dev.flinkgeometry.benchmarks.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.WKTReader;

/** A cold set is large, made of distinct objects and values, and within its coordinate budget. */
class ColdRecordsTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "point",
                "linestring-16",
                "polygon-with-holes-256",
                "multipolygon-256",
                "geometrycollection-16",
                "gps-point",
                "gps-track-17",
                "natural-earth"
            })
    void aColdSetHoldsDistinctRecordsWithinItsBudget(String workload) {
        Geometry[] cold = ColdRecords.of(workload);

        long coordinates = 0;
        Set<Object> objects = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Geometry record : cold) {
            coordinates += record.getNumPoints();
            for (Coordinate c : record.getCoordinates()) {
                assertThat(objects.add(c))
                        .as("a coordinate object shared between records")
                        .isTrue();
            }
        }
        assertThat(coordinates).isLessThanOrEqualTo(ColdRecords.COORDINATE_BUDGET);
        assertThat(cold.length)
                .as("as many records as the budget allows, at most 4,096")
                .isEqualTo(
                        workload.equals("natural-earth")
                                ? 3961
                                : (int)
                                        Math.min(
                                                4096,
                                                1_000_000
                                                        / Workloads.load(workload)[0]
                                                                .getNumPoints()));
        assertThat(cold[0].equalsExact(cold[cold.length - 1]))
                .as("the first and last records differ")
                .isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"point", "linestring-16", "polygon-16", "geometrycollection-16"})
    void aShapesFirstColdRecordIsTheShapeAsJtsReadsItsText(String workload) throws Exception {
        Geometry shape = Workloads.load(workload)[0];

        Geometry first = ColdRecords.of(workload)[0];

        assertThat(first.equalsExact(shape)).isTrue();
        assertThat(first.getCoordinate().getClass())
                .isEqualTo(new WKTReader().read("POINT (1 2)").getCoordinate().getClass());
    }
}
