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
package dev.flinkgeometry.table;

import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/** EWKT ({@code SRID=n;WKT}) read with JTS, for expected values. */
final class Ewkt {
    private Ewkt() {}

    static Geometry read(String ewkt) throws ParseException {
        int srid = 0;
        String wkt = ewkt;
        if (ewkt.startsWith("SRID=")) {
            srid = Integer.parseInt(ewkt.substring(5, ewkt.indexOf(';')));
            wkt = ewkt.substring(ewkt.indexOf(';') + 1);
        }
        Geometry geometry = new WKTReader().read(wkt);
        geometry.setSRID(srid);
        return geometry;
    }
}
