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
package dev.flinkgeometry.serializer.kryo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometryTypes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * A geometry written through Kryo is reported once per class, as a warning that names the class and
 * the way to avoid it: the fallback is visible in the logs of a running job.
 */
class KryoFallbackReportTest {

    private static final GeometryFactory FACTORY = new GeometryFactory();

    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final Logger logger =
            (Logger) LogManager.getLogger(GeometryKryoSerializer.class.getName());
    private final AbstractAppender capture =
            new AbstractAppender("capture", null, null, true, Property.EMPTY_ARRAY) {
                @Override
                public void append(LogEvent event) {
                    if (event.getLevel() == Level.WARN) {
                        warnings.add(event.getMessage().getFormattedMessage());
                    }
                }
            };
    private Level levelBefore;

    @BeforeEach
    void captureWarnings() {
        GeometryKryoSerializer.forgetReports();
        capture.start();
        logger.addAppender(capture); // before the level: it may make a logger config of its own
        levelBefore = logger.getLevel();
        logger.setLevel(Level.WARN);
    }

    @AfterEach
    void stopCapturing() {
        logger.removeAppender(capture);
        logger.setLevel(levelBefore);
        capture.stop();
    }

    @Test
    void eachClassWrittenThroughKryoIsReportedOnce() throws Exception {
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.configure(GeometryTypes.kryoFallbackConfiguration(), getClass().getClassLoader());
        TypeSerializer<Geometry> kryo =
                new GenericTypeInfo<>(Geometry.class).createSerializer(config);
        DataOutputSerializer out = new DataOutputSerializer(256);
        for (int i = 0; i < 3; i++) {
            kryo.serialize(FACTORY.createPoint(new Coordinate(i, i)), out);
            kryo.serialize(
                    FACTORY.createLineString(
                            new Coordinate[] {new Coordinate(0, 0), new Coordinate(i, 1)}),
                    out);
        }
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0))
                .startsWith(
                        "org.locationtech.jts.geom.Point is written through Kryo"
                                + " (GeometryKryoSerializer, the aligned record)")
                .contains("Declare it with GeometryTypeInfo where you can")
                .contains("pipeline.generic-types: false makes this an error");
        assertThat(warnings.get(1))
                .startsWith("org.locationtech.jts.geom.LineString is written through Kryo");
    }
}
