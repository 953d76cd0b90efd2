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
package dev.flinkgeometry.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.table.GeometryModule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;

/**
 * The configuration routes of the README, tried where users meet them: a {@code
 * StreamTableEnvironment} and a plain {@code TableEnvironment} on the same configuration, and a
 * second environment in the same JVM. The Kryo fallback's entries compose with all of them; the
 * type-information entry does not (Flink registers it JVM-wide each time it applies the
 * configuration), which is why the README shows {@link GeometryTypes#registerWith} for it.
 */
class RegistrationRouteITCase {

    private static final Point POINT = new GeometryFactory().createPoint(new Coordinate(1, 2));

    @Test
    void theKryoFallbackConfigurationComposesWithTheTableApiAndSeveralEnvironments()
            throws Exception {
        Configuration configuration = GeometryTypes.kryoFallbackConfiguration();
        for (int i = 0; i < 2; i++) {
            StreamExecutionEnvironment env =
                    StreamExecutionEnvironment.getExecutionEnvironment(configuration);
            GeometryTypes.registerWith(env);
            StreamTableEnvironment streamSql = StreamTableEnvironment.create(env);
            assertThat(rows(streamSql, "SELECT 1")).containsExactly("+I[1]");
            streamSql.loadModule("geometry", GeometryModule.INSTANCE);
            assertThat(rows(streamSql, "SELECT ST_AsText(ST_GeomFromText('POINT (1 2)'))"))
                    .containsExactly("+I[POINT (1 2)]");

            TableEnvironment batchSql =
                    TableEnvironment.create(
                            EnvironmentSettings.newInstance()
                                    .inBatchMode()
                                    .withConfiguration(configuration)
                                    .build());
            assertThat(rows(batchSql, "SELECT 1")).containsExactly("+I[1]");

            // and the environment's Kryo writes the aligned record of a geometry
            assertThat(kryoBytes(env)).endsWith(alignedRecord());
        }
    }

    @Test
    void theTypeInfoEntryBreaksTheTableApiAsTheReadmeWarns() throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(
                PipelineOptions.SERIALIZATION_CONFIG, List.of(GeometryTypes.SERIALIZATION_CONFIG));
        GeometryTypes.withoutRegistration(
                () -> {
                    StreamExecutionEnvironment.getExecutionEnvironment(configuration);
                    assertThat(TypeInformation.of(Point.class))
                            .isEqualTo(GeometryTypeInfo.of(Point.class));
                    assertThatThrownBy(
                                    () ->
                                            rows(
                                                    TableEnvironment.create(
                                                            EnvironmentSettings.newInstance()
                                                                    .withConfiguration(
                                                                            configuration)
                                                                    .build()),
                                                    "SELECT 1"))
                            .hasStackTraceContaining(
                                    "A TypeInfoFactory for type 'class"
                                            + " org.locationtech.jts.geom.Geometry' is already"
                                            + " registered");
                    assertThatThrownBy(
                                    () ->
                                            StreamExecutionEnvironment.getExecutionEnvironment(
                                                    configuration))
                            .hasStackTraceContaining("is already registered");
                    return null;
                });
    }

    private static List<String> rows(TableEnvironment sql, String query) throws Exception {
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = sql.executeSql(query).collect()) {
            it.forEachRemaining(row -> rows.add(row.toString()));
        }
        return rows;
    }

    private static byte[] kryoBytes(StreamExecutionEnvironment env) throws Exception {
        TypeSerializer<Point> kryo =
                new GenericTypeInfo<>(Point.class)
                        .createSerializer(env.getConfig().getSerializerConfig());
        DataOutputSerializer out = new DataOutputSerializer(64);
        kryo.serialize(POINT, out);
        return out.getCopyOfBuffer();
    }

    private static byte[] alignedRecord() throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        GeometrySerializer.of(Point.class).serialize(POINT, out);
        byte[] record = out.getCopyOfBuffer();
        assertThat(Arrays.copyOf(record, 1)).containsExactly(24); // 24 payload bytes: a 2D point
        return record;
    }
}
