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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * The Natural Earth corpus (public domain): 3,961 real XY geometries, one WKT per line, packaged
 * from the serializer module's test resources into this module's jar.
 */
public final class NaturalEarth {
    public static final int GEOMETRIES = 3961;

    /** The countries at 1:110m: 148 polygons and 29 multipolygons. */
    public static final int COUNTRIES = 177;

    private static final String[] FILES = {
        "cities", "countries-110m", "countries-50m", "lakes", "rivers", "coastline"
    };

    /** Parsed once per JVM: the quick suite sets up dozens of benchmarks in one JVM. */
    private static List<Geometry> corpus;

    private NaturalEarth() {}

    /**
     * All geometries, file by file, with true XY sequences (old JTS syntax off). Shared: callers
     * must not change them.
     */
    public static synchronized List<Geometry> all() {
        if (corpus == null) {
            corpus = Collections.unmodifiableList(read());
        }
        return corpus;
    }

    /** The 177 countries at 1:110m, parsed anew: the caller owns them. */
    public static List<Geometry> countries() {
        List<Geometry> countries = read("countries-110m");
        if (countries.size() != COUNTRIES) {
            throw new IllegalStateException("corpus has " + countries.size() + " countries");
        }
        return countries;
    }

    /** The corpus parsed again: new objects, as a stream that reads the same data again has. */
    static List<Geometry> read() {
        List<Geometry> geometries = new ArrayList<>(GEOMETRIES);
        for (String file : FILES) {
            geometries.addAll(read(file));
        }
        if (geometries.size() != GEOMETRIES) {
            throw new IllegalStateException("corpus has " + geometries.size() + " geometries");
        }
        return geometries;
    }

    private static List<Geometry> read(String file) {
        WKTReader reader = new WKTReader();
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        List<Geometry> geometries = new ArrayList<>();
        String resource = "/natural-earth/natural-earth-" + file + ".wkt";
        try (InputStream stream = NaturalEarth.class.getResourceAsStream(resource)) {
            if (stream == null) {
                throw new IllegalStateException("missing classpath resource " + resource);
            }
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(stream, StandardCharsets.US_ASCII));
            for (String line; (line = lines.readLine()) != null; ) {
                geometries.add(reader.read(line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParseException e) {
            throw new IllegalStateException(resource + ": " + e.getMessage(), e);
        }
        return geometries;
    }
}
