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
package dev.flinkgeometry.examples;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Queue;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.connector.source.lib.util.IteratorSourceEnumerator;

/**
 * The numbers {@code from} to {@code to}, then nothing, without finishing: a running job to take a
 * savepoint of. (Flink's {@link NumberSequenceSource} with an enumerator that never says "no more
 * splits".)
 */
final class SequenceThenIdle extends NumberSequenceSource {
    private static final long serialVersionUID = 1L;

    SequenceThenIdle(long from, long to) {
        super(from, to);
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SplitEnumerator<NumberSequenceSplit, Collection<NumberSequenceSplit>> createEnumerator(
            SplitEnumeratorContext<NumberSequenceSplit> context) {
        return new IdleWhenDone(context, splitNumberRange(getFrom(), getTo(), 1));
    }

    @Override
    public SplitEnumerator<NumberSequenceSplit, Collection<NumberSequenceSplit>> restoreEnumerator(
            SplitEnumeratorContext<NumberSequenceSplit> context,
            Collection<NumberSequenceSplit> remaining) {
        return new IdleWhenDone(context, remaining);
    }

    private static final class IdleWhenDone extends IteratorSourceEnumerator<NumberSequenceSplit> {
        private final SplitEnumeratorContext<NumberSequenceSplit> context;
        private final Queue<NumberSequenceSplit> remaining;

        IdleWhenDone(
                SplitEnumeratorContext<NumberSequenceSplit> context,
                Collection<NumberSequenceSplit> splits) {
            super(context, splits);
            this.context = context;
            this.remaining = new ArrayDeque<>(splits);
        }

        @Override
        public void handleSplitRequest(int subtask, String hostname) {
            NumberSequenceSplit next = remaining.poll();
            if (next != null) {
                context.assignSplit(next, subtask);
            }
        }

        @Override
        public void addSplitsBack(java.util.List<NumberSequenceSplit> splits, int subtask) {
            remaining.addAll(splits);
        }

        @Override
        public Collection<NumberSequenceSplit> snapshotState(long checkpointId) {
            return new ArrayDeque<>(remaining);
        }
    }
}
