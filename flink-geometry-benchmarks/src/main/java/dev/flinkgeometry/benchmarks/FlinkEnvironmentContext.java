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
package dev.flinkgeometry.benchmarks;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One MiniCluster per benchmark run (a fork), started once in {@code @Setup}, so that every
 * invocation of a job benchmark measures the job and not the cluster start; the environment submits
 * to it, as flink-benchmarks' context does. Object reuse is on and restarts are off.
 */
@State(Scope.Thread)
public class FlinkEnvironmentContext {
    private static final int SLOTS = 4;

    public MiniCluster miniCluster;
    private Configuration configuration;

    @Setup
    public void setUp() throws Exception {
        configuration = new Configuration();
        configuration.set(RestOptions.BIND_PORT, "0");
        configuration.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        miniCluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(SLOTS)
                                .setConfiguration(configuration)
                                .build());
        miniCluster.start();
    }

    /** A fresh environment to build one job in; {@link #execute} runs it on the cluster. */
    public StreamExecutionEnvironment environment(int parallelism) {
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(configuration);
        env.setParallelism(parallelism);
        env.getConfig().enableObjectReuse();
        return env;
    }

    /** Runs the job built in {@code env} on the cluster and waits until it has finished. */
    public void execute(StreamExecutionEnvironment env) throws Exception {
        miniCluster.executeJobBlocking(env.getStreamGraph().getJobGraph());
    }

    @TearDown
    public void tearDown() throws Exception {
        miniCluster.close();
        miniCluster = null;
    }
}
