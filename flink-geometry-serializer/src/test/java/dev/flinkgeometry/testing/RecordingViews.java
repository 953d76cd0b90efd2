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
package dev.flinkgeometry.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

/**
 * Views that record every call made on them as {@code "name(parameter types)"} (for example {@code
 * "write(byte[],int,int)"}), then delegate: how tests see how many writes and reads a serializer
 * makes per record.
 */
public final class RecordingViews {
    private RecordingViews() {}

    /** A {@code type} (an interface) that records each call into {@code calls} and delegates. */
    public static <V> V recording(Class<V> type, V target, List<String> calls) {
        return type.cast(
                Proxy.newProxyInstance(
                        type.getClassLoader(),
                        new Class<?>[] {type},
                        (proxy, method, args) -> {
                            StringBuilder call = new StringBuilder(method.getName()).append('(');
                            Class<?>[] parameters = method.getParameterTypes();
                            for (int i = 0; i < parameters.length; i++) {
                                call.append(i == 0 ? "" : ",")
                                        .append(parameters[i].getSimpleName());
                            }
                            calls.add(call.append(')').toString());
                            try {
                                return method.invoke(target, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        }));
    }

    /** The calls recorded so far, removed from {@code calls}. */
    public static List<String> take(List<String> calls) {
        List<String> taken = new ArrayList<>(calls);
        calls.clear();
        return taken;
    }

    /** How many of {@code calls} move more than one byte at once ({@code read…} of an array). */
    public static long bulkReads(List<String> calls) {
        return calls.stream()
                .filter(c -> c.startsWith("read(") || c.startsWith("readFully("))
                .count();
    }
}
