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

/** The cold benchmarks' batch: records per JMH invocation, a small part of any cold set. */
final class ColdBatch {
    /** Enough to make JMH's per-invocation cost vanish; a cold set holds many batches. */
    static final int RECORDS = 64;

    private ColdBatch() {}
}
