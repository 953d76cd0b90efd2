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

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;

/** A JTS {@link STRtree} over prepared country shapes: which country covers a position. */
final class CountryIndex {
    private final STRtree tree = new STRtree();

    CountryIndex(Iterable<Country> countries) {
        for (Country country : countries) {
            tree.insert(
                    country.shape.getEnvelopeInternal(),
                    new Entry(country, PreparedGeometryFactory.prepare(country.shape)));
        }
        tree.build();
    }

    /** The covering country; where shapes overlap, the one with the lowest id (as in the file). */
    Optional<Visit> locate(Point position) {
        @SuppressWarnings("unchecked")
        List<Entry> candidates = tree.query(position.getEnvelopeInternal());
        return candidates.stream()
                .filter(entry -> entry.prepared.covers(position))
                .map(entry -> entry.country)
                .min(Comparator.comparingInt(country -> country.id))
                .map(country -> new Visit(country.id, country.shape, position));
    }

    private static final class Entry {
        final Country country;
        final PreparedGeometry prepared;

        Entry(Country country, PreparedGeometry prepared) {
            this.country = country;
            this.prepared = prepared;
        }
    }
}
