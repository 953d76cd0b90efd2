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
import java.util.List;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * The one WKT reader of the tests, and the SRID helpers. {@link #read} uses the ISO coordinate
 * syntax only, so that XY input gives sequences of dimension 2 (as decoding does), not JTS's old
 * 3-ordinate default; {@link #oldSyntax} is there for tests that need that default on purpose.
 */
public final class Wkt {
    private static final GeometryFactory ARRAY = new GeometryFactory();

    private Wkt() {}

    public static Geometry read(String wkt) {
        return read(ARRAY, wkt);
    }

    /** {@link #read(String)} into sequences of {@code factory}. */
    public static Geometry read(GeometryFactory factory, String wkt) {
        WKTReader reader = new WKTReader(factory);
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        return parse(reader, wkt);
    }

    /** {@link #read(String)} with the top-level SRID set. */
    public static Geometry read(String wkt, int srid) {
        return withSrid(read(wkt), srid);
    }

    /** {@link #read(String)}, cast to {@code type}. */
    public static <T extends Geometry> T read(Class<T> type, String wkt) {
        return type.cast(read(wkt));
    }

    /**
     * WKT read with JTS's default (old) coordinate syntax: XY input gives sequences of dimension 3
     * with NaN Z.
     */
    public static Geometry oldSyntax(String wkt) {
        return parse(new WKTReader(ARRAY), wkt);
    }

    /** EWKT ({@code SRID=n;WKT}) read with JTS's default syntax, as a SQL client's value. */
    public static Geometry ewkt(String ewkt) {
        int srid = 0;
        String wkt = ewkt;
        if (ewkt.startsWith("SRID=")) {
            srid = Integer.parseInt(ewkt.substring(5, ewkt.indexOf(';')));
            wkt = ewkt.substring(ewkt.indexOf(';') + 1);
        }
        return withSrid(oldSyntax(wkt), srid);
    }

    /** One geometry per line of the classpath resource {@code path} (US-ASCII), in order. */
    public static List<Geometry> readLines(String path, GeometryFactory factory) {
        WKTReader reader = new WKTReader(factory);
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        List<Geometry> geometries = new ArrayList<>();
        try (InputStream stream = Wkt.class.getResourceAsStream(path)) {
            if (stream == null) {
                throw new IllegalStateException("missing classpath resource " + path);
            }
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(stream, StandardCharsets.US_ASCII));
            int number = 0;
            for (String line; (line = lines.readLine()) != null; ) {
                number++;
                try {
                    geometries.add(reader.read(line));
                } catch (ParseException e) {
                    throw new IllegalStateException(
                            path + " line " + number + ": " + e.getMessage(), e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return geometries;
    }

    /** {@code geometry} with its SRID set, the top level only (as the aligned format sets it). */
    public static <G extends Geometry> G withSrid(G geometry, int srid) {
        geometry.setSRID(srid);
        return geometry;
    }

    /**
     * {@code geometry} with {@code srid} set on it and on every member, nested ones too (as the
     * legacy WKB reader sets it).
     */
    public static <G extends Geometry> G withSridOnEveryMember(G geometry, int srid) {
        geometry.setSRID(srid);
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            Geometry member = geometry.getGeometryN(i);
            if (member != geometry) {
                withSridOnEveryMember(member, srid);
            }
        }
        return geometry;
    }

    private static Geometry parse(WKTReader reader, String wkt) {
        try {
            return reader.read(wkt);
        } catch (ParseException e) {
            throw new IllegalArgumentException("bad test WKT: " + wkt, e);
        }
    }
}
