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
package dev.flinkgeometry.benchmarks.job;

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.contenders.ForyTypeInfo;
import dev.flinkgeometry.benchmarks.contenders.JtsWkbTypeInfo;
import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.PojoField;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.locationtech.jts.geom.Geometry;

/**
 * The {@link GeometryRecord} POJO type with the geometry field's type information of one contender.
 * Built explicitly, not through {@code GeometryTypes.registerWith}: that registration is JVM-wide
 * and would turn the Kryo contender into ours when runs share a JVM.
 */
final class GeometryRecordTypes {
    private GeometryRecordTypes() {}

    static TypeInformation<GeometryRecord> of(String contender, Geometry[] geometries) {
        try {
            return new PojoTypeInfo<>(
                    GeometryRecord.class,
                    List.of(
                            new PojoField(GeometryRecord.class.getField("id"), Types.LONG),
                            new PojoField(
                                    GeometryRecord.class.getField("geometry"),
                                    geometryType(contender, geometries))));
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TypeInformation<Geometry> geometryType(String contender, Geometry[] geometries) {
        switch (contender) {
            case Contenders.OURS:
                return GeometryTypeInfo.of(Geometry.class);
            case Contenders.COMPACT:
                return GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());
            case Contenders.WKB_LEGACY:
                return WkbGeometryTypeInfo.of(Geometry.class);
            case Contenders.JTS_WKB:
                return new JtsWkbTypeInfo();
            case Contenders.FORY:
                return new ForyTypeInfo();
            case Contenders.ZERO_COST:
                return new ZeroCostSerializer.TypeInfo(geometries);
            case Contenders.KRYO:
                // What Flink's type extraction gives a Geometry field when nothing is registered.
                return new GenericTypeInfo<>(Geometry.class);
            default:
                throw new IllegalArgumentException("no job contender " + contender);
        }
    }
}
