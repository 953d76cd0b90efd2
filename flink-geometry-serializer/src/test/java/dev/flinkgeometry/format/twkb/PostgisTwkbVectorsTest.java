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
package dev.flinkgeometry.format.twkb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * Our TWKB against PostGIS 3.3's, from the vectors that {@code postgis/make-twkb-vectors.sh} made
 * with a real PostGIS (committed; the build needs no database):
 *
 * <ul>
 *   <li>wherever PostGIS dropped nothing, our TWKB is byte-identical to {@code ST_AsTWKB(g, xy, z,
 *       m)};
 *   <li>our reader reads PostGIS's bytes as PostGIS itself reads them ({@code ST_GeomFromTWKB});
 *   <li>PostGIS reads our bytes (also where ours differ: every point and empty member kept) as our
 *       reader does.
 * </ul>
 */
class PostgisTwkbVectorsTest {
    private static final TwkbReader READER = TwkbReader.of(CoordinateSequenceKind.ARRAY);

    @Test
    void ourTwkbIsPostgisTwkbWhereverPostgisDropsNothing() throws Exception {
        TwkbWriter writer = new TwkbWriter();
        int compared = 0;
        int dropped = 0;
        for (String[] v : rows("twkb-vectors.tsv")) {
            Geometry geometry = Wkt.read(v[2], Integer.parseInt(v[1]));
            if (!v[7].equals("t")) {
                dropped++;
                continue;
            }
            assertThat(
                            Hex.format(
                                    writer.write(
                                            geometry,
                                            Integer.parseInt(v[3]),
                                            Integer.parseInt(v[4]),
                                            Integer.parseInt(v[5]))))
                    .as("%s at %s/%s/%s", v[0], v[3], v[4], v[5])
                    .isEqualToIgnoringCase(v[6]);
            compared++;
        }
        assertThat(compared).isGreaterThanOrEqualTo(100);
        assertThat(dropped).isGreaterThanOrEqualTo(3); // PostGIS's drops are in the corpus
    }

    /** The PostGIS writer gives PostGIS's bytes on every vector, the ones PostGIS drops in too. */
    @Test
    void asPostgisWriterGivesPostgisBytesOnEveryVector() throws Exception {
        TwkbWriter writer = TwkbWriter.asPostgis();
        int dropped = 0;
        List<String[]> rows = rows("twkb-vectors.tsv");
        for (String[] v : rows) {
            Geometry geometry = Wkt.read(v[2], Integer.parseInt(v[1]));
            assertThat(
                            Hex.format(
                                    writer.write(
                                            geometry,
                                            Integer.parseInt(v[3]),
                                            Integer.parseInt(v[4]),
                                            Integer.parseInt(v[5]))))
                    .as("%s at %s/%s/%s", v[0], v[3], v[4], v[5])
                    .isEqualToIgnoringCase(v[6]);
            dropped += v[7].equals("t") ? 0 : 1;
        }
        assertThat(rows).hasSize(138); // docs/SQL-FUNCTIONS.md states both counts
        assertThat(dropped).isEqualTo(27);
    }

    @Test
    void postgisBytesReadBackAsPostgisReadsThem() throws Exception {
        for (String[] v : rows("twkb-vectors.tsv")) {
            Geometry ours = READER.read(Hex.parse(v[6]), 0);
            ExactGeometry.assertExactlyEqual(ours, Wkt.read(v[8]));
        }
    }

    /** Exact decimals at a precision that holds them read back as the very input geometry. */
    @Test
    void postgisBytesOfExactDecimalsReadBackAsTheInput() throws Exception {
        int exact = 0;
        for (String[] v : rows("twkb-vectors.tsv")) {
            Geometry input = Wkt.read(v[2]);
            if (v[7].equals("t") && v[8].replace(" ", "").equals(v[2].replace(" ", ""))) {
                ExactGeometry.assertExactlyEqual(READER.read(Hex.parse(v[6]), 0), input);
                exact++;
            }
        }
        assertThat(exact).isGreaterThanOrEqualTo(50);
    }

    @Test
    void postgisReadsOurBytesAsWeDo() throws Exception {
        TwkbWriter writer = new TwkbWriter();
        List<String[]> rows = rows("our-twkb-read-by-postgis.tsv");
        assertThat(rows).hasSize(rows("our-twkb.tsv").size());
        for (String[] v : rows) {
            Geometry input = Wkt.read(v[1]);
            assertThat(
                            Hex.format(
                                    writer.write(
                                            input,
                                            Integer.parseInt(v[2]),
                                            Integer.parseInt(v[3]),
                                            Integer.parseInt(v[4]))))
                    .as("our bytes of %s", v[0])
                    .isEqualToIgnoringCase(v[5]);
            Geometry readByPostgis = Wkt.read(v[6]);
            ExactGeometry.assertExactlyEqual(READER.read(Hex.parse(v[5]), 0), readByPostgis);
            assertThat(readByPostgis.getNumPoints()).as(v[0]).isEqualTo(input.getNumPoints());
        }
    }

    private static List<String[]> rows(String file) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(
                                Objects.requireNonNull(
                                        PostgisTwkbVectorsTest.class.getResourceAsStream(
                                                "/postgis/" + file),
                                        file),
                                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.startsWith("#") && !line.isEmpty()) {
                    rows.add(line.split("\t", -1));
                }
            }
        }
        return rows;
    }
}
