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
package dev.flinkgeometry.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * The Natural Earth corpus (public domain, {@code src/test/resources/natural-earth/}): 3,961 real
 * XY geometries, one WKT per line, read from the classpath with true XY sequences (old JTS
 * coordinate syntax off).
 *
 * <p>Lists are parsed once and cached: they are unmodifiable, but the geometries in them are not,
 * so a test that changes a geometry (an SRID, say) must work on a {@link Geometry#copy()}.
 */
public final class NaturalEarth {
    private static final String DIRECTORY = "/natural-earth/";

    /** The corpus files and how many geometries each holds, in a fixed order. */
    public static final Map<String, Integer> EXPECTED_COUNTS;

    /** The number of geometries in the whole corpus. */
    public static final int TOTAL = 3961;

    static {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("natural-earth-cities.wkt", 1249);
        counts.put("natural-earth-countries-110m.wkt", 177);
        counts.put("natural-earth-countries-50m.wkt", 241);
        counts.put("natural-earth-lakes.wkt", 405);
        counts.put("natural-earth-rivers.wkt", 461);
        counts.put("natural-earth-coastline.wkt", 1428);
        EXPECTED_COUNTS = Collections.unmodifiableMap(counts);
    }

    private static final Map<String, List<Geometry>> CACHE = new ConcurrentHashMap<>();

    private NaturalEarth() {}

    /** The file names, in the order of {@link #EXPECTED_COUNTS}. */
    public static List<String> fileNames() {
        return List.copyOf(EXPECTED_COUNTS.keySet());
    }

    /**
     * The geometries of one corpus file, in line order.
     *
     * @throws IllegalStateException if the file holds a different number of geometries than {@link
     *     #EXPECTED_COUNTS} says
     */
    public static List<Geometry> load(String fileName) {
        Integer expected = EXPECTED_COUNTS.get(fileName);
        if (expected == null) {
            throw new IllegalArgumentException("not a corpus file: " + fileName);
        }
        return CACHE.computeIfAbsent(fileName, name -> read(name, expected));
    }

    /** Every file's geometries, keyed by file name, in the order of {@link #EXPECTED_COUNTS}. */
    public static Map<String, List<Geometry>> byFile() {
        Map<String, List<Geometry>> all = new LinkedHashMap<>();
        for (String name : EXPECTED_COUNTS.keySet()) {
            all.put(name, load(name));
        }
        return Collections.unmodifiableMap(all);
    }

    /** All 3,961 geometries, file by file in the order of {@link #EXPECTED_COUNTS}. */
    public static List<Geometry> all() {
        List<Geometry> all = new ArrayList<>(TOTAL);
        for (String name : EXPECTED_COUNTS.keySet()) {
            all.addAll(load(name));
        }
        if (all.size() != TOTAL) {
            throw new IllegalStateException(
                    "corpus has " + all.size() + " geometries, not " + TOTAL);
        }
        return Collections.unmodifiableList(all);
    }

    /**
     * One geometry (line {@code line}, 1-based) of a corpus file, parsed afresh (never the cached
     * object): free to change (its SRID, say).
     */
    public static Geometry copyOf(String fileName, int line) {
        return Wkt.read(lines(fileName).get(line - 1));
    }

    /** The WKT lines of a corpus file, for tests that parse them in other ways. */
    public static List<String> lines(String fileName) {
        String resource = DIRECTORY + fileName;
        try (InputStream stream = NaturalEarth.class.getResourceAsStream(resource)) {
            if (stream == null) {
                throw new IllegalStateException("missing classpath resource " + resource);
            }
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(stream, StandardCharsets.US_ASCII));
            List<String> lines = new ArrayList<>();
            for (String line; (line = in.readLine()) != null; ) {
                lines.add(line);
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Geometry> read(String fileName, int expected) {
        String resource = DIRECTORY + fileName;
        List<Geometry> geometries = Wkt.readLines(resource, new GeometryFactory());
        if (geometries.size() != expected) {
            throw new IllegalStateException(
                    resource + " has " + geometries.size() + " geometries, expected " + expected);
        }
        return Collections.unmodifiableList(geometries);
    }
}
