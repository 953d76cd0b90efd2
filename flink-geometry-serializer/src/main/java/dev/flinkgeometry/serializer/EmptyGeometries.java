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

import java.util.List;
import java.util.function.Function;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/** Empty geometries of the JTS classes, for {@link GeometrySerializer#createInstance()}. */
final class EmptyGeometries {
    /** Most general first, so that {@code Geometry} gets an empty collection. */
    private static final List<Function<GeometryFactory, Geometry>> CANDIDATES =
            List.of(
                    GeometryFactory::createGeometryCollection,
                    GeometryFactory::createMultiPolygon,
                    GeometryFactory::createMultiLineString,
                    GeometryFactory::createMultiPoint,
                    GeometryFactory::createPolygon,
                    GeometryFactory::createLineString,
                    GeometryFactory::createLinearRing,
                    GeometryFactory::createPoint);

    private EmptyGeometries() {}

    /** An empty geometry that is an instance of {@code type}, or {@code null} if none is. */
    static Geometry of(Class<? extends Geometry> type, GeometryFactory factory) {
        for (Function<GeometryFactory, Geometry> candidate : CANDIDATES) {
            Geometry empty = candidate.apply(factory);
            if (type.isInstance(empty)) {
                return empty;
            }
        }
        return null;
    }
}
