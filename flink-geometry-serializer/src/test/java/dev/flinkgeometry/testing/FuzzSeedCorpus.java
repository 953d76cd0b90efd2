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

import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * The committed seed corpus of the fuzz tests, generated: files named here, with these bytes, in
 * {@code src/test/resources/<test package>/<TestClass>Inputs/<test method>/}. Jazzer replays them
 * in every build and starts real fuzzing from them. Crash inputs found later are added next to them
 * by hand, as regressions.
 *
 * <p>Regenerate (after a change here), in {@code flink-geometry-serializer}: {@code mvn -B -q
 * test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/cp},
 * then {@code java -cp target/test-classes:target/classes:$(cat target/cp)
 * dev.flinkgeometry.testing.FuzzSeedCorpus}.
 */
public final class FuzzSeedCorpus {
    public static final String ALIGNED_ANY_BYTES =
            "dev/flinkgeometry/serializer/AlignedFormatFuzzTestInputs/anyBytes";
    public static final String ALIGNED_WRITTEN =
            "dev/flinkgeometry/serializer/AlignedFormatFuzzTestInputs/writtenRecords";
    public static final String WKB_ANY_BYTES =
            "dev/flinkgeometry/serializer/legacy/WkbFormatFuzzTestInputs/anyBytes";
    public static final String WKB_WRITTEN =
            "dev/flinkgeometry/serializer/legacy/WkbFormatFuzzTestInputs/writtenRecords";

    public static final String COMPACT_ANY_BYTES =
            "dev/flinkgeometry/format/compact/CompactFormatFuzzTestInputs/anyBytes";
    public static final String COMPACT_WRITTEN =
            "dev/flinkgeometry/format/compact/CompactFormatFuzzTestInputs/writtenRecords";

    public static final String GEOJSON_ANY_TEXT =
            "dev/flinkgeometry/format/geojson/GeoJsonReaderFuzzTestInputs/anyText";
    public static final String WKT_ANY_TEXT =
            "dev/flinkgeometry/format/wkt/WktReaderFuzzTestInputs/anyText";
    public static final String EWKB_ANY_BYTES =
            "dev/flinkgeometry/format/wkb/WkbReaderFuzzTestInputs/anyBytes";
    public static final String TWKB_ANY_BYTES =
            "dev/flinkgeometry/format/twkb/TwkbReaderFuzzTestInputs/anyBytes";

    private static final int PROVIDER_SEEDS = 32;
    private static final int PROVIDER_SEED_BYTES = 384;

    private FuzzSeedCorpus() {}

    /** Every seed directory (resource path) with its files. */
    public static Map<String, Map<String, byte[]>> all() throws IOException {
        Map<String, Map<String, byte[]>> all = new LinkedHashMap<>();
        all.put(ALIGNED_ANY_BYTES, alignedRecords());
        all.put(ALIGNED_WRITTEN, providerSeeds());
        all.put(WKB_ANY_BYTES, wkbRecords());
        all.put(WKB_WRITTEN, providerSeeds());
        all.put(COMPACT_ANY_BYTES, compactRecords());
        all.put(COMPACT_WRITTEN, providerSeeds());
        all.put(GEOJSON_ANY_TEXT, HostileSeeds.geoJson(column("/postgis/geojson-read.tsv", 1)));
        all.put(WKT_ANY_TEXT, HostileSeeds.wkt(column("/postgis/vectors.tsv", 2)));
        all.put(
                EWKB_ANY_BYTES,
                HostileSeeds.ewkb(hexColumns("/postgis/vectors.tsv", 8, 9, 10, 11)));
        all.put(TWKB_ANY_BYTES, HostileSeeds.twkb(hexColumns("/postgis/twkb-vectors.tsv", 6)));
        return all;
    }

    /**
     * Aligned-format payloads of the golden geometries: every type and layout, empties and empty
     * members, NaN and -0.0, SRIDs, nested collections, real Natural Earth shapes.
     */
    static Map<String, byte[]> alignedRecords() throws IOException {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        int i = 0;
        for (Geometry geometry : GoldenGeometries.v1()) {
            seeds.put(String.format("golden-%02d", i++), AlignedFormat.encode(geometry));
        }
        return seeds;
    }

    /**
     * Compact payloads: lossless records of the golden geometries (mostly the aligned fallback),
     * 7-digit records of them (TWKB), and every TWKB that PostGIS wrote ({@code
     * /postgis/twkb-vectors.tsv}) as a record of kind 0x00.
     */
    static Map<String, byte[]> compactRecords() throws IOException {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        int i = 0;
        for (Geometry geometry : GoldenGeometries.v1()) {
            seeds.put(
                    String.format("lossless-%02d", i),
                    dev.flinkgeometry.format.compact.CompactEncoder.lossless().encode(geometry));
            seeds.put(
                    String.format("digits7-%02d", i++),
                    dev.flinkgeometry.format.compact.CompactEncoder.withPrecision(7, 7, 7)
                            .encode(geometry));
        }
        int line = 0;
        for (String row : resourceLines("/postgis/twkb-vectors.tsv")) {
            line++;
            if (row.startsWith("#") || row.isBlank()) {
                continue;
            }
            byte[] twkb = Hex.parse(row.split("\t")[6]);
            byte[] record = new byte[twkb.length + 1];
            System.arraycopy(twkb, 0, record, 1, twkb.length);
            seeds.put(String.format("postgis-line-%03d", line), record);
        }
        return seeds;
    }

    /**
     * WKB: every vector that GEOS wrote ({@code /wkb/vectors.tsv}: both byte orders, ISO and
     * extended, Z, M, ZM, SRID, empties), and what our writer writes for the golden geometries.
     */
    static Map<String, byte[]> wkbRecords() throws IOException {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        int line = 0;
        for (String row : resourceLines("/wkb/vectors.tsv")) {
            line++;
            if (row.startsWith("#") || row.startsWith("description\t") || row.isBlank()) {
                continue;
            }
            seeds.put(String.format("geos-line-%03d", line), Hex.parse(row.split("\t")[6]));
        }
        WkbGeometrySerializer<Geometry> serializer = WkbGeometrySerializer.of(Geometry.class);
        int i = 0;
        for (Geometry geometry : GoldenGeometries.wkbV1()) {
            DataOutputSerializer out = new DataOutputSerializer(64);
            serializer.serialize(geometry, out);
            byte[] record = out.getCopyOfBuffer();
            seeds.put(
                    String.format("ours-%02d", i++), Arrays.copyOfRange(record, 4, record.length));
        }
        return seeds;
    }

    /**
     * Fixed pseudo-random inputs for the tests that build a geometry from the fuzzer's bytes: each
     * builds a different geometry, so a plain build already checks a few dozen.
     */
    static Map<String, byte[]> providerSeeds() {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        for (int i = 0; i < PROVIDER_SEEDS; i++) {
            byte[] bytes = new byte[PROVIDER_SEED_BYTES];
            new Random(i).nextBytes(bytes);
            seeds.put(String.format("random-%02d", i), bytes);
        }
        return seeds;
    }

    /** Column {@code index} of every data row of a PostGIS vector file, by line number. */
    private static Map<String, String> column(String name, int index) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        int line = 0;
        for (String row : resourceLines(name)) {
            line++;
            String[] fields = row.split("\t", -1);
            if (row.startsWith("#") || row.isBlank() || fields.length <= index) {
                continue;
            }
            values.put(String.format("postgis-line-%03d", line), fields[index]);
        }
        return values;
    }

    /** The hex bytes in the given columns of every data row, by line number and column. */
    private static Map<String, byte[]> hexColumns(String name, int... indexes) throws IOException {
        Map<String, byte[]> values = new LinkedHashMap<>();
        int line = 0;
        for (String row : resourceLines(name)) {
            line++;
            String[] fields = row.split("\t", -1);
            if (row.startsWith("#") || row.isBlank()) {
                continue;
            }
            for (int index : indexes) {
                if (fields.length > index && !fields[index].isEmpty()) {
                    values.put(
                            String.format("postgis-line-%03d-col-%d", line, index),
                            Hex.parse(fields[index]));
                }
            }
        }
        return values;
    }

    private static String[] resourceLines(String name) throws IOException {
        try (InputStream in = FuzzSeedCorpus.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
        }
    }

    /** Writes the corpus under {@code args[0]} (default: this module's test resources). */
    public static void main(String[] args) throws IOException {
        Path root = Paths.get(args.length > 0 ? args[0] : "src/test/resources");
        for (Map.Entry<String, Map<String, byte[]>> dir : all().entrySet()) {
            Path target = root.resolve(dir.getKey());
            Files.createDirectories(target);
            dir.getValue()
                    .forEach(
                            (name, bytes) -> {
                                try {
                                    Files.write(target.resolve(name), bytes);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            });
        }
    }
}
