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
package dev.flinkgeometry.table;

import org.apache.flink.annotation.PublicEvolving;

/**
 * The predicate of a geofence, of {@code (zone, fix)}, answered as PostGIS 3.3 answers it (the
 * module's {@code ST_Contains}, {@code ST_Covers}, {@code ST_Intersects}).
 */
@PublicEvolving
public enum ZonePredicate {
    /** The fix lies inside the zone, not on its boundary. */
    CONTAINS(StPredicate.Predicate.CONTAINS),
    /** The fix lies inside the zone or on its boundary. */
    COVERS(StPredicate.Predicate.COVERS),
    /** The fix and the zone share a point. */
    INTERSECTS(StPredicate.Predicate.INTERSECTS);

    private final StPredicate.Predicate predicate;

    ZonePredicate(StPredicate.Predicate predicate) {
        this.predicate = predicate;
    }

    /** The SQL name, {@code ST_Contains} and so on. */
    public String sqlName() {
        return predicate.sqlName;
    }

    /** The predicate of SQL name {@code name}, any case; fails naming the ones there are. */
    public static ZonePredicate ofSqlName(String name) {
        for (ZonePredicate p : values()) {
            if (p.sqlName().equalsIgnoreCase(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException(
                "the zone predicate is '"
                        + name
                        + "'; it must be 'ST_Contains', 'ST_Covers' or 'ST_Intersects'"
                        + " (of the zone and the fix)");
    }

    /** A function answering the predicate; not thread-safe (it caches zone indexes). */
    StPredicate newFunction() {
        return new StPredicate(predicate);
    }
}
