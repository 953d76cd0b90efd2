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

import dev.flinkgeometry.serializer.internal.SerializerTypeInfo;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.locationtech.jts.geom.Geometry;

/** The type information that goes with {@link ForyGeometrySerializer}, as a user writes it. */
public final class ForyTypeInfo extends SerializerTypeInfo<Geometry> {
    private static final long serialVersionUID = 1L;

    public ForyTypeInfo() {
        super(Geometry.class);
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    protected TypeSerializer<Geometry> newSerializer() {
        return new ForyGeometrySerializer();
    }

    @Override
    public String toString() {
        return "Fory<Geometry>";
    }
}
