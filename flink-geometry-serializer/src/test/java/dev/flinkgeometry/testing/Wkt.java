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

import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/** Geometries for example tests, from WKT with true XY sequences (old JTS syntax off). */
public final class Wkt {
    private Wkt() {}

    public static Geometry read(String wkt) {
        WKTReader reader = new WKTReader();
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        try {
            return reader.read(wkt);
        } catch (ParseException e) {
            throw new IllegalArgumentException("bad test WKT: " + wkt, e);
        }
    }

    /** {@link #read(String)} with the top-level SRID set. */
    public static Geometry read(String wkt, int srid) {
        Geometry geometry = read(wkt);
        geometry.setSRID(srid);
        return geometry;
    }
}
