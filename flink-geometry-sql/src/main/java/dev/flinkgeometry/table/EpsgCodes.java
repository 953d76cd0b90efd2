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

import org.apache.flink.annotation.Internal;

/**
 * The EPSG codes {@code ST_Transform} resolves, without a database: WGS 84 (4326), Web Mercator
 * (3857) and the 120 WGS 84 UTM zones (32601..32660 north, 32701..32760 south), each by the PROJ
 * text PostGIS 3.3 holds for it in {@code spatial_ref_sys.proj4text} (the conformance test checks
 * every one against PostGIS's table). Any other code is refused: a code is resolved only where the
 * result has been compared with PostGIS, and no EPSG dataset is shipped or read.
 */
@Internal
final class EpsgCodes {
    static final int WGS84 = 4326;
    static final int WEB_MERCATOR = 3857;

    /** What the refusals say is known. */
    static final String KNOWN = "4326, 3857, 32601..32660 and 32701..32760";

    private EpsgCodes() {}

    /** The PROJ text of {@code code}, or {@code null} if it is not one of the codes above. */
    static String projText(int code) {
        if (code == WGS84) {
            return "+proj=longlat +datum=WGS84 +no_defs";
        }
        if (code == WEB_MERCATOR) {
            return "+proj=merc +a=6378137 +b=6378137 +lat_ts=0.0 +lon_0=0.0 +x_0=0.0 +y_0=0"
                    + " +k=1.0 +units=m +nadgrids=@null +wktext +no_defs";
        }
        int zone = code % 100;
        if (zone >= 1 && zone <= 60 && (code / 100 == 326 || code / 100 == 327)) {
            return "+proj=utm +zone="
                    + zone
                    + (code / 100 == 327 ? " +south" : "")
                    + " +datum=WGS84 +units=m +no_defs";
        }
        return null;
    }
}
