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

import dev.flinkgeometry.serializer.internal.UserClasses;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * What a Flink {@link KryoSerializerSnapshot} records, read from its written form: the class it was
 * written for, the classes registered with Kryo, and Kryo's default serializers. The snapshot has
 * no getters; its written form ({@code KryoSerializerSnapshotData}: the class name, then three
 * {@code LinkedOptionalMap}s) is a persisted format that Flink must keep reading, and is the same
 * in Flink 1.20 and 2.x (snapshot version 2 in both), which is also why it cannot tell which Flink
 * line wrote the state.
 */
@Internal
public final class KryoSnapshotContents {
    /**
     * The library's Kryo serializer, named and not referenced: this package depends on no other.
     */
    static final String GEOMETRY_KRYO_SERIALIZER =
            "dev.flinkgeometry.serializer.kryo.GeometryKryoSerializer";

    /** {@code LinkedOptionalMapSerializer}'s header of every map. */
    private static final long OPTIONAL_MAP_HEADER = 0x4f2c69a3d70L;

    private final String typeName;
    private final List<String> registeredTypes;
    private final List<String> defaultSerializerTypes;
    private final Map<String, String> defaultSerializerClasses;

    private KryoSnapshotContents(
            String typeName,
            List<String> registeredTypes,
            List<String> defaultSerializerTypes,
            Map<String, String> defaultSerializerClasses) {
        this.typeName = typeName;
        this.registeredTypes = registeredTypes;
        this.defaultSerializerTypes = defaultSerializerTypes;
        this.defaultSerializerClasses = defaultSerializerClasses;
    }

    /** The contents of {@code snapshot} if it is Kryo's, empty otherwise. */
    public static Optional<KryoSnapshotContents> of(TypeSerializerSnapshot<?> snapshot) {
        if (!(snapshot instanceof KryoSerializerSnapshot)) {
            return Optional.empty();
        }
        try {
            DataOutputSerializer out = new DataOutputSerializer(512);
            snapshot.writeSnapshot(out);
            return Optional.of(read(new DataInputDeserializer(out.getCopyOfBuffer())));
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot read Flink's Kryo snapshot " + snapshot, e);
        }
    }

    /** Reads the written form of a {@link KryoSerializerSnapshot}, after its class and version. */
    static KryoSnapshotContents read(DataInputView in) throws IOException {
        String typeName = in.readUTF();
        List<String> registered = new ArrayList<>();
        readOptionalMap(in, registered, null);
        List<String> defaultInstances = new ArrayList<>();
        readOptionalMap(in, defaultInstances, null);
        Map<String, String> defaultClasses = new LinkedHashMap<>();
        readOptionalMap(in, new ArrayList<>(), defaultClasses);
        return new KryoSnapshotContents(
                typeName,
                Collections.unmodifiableList(registered),
                Collections.unmodifiableList(defaultInstances),
                Collections.unmodifiableMap(defaultClasses));
    }

    /**
     * Reads one {@code LinkedOptionalMap}: its key names into {@code keys}, and, if {@code
     * classValues} is given, each value frame as one {@code writeUTF} class name.
     */
    private static void readOptionalMap(
            DataInputView in, List<String> keys, Map<String, String> classValues)
            throws IOException {
        long header = in.readLong();
        if (header != OPTIONAL_MAP_HEADER) {
            throw new IOException("not a Kryo snapshot map: header " + Long.toHexString(header));
        }
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            String keyName = in.readUTF();
            keys.add(keyName);
            if (in.readBoolean()) {
                skipFrame(in);
            }
            if (in.readBoolean()) {
                byte[] frame = new byte[in.readInt()];
                in.readFully(frame);
                if (classValues != null) {
                    classValues.put(keyName, new DataInputDeserializer(frame).readUTF());
                }
            }
        }
    }

    private static void skipFrame(DataInputView in) throws IOException {
        int length = in.readInt();
        in.skipBytesToRead(length);
    }

    /** The name of the class the state was written for. */
    public String typeName() {
        return typeName;
    }

    /** The classes registered with Kryo (the written class first), by name. */
    public List<String> registeredTypes() {
        return registeredTypes;
    }

    /** The classes that have a default serializer instance, by name. */
    public List<String> defaultSerializerTypes() {
        return defaultSerializerTypes;
    }

    /** The default serializer classes, by the name of the class each serves. */
    public Map<String, String> defaultSerializerClasses() {
        return defaultSerializerClasses;
    }

    /** Whether the state holds JTS geometries: its class is {@code Geometry} or a subclass. */
    public boolean holdsGeometries() {
        Class<?> type = UserClasses.load(typeName);
        return type != null && Geometry.class.isAssignableFrom(type);
    }

    /**
     * Whether Kryo wrote the geometries through the library's {@code GeometryKryoSerializer} (the
     * opt-in Kryo fallback): its records have the same bytes under Kryo 2.24 and Kryo 5, so either
     * Flink line reads them right. Kryo takes a default serializer for the class and its
     * subclasses, so it must serve the written class or a superclass of it.
     */
    public boolean writtenByGeometryKryoSerializer() {
        Class<?> type = UserClasses.load(typeName);
        if (type == null) {
            return false;
        }
        for (Map.Entry<String, String> entry : defaultSerializerClasses.entrySet()) {
            Class<?> served = UserClasses.load(entry.getKey());
            if (GEOMETRY_KRYO_SERIALIZER.equals(entry.getValue())
                    && served != null
                    && served.isAssignableFrom(type)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The JTS classes that the snapshot registers with Kryo or gives a default serializer: Kryo
     * writes a registered class as a number, not by name.
     */
    public Set<String> jtsRegistrations() {
        Set<String> jts = new TreeSet<>();
        for (List<String> names :
                List.of(
                        registeredTypes,
                        defaultSerializerTypes,
                        new ArrayList<>(defaultSerializerClasses.keySet()))) {
            for (String name : names) {
                if (name.startsWith(JtsClassNames.PREFIX)) {
                    jts.add(name);
                }
            }
        }
        return jts;
    }

    /**
     * Whether Kryo writes {@code className} through the library's {@code GeometryKryoSerializer}: a
     * geometry class that a default serializer entry for it or a superclass serves.
     */
    public boolean servedByGeometryKryoSerializer(String className) {
        Class<?> type = UserClasses.load(className);
        if (type == null || !Geometry.class.isAssignableFrom(type)) {
            return false;
        }
        for (Map.Entry<String, String> entry : defaultSerializerClasses.entrySet()) {
            Class<?> served = UserClasses.load(entry.getKey());
            if (GEOMETRY_KRYO_SERIALIZER.equals(entry.getValue())
                    && served != null
                    && served.isAssignableFrom(type)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the state is geometries that Flink's own Kryo serializer wrote field by field. */
    public boolean isKryoFieldGeometryState() {
        return holdsGeometries() && !writtenByGeometryKryoSerializer();
    }

    /** What the snapshot records, in one line. */
    public String describe() {
        StringBuilder text = new StringBuilder("Kryo for ").append(typeName);
        if (!defaultSerializerClasses.isEmpty()) {
            text.append(", default serializers ").append(defaultSerializerClasses);
        }
        if (!defaultSerializerTypes.isEmpty()) {
            text.append(", default serializer instances for ").append(defaultSerializerTypes);
        }
        text.append(", ").append(registeredTypes.size()).append(" registered classes");
        return text.toString();
    }
}
