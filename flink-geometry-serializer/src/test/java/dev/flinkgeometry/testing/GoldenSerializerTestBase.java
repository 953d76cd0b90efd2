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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden files of a serializer, in the style of Flink's {@code TypeSerializerUpgradeTestBase}
 * ("bytes are forever"), keyed by our own format versions rather than by Flink versions.
 *
 * <p>A golden directory under {@code src/test/resources/golden/} holds what a released serializer
 * wrote: {@value #SNAPSHOT_FILE} (its snapshot, written with {@link
 * TypeSerializerSnapshot#writeVersionedSnapshot} as savepoints store it) and {@value #DATA_FILE}
 * (the records of {@link Spec#data()}, back to back). The files are committed once, written by
 * {@link #everyGoldenDirectoryIsCommitted()} under {@code -D}{@value #GENERATE_PROPERTY}{@code
 * =true}, and never written again. On every build, for every {@link Spec} (a directory and a
 * serializer of today that must take its state over):
 *
 * <ul>
 *   <li>the committed snapshot reads back with {@link TypeSerializerSnapshot#readVersionedSnapshot}
 *       and restores a serializer that reads every committed record as the expected value, and
 *       copies every record byte for byte;
 *   <li>today's serializer resolves the committed snapshot with the expected compatibility, and
 *       then reads the state: directly when compatible as is, through the restored serializer when
 *       compatible after migration, as Flink's migration does;
 *   <li>for the format today's serializer writes ({@link Spec#writesTheseBytes()}): it writes the
 *       committed data byte for byte, and the committed snapshot unless its layout has a newer
 *       version ({@link #writesTheSnapshot}). A change there is a format change: it needs a new
 *       format version and a new golden directory, not new files in an old one.
 * </ul>
 *
 * @param <T> the type the serializers serialize
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class GoldenSerializerTestBase<T> {

    /**
     * The system property that lets {@link #everyGoldenDirectoryIsCommitted()} write missing files.
     */
    public static final String GENERATE_PROPERTY = "golden.generate";

    public static final String SNAPSHOT_FILE = "serializer-snapshot";
    public static final String DATA_FILE = "test-data";

    /** Where the generator writes, relative to the module directory (surefire's working dir). */
    private static final Path SOURCE_ROOT = Paths.get("src", "test", "resources", "golden");

    /** The compatibility that today's serializer must report for a golden snapshot. */
    public enum Expected {
        AS_IS,
        AFTER_MIGRATION
    }

    /**
     * One golden directory and a serializer of today that must take its state over.
     *
     * @param directory the directory under {@code golden/}, e.g. {@code
     *     geometry-serializer-v1/geometry-array}
     * @param writer the serializer that writes the files, used only by the generator (several specs
     *     may share a directory: give them the same writer)
     * @param data the values in the data file, in order; fixed forever once committed
     * @param current today's serializer
     * @param expected what {@code current} must report for the committed snapshot
     * @param writesTheseBytes whether {@code current} writes exactly the committed snapshot and
     *     data
     */
    public record Spec<T>(
            String directory,
            Supplier<TypeSerializer<T>> writer,
            Supplier<List<T>> data,
            Supplier<TypeSerializer<T>> current,
            Expected expected,
            boolean writesTheseBytes) {
        @Override
        public String toString() {
            return directory + " <- " + current.get() + (writesTheseBytes ? " (writes it)" : "");
        }
    }

    /** Every golden directory of this serializer, with the serializers of today. */
    protected abstract List<Spec<T>> specs();

    /**
     * Asserts that {@code actual}, read by {@code readBy}, is exactly {@code expected} (as the
     * serializer carries values).
     */
    protected abstract void assertSameValue(
            String what, T actual, T expected, TypeSerializer<T> readBy);

    // ------------------------------------------------------------------------------------------
    // The checks
    // ------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void theRestoredSerializerReadsTheCommittedData(Spec<T> spec) throws IOException {
        TypeSerializer<T> restored = committedSnapshot(spec).restoreSerializer();
        assertReadsTheData(spec, restored, committedData(spec));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void theRestoredSerializerCopiesTheCommittedDataByteForByte(Spec<T> spec) throws IOException {
        TypeSerializer<T> restored = committedSnapshot(spec).restoreSerializer();
        byte[] data = committedData(spec);
        DataInputDeserializer in = new DataInputDeserializer(data);
        DataOutputSerializer out = new DataOutputSerializer(data.length);
        for (int i = 0; i < spec.data().get().size(); i++) {
            restored.copy(in, out);
        }
        assertThat(in.available()).as("bytes left after the records").isZero();
        assertThat(out.getCopyOfBuffer()).isEqualTo(data);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void todaysSerializerResolvesTheCommittedSnapshotAsExpected(Spec<T> spec) throws IOException {
        TypeSerializerSchemaCompatibility<T> compatibility = resolve(spec);
        switch (spec.expected()) {
            case AS_IS:
                assertThat(compatibility.isCompatibleAsIs()).as("%s", compatibility).isTrue();
                break;
            case AFTER_MIGRATION:
                assertThat(compatibility.isCompatibleAfterMigration())
                        .as("%s", compatibility)
                        .isTrue();
                break;
            default:
                throw new AssertionError(spec.expected());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void todaysSerializerTakesOverTheCommittedData(Spec<T> spec) throws IOException {
        TypeSerializer<T> current = spec.current().get();
        byte[] data = committedData(spec);
        if (spec.expected() == Expected.AS_IS) {
            // Flink keeps the state bytes and reads them with today's serializer.
            assertReadsTheData(spec, current, data);
            return;
        }
        // Flink's migration: read with the restored serializer, write with today's.
        TypeSerializer<T> restored = committedSnapshot(spec).restoreSerializer();
        DataInputDeserializer in = new DataInputDeserializer(data);
        DataOutputSerializer migrated = new DataOutputSerializer(data.length);
        for (int i = 0; i < spec.data().get().size(); i++) {
            current.serialize(restored.deserialize(in), migrated);
        }
        assertThat(in.available()).as("bytes left after the records").isZero();
        assertReadsTheData(spec, current, migrated.getCopyOfBuffer());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specsOfTheCurrentSnapshot")
    void todaysSerializerWritesTheCommittedSnapshot(Spec<T> spec) throws IOException {
        TypeSerializer<T> current = spec.current().get();
        DataOutputSerializer snapshot = new DataOutputSerializer(256);
        TypeSerializerSnapshot.writeVersionedSnapshot(snapshot, current.snapshotConfiguration());
        assertThat(snapshot.getCopyOfBuffer())
                .as("the snapshot written today")
                .isEqualTo(committed(spec, SNAPSHOT_FILE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specsOfTheCurrentFormat")
    void todaysSerializerWritesTheCommittedData(Spec<T> spec) throws IOException {
        TypeSerializer<T> current = spec.current().get();
        byte[] data = committedData(spec);
        List<T> values = spec.data().get();
        DataOutputSerializer out = new DataOutputSerializer(data.length);
        int offset = 0;
        for (int i = 0; i < values.size(); i++) {
            current.serialize(values.get(i), out);
            byte[] written = out.getCopyOfBuffer();
            // Compare record by record, for a message that names the value.
            assertThat(Arrays.copyOfRange(written, offset, written.length))
                    .as("record %d written today (%s)", i, values.get(i))
                    .isEqualTo(
                            Arrays.copyOfRange(
                                    data, offset, Math.min(data.length, written.length)));
            offset = written.length;
        }
        assertThat(out.getCopyOfBuffer()).isEqualTo(data);
    }

    /**
     * Whether today's serializer of {@code spec} writes its committed snapshot byte for byte: by
     * default, if it writes the committed data. A serializer whose snapshot layout has a newer
     * version excludes the directories of the older one: their data is still what it writes, their
     * snapshot no longer.
     */
    protected boolean writesTheSnapshot(Spec<T> spec) {
        return spec.writesTheseBytes();
    }

    /** The specs whose serializer of today writes the committed snapshot; there must be one. */
    protected final List<Spec<T>> specsOfTheCurrentSnapshot() {
        List<Spec<T>> current =
                specs().stream().filter(this::writesTheSnapshot).collect(Collectors.toList());
        assertThat(current).as("specs of the snapshot written today").isNotEmpty();
        return current;
    }

    /** The specs whose serializer of today writes the committed data; there must be one. */
    protected final List<Spec<T>> specsOfTheCurrentFormat() {
        List<Spec<T>> current =
                specs().stream().filter(Spec::writesTheseBytes).collect(Collectors.toList());
        assertThat(current).as("specs of the format written today").isNotEmpty();
        return current;
    }

    // ------------------------------------------------------------------------------------------
    // The generator
    // ------------------------------------------------------------------------------------------

    /**
     * Every golden directory is committed with both files. With {@code -D}{@value
     * #GENERATE_PROPERTY}{@code =true}, writes the files of every directory that has none yet into
     * {@code src/test/resources/golden/}. Never overwrites: a directory with one of its files only
     * is an error either way.
     */
    @Test
    @Order(0)
    void everyGoldenDirectoryIsCommitted() throws IOException {
        Map<String, Spec<T>> byDirectory = new LinkedHashMap<>();
        specs().forEach(spec -> byDirectory.putIfAbsent(spec.directory(), spec));
        boolean generate = Boolean.getBoolean(GENERATE_PROPERTY);
        for (Spec<T> spec : byDirectory.values()) {
            boolean snapshot = exists(spec, SNAPSHOT_FILE);
            boolean data = exists(spec, DATA_FILE);
            if (snapshot && data) {
                continue;
            }
            if (snapshot || data) {
                fail(
                        "golden directory %s has only one of its files; golden files are never"
                                + " regenerated, restore the other one from version control",
                        spec.directory());
            }
            if (!generate) {
                fail(
                        "golden directory %s is missing; for a new format version, generate it"
                                + " once with -D%s=true (see golden/README.md)",
                        spec.directory(), GENERATE_PROPERTY);
            }
            generate(spec);
        }
    }

    private void generate(Spec<T> spec) throws IOException {
        Path directory = SOURCE_ROOT.resolve(spec.directory());
        TypeSerializer<T> writer = spec.writer().get();
        DataOutputSerializer snapshot = new DataOutputSerializer(256);
        TypeSerializerSnapshot.writeVersionedSnapshot(snapshot, writer.snapshotConfiguration());
        DataOutputSerializer data = new DataOutputSerializer(4096);
        for (T value : spec.data().get()) {
            writer.serialize(value, data);
        }
        Files.createDirectories(directory);
        // CREATE_NEW: never overwrite a file.
        Files.write(
                directory.resolve(SNAPSHOT_FILE),
                snapshot.getCopyOfBuffer(),
                StandardOpenOption.CREATE_NEW);
        Files.write(
                directory.resolve(DATA_FILE),
                data.getCopyOfBuffer(),
                StandardOpenOption.CREATE_NEW);
        System.out.println("wrote golden files " + directory.toAbsolutePath());
    }

    /** In the source tree while generating, else on the test classpath. */
    private boolean exists(Spec<T> spec, String file) {
        if (Boolean.getBoolean(GENERATE_PROPERTY)) {
            return Files.exists(SOURCE_ROOT.resolve(spec.directory()).resolve(file));
        }
        return getClass().getResource("/golden/" + spec.directory() + "/" + file) != null;
    }

    // ------------------------------------------------------------------------------------------

    private void assertReadsTheData(Spec<T> spec, TypeSerializer<T> readBy, byte[] data)
            throws IOException {
        List<T> expected = spec.data().get();
        DataInputDeserializer in = new DataInputDeserializer(data);
        for (int i = 0; i < expected.size(); i++) {
            T value = readBy.deserialize(in);
            assertSameValue(
                    "record " + i + " of " + spec.directory(), value, expected.get(i), readBy);
        }
        assertThat(in.available()).as("bytes left after the records").isZero();
    }

    @SuppressWarnings("unchecked")
    private TypeSerializerSchemaCompatibility<T> resolve(Spec<T> spec) throws IOException {
        TypeSerializerSnapshot<T> current = spec.current().get().snapshotConfiguration();
        return current.resolveSchemaCompatibility(committedSnapshot(spec));
    }

    /** The committed snapshot, read as a restore reads it; nothing may be left over. */
    protected final TypeSerializerSnapshot<T> committedSnapshot(Spec<T> spec) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(committed(spec, SNAPSHOT_FILE));
        TypeSerializerSnapshot<T> snapshot =
                TypeSerializerSnapshot.readVersionedSnapshot(in, getClass().getClassLoader());
        assertThat(in.available()).as("bytes left after the snapshot").isZero();
        return snapshot;
    }

    protected final byte[] committedData(Spec<T> spec) {
        return committed(spec, DATA_FILE);
    }

    private byte[] committed(Spec<T> spec, String file) {
        String resource = "/golden/" + spec.directory() + "/" + file;
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            if (Boolean.getBoolean(GENERATE_PROPERTY)) {
                // The source tree, which this run's generator may just have written.
                return Files.readAllBytes(SOURCE_ROOT.resolve(spec.directory()).resolve(file));
            }
            if (in == null) {
                throw new AssertionError(
                        "golden file "
                                + resource
                                + " is missing; for a new format version, generate it once with"
                                + " -D"
                                + GENERATE_PROPERTY
                                + "=true (see golden/README.md)");
            }
            return Objects.requireNonNull(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
