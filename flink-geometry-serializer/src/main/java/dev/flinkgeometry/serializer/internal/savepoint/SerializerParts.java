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
package dev.flinkgeometry.serializer.internal.savepoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.ListSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.MapSerializerSnapshot;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * The Kryo snapshots inside a state's serializer snapshot, each with the role it plays: the value
 * itself, a list element, a map's user key or value, a field of a composite (tuple, row), or
 * somewhere inside a snapshot that does not show its parts (a POJO's), found in its written form,
 * where every nested snapshot is stored as its class name, version and data.
 */
@Internal
public final class SerializerParts {
    private static final byte[] KRYO_SNAPSHOT_NAME = utf(KryoSerializerSnapshot.class.getName());

    /** A Kryo snapshot and where it sits. */
    public static final class KryoPart {
        private final String role;
        private final KryoSnapshotContents contents;

        KryoPart(String role, KryoSnapshotContents contents) {
            this.role = role;
            this.contents = contents;
        }

        /** {@code value}, {@code list element}, {@code map user key}, {@code field 2 of ...}. */
        public String role() {
            return role;
        }

        public KryoSnapshotContents contents() {
            return contents;
        }
    }

    private SerializerParts() {}

    /** The Kryo snapshots in {@code snapshot}, which plays {@code role}. */
    public static List<KryoPart> kryoParts(TypeSerializerSnapshot<?> snapshot, String role) {
        List<KryoPart> parts = new ArrayList<>();
        collect(snapshot, role, parts);
        return parts;
    }

    private static void collect(
            TypeSerializerSnapshot<?> snapshot, String role, List<KryoPart> parts) {
        Optional<KryoSnapshotContents> kryo = KryoSnapshotContents.of(snapshot);
        if (kryo.isPresent()) {
            parts.add(new KryoPart(role, kryo.get()));
        } else if (snapshot instanceof ListSerializerSnapshot) {
            collect(nested(snapshot)[0], "list element", parts);
        } else if (snapshot instanceof MapSerializerSnapshot) {
            collect(nested(snapshot)[0], "map user key", parts);
            collect(nested(snapshot)[1], "map value", parts);
        } else if (snapshot instanceof CompositeTypeSerializerSnapshot) {
            TypeSerializerSnapshot<?>[] fields = nested(snapshot);
            for (int i = 0; i < fields.length; i++) {
                collect(
                        fields[i],
                        "field " + i + " of the " + role + " (" + simpleName(snapshot) + ")",
                        parts);
            }
        } else {
            collectWritten(snapshot, role, parts);
        }
    }

    private static TypeSerializerSnapshot<?>[] nested(TypeSerializerSnapshot<?> snapshot) {
        return ((CompositeTypeSerializerSnapshot<?, ?>) snapshot).getNestedSerializerSnapshots();
    }

    /** Kryo snapshots stored inside the written form of a snapshot without visible parts. */
    private static void collectWritten(
            TypeSerializerSnapshot<?> snapshot, String role, List<KryoPart> parts) {
        byte[] written;
        try {
            DataOutputSerializer out = new DataOutputSerializer(1024);
            snapshot.writeSnapshot(out);
            written = out.getCopyOfBuffer();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException(
                    "cannot look inside " + simpleName(snapshot) + ", which cannot write itself",
                    e);
        }
        for (int at = indexOf(written, KRYO_SNAPSHOT_NAME, 0);
                at >= 0;
                at = indexOf(written, KRYO_SNAPSHOT_NAME, at + 1)) {
            int data = at + KRYO_SNAPSHOT_NAME.length + Integer.BYTES; // after the version
            try {
                DataInputDeserializer in =
                        new DataInputDeserializer(written, data, written.length - data);
                parts.add(
                        new KryoPart(
                                "inside the " + role + " (" + simpleName(snapshot) + ")",
                                KryoSnapshotContents.read(in)));
            } catch (IOException | RuntimeException e) {
                // the name occurred in other data: not a stored snapshot
            }
        }
    }

    private static String simpleName(TypeSerializerSnapshot<?> snapshot) {
        return snapshot.getClass().getSimpleName();
    }

    /** The {@code writeUTF} form of an ASCII name: two length bytes, then the name. */
    private static byte[] utf(String name) {
        byte[] ascii = name.getBytes(StandardCharsets.US_ASCII);
        byte[] utf = new byte[ascii.length + 2];
        utf[0] = (byte) (ascii.length >>> 8);
        utf[1] = (byte) ascii.length;
        System.arraycopy(ascii, 0, utf, 2, ascii.length);
        return utf;
    }

    private static int indexOf(byte[] bytes, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= bytes.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (bytes[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
