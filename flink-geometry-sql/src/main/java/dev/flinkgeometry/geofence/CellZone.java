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
package dev.flinkgeometry.geofence;

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.locationtech.jts.geom.Geometry;

/** A change of one zone in one cell of its cover: its shape there, or {@code null}: gone. */
@Internal
public final class CellZone {
    public long cell;
    public String zone;
    public Geometry shape;

    public CellZone() {}

    CellZone(long cell, String zone, Geometry shape) {
        this.cell = cell;
        this.zone = zone;
        this.shape = shape;
    }

    static TypeInformation<CellZone> typeInfo() {
        Map<String, TypeInformation<?>> fields = new HashMap<>();
        fields.put("cell", Types.LONG);
        fields.put("zone", Types.STRING);
        fields.put("shape", GeometryTypeInfo.of(Geometry.class));
        return Types.POJO(CellZone.class, fields);
    }
}
