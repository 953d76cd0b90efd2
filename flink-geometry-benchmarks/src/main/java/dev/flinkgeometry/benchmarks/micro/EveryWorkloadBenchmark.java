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

import org.openjdk.jmh.annotations.Param;

/**
 * Micro benchmarks over every workload: the list is written once here (JMH needs it as an
 * annotation literal) and checked against {@code Workloads.ALL} by the tests.
 */
public abstract class EveryWorkloadBenchmark extends MicroBenchmark {
    @Param({
        "point",
        "linestring-16",
        "linestring-256",
        "polygon-16",
        "polygon-256",
        "polygon-with-holes-16",
        "polygon-with-holes-256",
        "multipolygon-16",
        "multipolygon-256",
        "geometrycollection-16",
        "geometrycollection-256",
        "gps-point",
        "gps-track-17",
        "natural-earth"
    })
    public String workload;
}
