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

import java.io.Serializable;
import java.util.function.Function;
import org.apache.flink.annotation.PublicEvolving;
import org.locationtech.jts.geom.Point;

/**
 * Where a fix is: its point, or {@code null} when it has none (such a fix matches no zone).
 *
 * @param <F> the fix
 */
@PublicEvolving
@FunctionalInterface
public interface PositionOf<F> extends Function<F, Point>, Serializable {}
