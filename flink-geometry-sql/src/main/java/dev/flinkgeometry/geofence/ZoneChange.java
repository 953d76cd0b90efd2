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
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.locationtech.jts.geom.Geometry;

/**
 * A change of one zone, keyed by its name: its new shape, or {@code null} when it is deleted. A
 * Debezium or upsert changelog of zones maps to these one to one (an update is the new shape).
 */
@PublicEvolving
public final class ZoneChange {
    /** The zone's key. */
    public String zone;

    /** The zone's shape from now on; {@code null}: the zone is deleted. */
    public Geometry shape;

    /** For Flink's POJO serializer. */
    public ZoneChange() {}

    private ZoneChange(String zone, Geometry shape) {
        this.zone = Objects.requireNonNull(zone, "zone");
        this.shape = shape;
    }

    /** Zone {@code zone} has shape {@code shape} from now on. */
    public static ZoneChange upsert(String zone, Geometry shape) {
        return new ZoneChange(zone, Objects.requireNonNull(shape, "shape"));
    }

    /** Zone {@code zone} is deleted. */
    public static ZoneChange delete(String zone) {
        return new ZoneChange(zone, null);
    }

    /** The type, its shape serialized by {@code GeometrySerializer} (aligned). */
    public static TypeInformation<ZoneChange> typeInfo() {
        Map<String, TypeInformation<?>> fields = new HashMap<>();
        fields.put("zone", Types.STRING);
        fields.put("shape", GeometryTypeInfo.of(Geometry.class));
        return Types.POJO(ZoneChange.class, fields);
    }

    @Override
    public String toString() {
        return shape == null ? "delete " + zone : "upsert " + zone + " " + shape;
    }
}
