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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/** The bundled Natural Earth countries (1:110m), and the reproducible positions of the examples. */
public final class Countries {
    private static final String RESOURCE = "/natural-earth-countries-110m.wkt";
    private static final GeometryFactory FACTORY = new GeometryFactory();

    private Countries() {}

    /** Every country of the bundled file, numbered by line. */
    public static List<Country> load() {
        WKTReader reader = new WKTReader();
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        List<String> lines = new ArrayList<>();
        try (InputStream in = Countries.class.getResourceAsStream(RESOURCE);
                BufferedReader text =
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            for (String line; (line = text.readLine()) != null; ) {
                lines.add(line);
            }
            List<Country> countries = new ArrayList<>(lines.size());
            for (int id = 0; id < lines.size(); id++) {
                countries.add(new Country(id, lines.size(), reader.read(lines.get(id))));
            }
            return countries;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParseException e) {
            throw new IllegalStateException("bad WKT in " + RESOURCE, e);
        }
    }

    /** Position number {@code n}: a pure function of {@code n}, so every run sees the same data. */
    public static Point position(long n) {
        SplittableRandom random = new SplittableRandom(n);
        return FACTORY.createPoint(
                new Coordinate(random.nextDouble(-180, 180), random.nextDouble(-56, 72)));
    }
}
