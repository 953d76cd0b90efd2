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
package dev.flinkgeometry.flink1;

import static org.assertj.core.api.Assertions.assertThat;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.StateMigrationScenario;
import dev.flinkgeometry.testing.StateMigrationScenario.ThroughSerializer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializerSnapshot;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.sedona.common.geometryObjects.Circle;
import org.apache.sedona.common.geometrySerde.GeometrySerde;
import org.apache.sedona.common.geometrySerde.SpatialIndexSerde;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.index.quadtree.Quadtree;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * Flink 1.20 only (compiled by the {@code flink-1.20} profile alone): state of a job that ran
 * Apache Sedona's {@code SedonaContext.create}, which registers Sedona's Kryo serializer ({@link
 * GeometrySerde}, sedona-common 1.6.0) for every JTS class, moves to {@link
 * dev.flinkgeometry.serializer.GeometrySerializer}, aligned or straight to the lossless compact
 * encoding. Kryo state of Flink 1.x cannot be read by Flink 2.x at all, so 1.20 is where such a job
 * must migrate. The new job no longer registers anything of Sedona's; Flink reads the old state
 * with the Kryo serializer restored from the savepoint (so sedona-common must still be on its class
 * path) and writes it with {@link GeometryTypeInfo}'s serializer. Every value is exactly what
 * Sedona's serde carried ({@code userData} is not carried by GeometrySerializer). The steps and
 * checks: {@link StateMigrationScenario}.
 */
class SedonaKryoStateMigrationITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    /** The classes {@code SedonaContext.create} registers, in its order, with their serde. */
    private static final List<Class<?>> SEDONA_GEOMETRY_CLASSES =
            List.of(
                    Point.class,
                    LineString.class,
                    Polygon.class,
                    MultiPoint.class,
                    MultiLineString.class,
                    MultiPolygon.class,
                    GeometryCollection.class,
                    Circle.class,
                    Envelope.class);

    private static final List<Class<?>> SEDONA_INDEX_CLASSES =
            List.of(Quadtree.class, STRtree.class);

    /**
     * What {@code SedonaContext.create} (Sedona 1.6.0, {@code SedonaFlinkRegistrator.registerType})
     * does to the environment's config: eleven Kryo registrations, geometries (and Sedona's {@code
     * Circle}, JTS's {@code Envelope}) with one {@code GeometrySerde}, the two JTS spatial indexes
     * with a {@code SpatialIndexSerde} on it.
     */
    @SuppressWarnings("deprecation")
    private static void registerLikeSedonaContext(ExecutionConfig config) {
        GeometrySerde serde = new GeometrySerde();
        SpatialIndexSerde indexSerde = new SpatialIndexSerde(serde);
        SEDONA_GEOMETRY_CLASSES.forEach(type -> config.registerTypeWithKryoSerializer(type, serde));
        SEDONA_INDEX_CLASSES.forEach(
                type -> config.registerTypeWithKryoSerializer(type, indexSerde));
    }

    /**
     * The Kryo of a snapshot has Sedona's eleven registrations, in Sedona's order (consecutive Kryo
     * ids) and with Sedona's serializers.
     */
    static void assertSedonaRegistrations(String what, TypeSerializerSnapshot<?> snapshot) {
        assertThat(snapshot).as(what).isInstanceOf(KryoSerializerSnapshot.class);
        Kryo kryo = ((KryoSerializer<?>) snapshot.restoreSerializer()).getKryo();
        int firstId = kryo.getRegistration(Point.class).getId();
        List<Class<?>> all = new ArrayList<>(SEDONA_GEOMETRY_CLASSES);
        all.addAll(SEDONA_INDEX_CLASSES);
        for (int i = 0; i < all.size(); i++) {
            Registration registration = kryo.getRegistration(all.get(i));
            assertThat(registration.getId())
                    .as("%s: id of %s", what, all.get(i))
                    .isEqualTo(firstId + i);
            assertThat(registration.getSerializer())
                    .as("%s: serializer of %s", what, all.get(i))
                    .isInstanceOf(
                            SEDONA_INDEX_CLASSES.contains(all.get(i))
                                    ? SpatialIndexSerde.class
                                    : GeometrySerde.class);
        }
    }

    @ParameterizedTest(name = "{0}, {1} savepoints")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void sedonaKryoStateMigratesToGeometrySerializer(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        StateMigrationScenario.upgrade(
                new SedonaKryo(GeometryTypeInfo.of(Geometry.class)),
                backend,
                format,
                savepoints,
                jobs);
    }

    /** The same state moves straight to the lossless compact encoding. */
    @ParameterizedTest(name = "{0}, {1} savepoints")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void sedonaKryoStateMigratesToTheCompactEncoding(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        StateMigrationScenario.upgrade(
                new SedonaKryo(GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact())),
                backend,
                format,
                savepoints,
                jobs);
    }

    /** Kryo with Sedona's serde registered for every JTS class, as the old job ran it. */
    private static final class SedonaKryo extends ThroughSerializer {
        SedonaKryo(TypeInformation<Geometry> newType) {
            super(
                    "Kryo with Sedona's serde",
                    StateTypes.of(new GenericTypeInfo<>(Geometry.class)),
                    "KryoSerializer",
                    sedonaKryo(),
                    geometries(),
                    newType);
        }

        @Override
        public void assertOldSnapshot(String what, TypeSerializerSnapshot<?> snapshot) {
            assertSedonaRegistrations(what, snapshot);
        }

        @Override
        public StreamExecutionEnvironment oldEnvironment(String backend) {
            StreamExecutionEnvironment env = SavepointJobs.environment(backend, null);
            registerLikeSedonaContext(env.getConfig());
            return env;
        }
    }

    /** The Kryo serializer of the old job: Sedona's serde writes every geometry. */
    @SuppressWarnings("deprecation")
    private static TypeSerializer<Geometry> sedonaKryo() {
        ExecutionConfig config = new ExecutionConfig();
        registerLikeSedonaContext(config);
        TypeSerializer<Geometry> kryo =
                new GenericTypeInfo<>(Geometry.class).createSerializer(config);
        assertThat(((KryoSerializer<Geometry>) kryo).getKryo().getSerializer(Point.class))
                .isInstanceOf(GeometrySerde.class);
        return kryo;
    }

    private static List<Geometry> geometries() {
        List<Geometry> all = KeyedGeometryStates.geometries();
        List<Geometry> some = new ArrayList<>();
        for (int i = 2; i < all.size(); i += 3) {
            some.add(all.get(i));
        }
        return some;
    }
}
