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

import dev.flinkgeometry.table.ZoneIndex;
import dev.flinkgeometry.table.ZonePredicate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.locationtech.jts.geom.Point;

/**
 * The countries in the library's {@link ZoneIndex} (an STRtree of their boxes, then PostGIS's
 * {@code ST_Covers}), for {@link LocateInCountry}.
 */
final class CountryIndex {
    private final ZoneIndex<Integer> index = new ZoneIndex<>(ZonePredicate.COVERS);
    private final Map<Integer, Country> countries = new HashMap<>();

    CountryIndex(Iterable<Country> countries) {
        for (Country country : countries) {
            index.put(country.id, country.shape);
            this.countries.put(country.id, country);
        }
    }

    /** The covering country; where shapes overlap, the one with the lowest id (as in the file). */
    Optional<Visit> locate(Point position) {
        List<Integer> covering = index.matches(position);
        return covering.stream()
                .min(Integer::compare)
                .map(countries::get)
                .map(country -> new Visit(country.id, country.shape, position));
    }
}
