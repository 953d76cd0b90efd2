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

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.Ordinate;
import org.locationtech.jts.io.WKTWriter;

/**
 * What the country-visits jobs must produce, computed without Flink, and the exact comparison of
 * geometries: class, SRID and every ordinate (Z and M included) in full precision, not JTS {@code
 * equals} (X/Y only, no SRID).
 */
final class ExpectedVisits {
    private final Map<Integer, List<Point>> positions = new HashMap<>();
    private final Map<Integer, Country> countries = new HashMap<>();

    /** Positions {@code 0..count-1}, each in the first country that covers it. */
    ExpectedVisits(long count) {
        List<Country> all = Countries.load();
        for (long n = 0; n < count; n++) {
            Point position = Countries.position(n);
            all.stream()
                    .filter(country -> country.shape.covers(position))
                    .findFirst()
                    .ifPresent(
                            country -> {
                                countries.put(country.id, country);
                                positions
                                        .computeIfAbsent(country.id, id -> new ArrayList<>())
                                        .add(position);
                            });
        }
    }

    /** Visits per country id. */
    Map<Integer, Long> visits() {
        Map<Integer, Long> visits = new HashMap<>();
        positions.forEach((id, list) -> visits.put(id, (long) list.size()));
        return visits;
    }

    /** The convex hull of every position of the country. */
    Geometry hull(int countryId) {
        return new GeometryFactory()
                .createMultiPoint(positions.get(countryId).toArray(new Point[0]))
                .convexHull();
    }

    /**
     * What {@code TrackCountry} reports as the country's state size: a last position, the hull, and
     * the key if it is a geometry (the country's shape), as {@link GeometrySerializer} writes them.
     */
    long stateBytes(int countryId, boolean keyedByShape) {
        return (keyedByShape ? serializedSize(countries.get(countryId).shape) : 0)
                + serializedSize(positions.get(countryId).get(0))
                + serializedSize(hull(countryId));
    }

    /** Checks one result of the job exactly; {@code keyedByShape}: the job keys by the shape. */
    void assertExact(CountryVisits result, boolean keyedByShape) {
        int id = result.countryId;
        assertThat(positions).as("country #%d", id).containsKey(id);
        assertThat(result.visits).as("visits of #%d", id).isEqualTo(positions.get(id).size());
        assertThat(exact(result.hull)).as("hull of #%d", id).isEqualTo(exact(hull(id)));
        assertThat(positions.get(id).stream().map(ExpectedVisits::exact))
                .as("last of #%d", id)
                .contains(exact(result.last));
        assertThat(result.stateBytes)
                .as("state bytes of #%d", id)
                .isEqualTo(stateBytes(id, keyedByShape));
    }

    /** The class, SRID and all four ordinates in full precision. */
    static String exact(Geometry geometry) {
        WKTWriter writer = new WKTWriter(4);
        writer.setOutputOrdinates(Ordinate.createXYZM());
        writer.setPrecisionModel(new org.locationtech.jts.geom.PrecisionModel());
        return geometry.getClass().getSimpleName()
                + " SRID="
                + geometry.getSRID()
                + " "
                + writer.write(geometry);
    }

    private static long serializedSize(Geometry geometry) {
        try {
            DataOutputSerializer out = new DataOutputSerializer(256);
            GeometrySerializer.of(Geometry.class).serialize(geometry, out);
            return out.length();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
