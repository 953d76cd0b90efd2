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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import org.apache.flink.annotation.Internal;

/**
 * The XY precision PostGIS 3.3's {@code ST_AsTWKB(g)} uses when none is given: 5 decimals (about a
 * meter) for a geographic (lon/lat) SRID of PostGIS's {@code spatial_ref_sys}, 0 for any other. The
 * geographic SRIDs are {@code twkb-geographic-srids.txt}, asked of PostGIS itself by {@code
 * make-geographic-srids.sh} (next to the function vectors).
 */
@Internal
final class TwkbDefaultPrecision {
    static final int GEOGRAPHIC = 5;

    private static final String RESOURCE = "twkb-geographic-srids.txt";
    private static final BitSet GEOGRAPHIC_SRIDS = load();

    private TwkbDefaultPrecision() {}

    /** How many SRIDs are geographic (docs/SQL-FUNCTIONS.md states it). */
    static int geographicSrids() {
        return GEOGRAPHIC_SRIDS.cardinality();
    }

    static int xy(int srid) {
        return srid >= 0 && GEOGRAPHIC_SRIDS.get(srid) ? GEOGRAPHIC : 0;
    }

    private static BitSet load() {
        BitSet srids = new BitSet();
        try (InputStream in = TwkbDefaultPrecision.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            BufferedReader reader =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    srids.set(Integer.parseInt(line.trim()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return srids;
    }
}
