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
package dev.flinkgeometry.benchmarks.micro;

import java.util.List;

/**
 * The micro benchmarks of the serializer operations on a byte or stream view, one list for the
 * tests that go through each: their fixtures' checks and the quick JMH run.
 */
public final class ByteViewBenchmarks {
    public static final List<Class<?>> ALL =
            List.of(
                    SerializeBenchmark.class,
                    DeserializeBenchmark.class,
                    RawCopyBenchmark.class,
                    DeepCopyBenchmark.class,
                    StreamSerializeBenchmark.class,
                    StreamDeserializeBenchmark.class);

    private ByteViewBenchmarks() {}
}
