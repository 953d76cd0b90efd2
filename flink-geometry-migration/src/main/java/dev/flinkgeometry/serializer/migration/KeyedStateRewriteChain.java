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

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.state.StateBackend;

/**
 * Several {@link KeyedStateRewrite}s run one after the other, each on the result of the one before,
 * for a savepoint in which more than one operator needs a rewrite (a rewrite handles one operator).
 * Only the last result is kept, at the target: the intermediate savepoints go to a hidden directory
 * beside the target ({@code .<name>.chain-<random>}), which is deleted when the chain ends, whether
 * it succeeded or not. Each step writes its output only once its check passed (see {@link
 * KeyedStateRewrite}), so a chain that fails leaves nothing at the target.
 *
 * <pre>{@code
 * KeyedStateRewriteChain.of(
 *                 KeyedStateRewrite.forOperator("zones", oldZoneKey, newZoneKey)
 *                         .valueState("count", Types.LONG, Types.LONG),
 *                 KeyedStateRewrite.forOperator("vehicles", Types.STRING, Types.STRING)
 *                         .mapState("visits", oldPoint, Types.LONG, newPoint, Types.LONG))
 *         .rewrite(oldSavepoint, newSavepoint, new EmbeddedRocksDBStateBackend());
 * }</pre>
 */
public final class KeyedStateRewriteChain {
    private final List<KeyedStateRewrite<?>> steps;

    private KeyedStateRewriteChain(List<KeyedStateRewrite<?>> steps) {
        this.steps = Collections.unmodifiableList(steps);
    }

    /**
     * The rewrites to run, in order.
     *
     * @param first the first rewrite, run on the old savepoint
     * @param more the rewrites after it, each run on the result of the one before
     * @return the chain
     */
    public static KeyedStateRewriteChain of(
            KeyedStateRewrite<?> first, KeyedStateRewrite<?>... more) {
        List<KeyedStateRewrite<?>> steps = new ArrayList<>(1 + more.length);
        steps.add(Objects.requireNonNull(first, "first"));
        for (KeyedStateRewrite<?> step : more) {
            steps.add(Objects.requireNonNull(step, "rewrite"));
        }
        return new KeyedStateRewriteChain(steps);
    }

    /**
     * Runs the chain on {@code StreamExecutionEnvironment.getExecutionEnvironment()}. See {@link
     * #rewrite(Configuration, String, String, StateBackend)}.
     */
    public List<Long> rewrite(
            String oldSavepointPath, String newSavepointPath, StateBackend stateBackend)
            throws Exception {
        return rewrite(new Configuration(), oldSavepointPath, newSavepointPath, stateBackend);
    }

    /**
     * Runs every rewrite of the chain and keeps only the last result, at {@code newSavepointPath}.
     *
     * @param configuration options for the environments of all jobs
     * @param oldSavepointPath the savepoint to read
     * @param newSavepointPath the directory of the final savepoint; must not exist yet
     * @param stateBackend the state backend, as for {@link KeyedStateRewrite}
     * @return the number of keys each rewrite rewrote, in order
     * @throws Exception as {@link KeyedStateRewrite#rewrite}; nothing is written to {@code
     *     newSavepointPath} then, and no intermediate savepoint is left
     */
    public List<Long> rewrite(
            Configuration configuration,
            String oldSavepointPath,
            String newSavepointPath,
            StateBackend stateBackend)
            throws Exception {
        Path target = new Path(Objects.requireNonNull(newSavepointPath, "newSavepointPath"));
        FileSystem fileSystem = target.getFileSystem();
        if (fileSystem.exists(target)) {
            throw new IllegalArgumentException(
                    "the new savepoint's directory " + target + " exists already; choose another");
        }
        if (target.getParent() == null) {
            throw new IllegalArgumentException(
                    "the new savepoint's directory " + target + " has no parent directory");
        }
        Path intermediates =
                new Path(
                        target.getParent(), "." + target.getName() + ".chain-" + UUID.randomUUID());
        List<Long> keys = new ArrayList<>(steps.size());
        try {
            String input = oldSavepointPath;
            for (int i = 0; i < steps.size(); i++) {
                String output =
                        i == steps.size() - 1
                                ? newSavepointPath
                                : new Path(intermediates, "step-" + (i + 1)).toString();
                keys.add(steps.get(i).rewrite(configuration, input, output, stateBackend));
                input = output;
            }
        } finally {
            if (fileSystem.exists(intermediates)) {
                fileSystem.delete(intermediates, true);
            }
        }
        return keys;
    }
}
