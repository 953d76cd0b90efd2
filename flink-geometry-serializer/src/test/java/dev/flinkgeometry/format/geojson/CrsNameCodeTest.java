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
package dev.flinkgeometry.format.geojson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * The code of a GeoJSON {@code crs} name: the one-pass matchers give what the regular expressions
 * of their documentation give, on random names built from the parts that matter, and a name of
 * hundreds of thousands of letters takes linear time (the expression {@code ([A-Za-z]+):([0-9]+)}
 * took 24 s for 40 000 letters).
 */
class CrsNameCodeTest {
    private static final Pattern URN =
            Pattern.compile("urn:ogc:def:crs:([a-z]+):.*:([0-9]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern AUTHORITY_CODE = Pattern.compile("([A-Za-z]+):([0-9]+)");
    private static final String[] PARTS = {
        "urn:ogc:def:crs:",
        "URN:OGC:DEF:CRS:",
        "EPSG",
        "epsg",
        "ESRI",
        "x",
        ":",
        "::",
        "3857",
        "0",
        "\n",
        " ",
        "OGC",
        "1.3",
        "CRS84",
        "é"
    };

    @Test
    void theOnePassMatchersGiveWhatTheRegularExpressionsGive() {
        Random random = new Random(38);
        for (int n = 0; n < 200_000; n++) {
            StringBuilder name = new StringBuilder();
            for (int p = random.nextInt(8); p >= 0; p--) {
                name.append(PARTS[random.nextInt(PARTS.length)]);
            }
            String text = name.toString();
            assertThat(GeoJsonReader.urnCode(text)).as(text).isEqualTo(urnByRegex(text));
            assertThat(GeoJsonReader.authorityCode(text)).as(text).isEqualTo(findByRegex(text));
        }
    }

    @Test
    void aLongNameTakesLinearTime() {
        String geoJson =
                "{\"type\":\"Point\",\"coordinates\":[1,2],\"crs\":{\"type\":\"name\","
                        + "\"properties\":{\"name\":\""
                        + "H".repeat(400_000)
                        + "uf:crc:OGC:1.3:EPSG:3857\"}}}";
        Geometry point =
                assertTimeoutPreemptively(
                        Duration.ofSeconds(2), () -> new GeoJsonReader().read(geoJson));
        assertThat(point.getSRID()).isEqualTo(3857);
    }

    private static String urnByRegex(String text) {
        Matcher urn = URN.matcher(text);
        return urn.matches() && isAuthority(urn.group(1)) ? urn.group(2) : null;
    }

    private static String findByRegex(String text) {
        Matcher m = AUTHORITY_CODE.matcher(text);
        while (m.find()) {
            if (isAuthority(m.group(1))) {
                return m.group(2);
            }
        }
        return null;
    }

    private static boolean isAuthority(String name) {
        return name.equalsIgnoreCase("EPSG") || name.equalsIgnoreCase("ESRI");
    }
}
