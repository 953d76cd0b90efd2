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
package dev.flinkgeometry.serializer.internal;

import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;

/** Loads a class named in a snapshot as Flink would: from user code first, then beside JTS. */
@Internal
public final class UserClasses {
    private UserClasses() {}

    /**
     * The class of {@code name} from the user code class loader (Flink sets it as context class
     * loader), else from JTS's; {@code null} if neither has it.
     */
    public static Class<?> load(String name) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        for (ClassLoader loader : new ClassLoader[] {context, Geometry.class.getClassLoader()}) {
            if (loader == null) {
                continue;
            }
            try {
                return Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                // try the next loader
            }
        }
        return null;
    }
}
