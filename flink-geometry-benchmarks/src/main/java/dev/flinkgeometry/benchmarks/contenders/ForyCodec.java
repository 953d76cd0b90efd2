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
package dev.flinkgeometry.benchmarks.contenders;

import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.locationtech.jts.geom.Geometry;

/**
 * Apache Fory 0.13 configured as a user would for JTS geometries: Java mode, no class registration
 * (JTS has a dozen geometry, sequence and factory classes a user would not list), and Fory's
 * default of no reference tracking: a geometry graph has no cycles, so tracking only costs an
 * identity-map lookup per object, and the factory its parts share is written with each part instead
 * (read back as equal copies). One {@link Fory} per codec, as a Fory instance is not thread-safe.
 */
final class ForyCodec implements LengthPrefixedContender.Codec {
    private final Fory fory = create();

    static Fory create() {
        return Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(false)
                .suppressClassRegistrationWarnings(true)
                .withRefTracking(false)
                .build();
    }

    @Override
    public byte[] encode(Geometry geometry) {
        return fory.serialize(geometry);
    }

    @Override
    public Geometry decode(byte[] bytes) {
        return (Geometry) fory.deserialize(bytes);
    }
}
