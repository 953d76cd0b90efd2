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
package dev.flinkgeometry.serializer.migration;

import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometryTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.locationtech.jts.geom.Geometry;

/**
 * {@link CompactKeyRewriteITCase}'s route, on both backends, for geometry keys that move from the
 * lossless compact encoding to the same encoding with the declared SRID 4326, and back: the keys of
 * SRID 4326 change their bytes (they store no SRID), the others keep them, and every key, parsed
 * afresh, finds exactly its own state on both sides.
 */
class DeclaredSridKeyRewriteITCase extends CompactKeyRewriteITCase {

    @Override
    TypeInformation<Geometry> before() {
        return GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());
    }

    @Override
    TypeInformation<Geometry> after() {
        return GeometryTypeInfo.of(
                Geometry.class, GeometryEncoding.compact().withDeclaredSrid(4326));
    }
}
