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

import dev.flinkgeometry.benchmarks.contenders.Contender;
import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.contenders.Operation;
import dev.flinkgeometry.benchmarks.data.ColdRecords;
import dev.flinkgeometry.benchmarks.data.Workloads;
import java.io.IOException;
import java.util.Arrays;

/**
 * One contender on one workload through one view, cycling through the workload's records. It is
 * built only after the contender has given back every geometry of the workload exactly through the
 * very methods and views the benchmark calls, so a broken contender cannot post a number.
 */
final class MicroFixture {
    private final Contender contender;
    private final View view;
    private final byte[][] records;
    private int next;

    private MicroFixture(Contender contender, View view, byte[][] records) {
        this.contender = contender;
        this.view = view;
        this.records = records;
    }

    static MicroFixture create(String workload, String contenderName, Operation op, String view)
            throws IOException {
        return create(Contenders.create(contenderName, Workloads.load(workload)), op, view);
    }

    /**
     * As {@link #create(String, String, Operation, String)}, over the cold set of {@code workload}.
     */
    static MicroFixture createCold(String workload, String contenderName, Operation op, String view)
            throws IOException {
        return create(Contenders.create(contenderName, ColdRecords.of(workload)), op, view);
    }

    /** {@code contender} (any, a deliberately broken one in tests) after it passed the checks. */
    static MicroFixture create(Contender contender, Operation op, String view) throws IOException {
        if (!contender.operations().contains(op)) {
            throw new IllegalArgumentException(contender.name() + " does not take part in " + op);
        }
        // Input records: what this contender writes; the construct floor reads none.
        byte[][] records =
                contender.operations().contains(Operation.SERIALIZE)
                        ? Contenders.records(contender)
                        : new byte[contender.size()][0];
        MicroFixture fixture = new MicroFixture(contender, View.create(view), records);
        fixture.verify(op);
        // The geometries were built among their parser's garbage. A job's records that wait in a
        // window or in state have been moved by a GC since; here, without this, only contenders
        // that allocate while measured would trigger young GCs that compact their records, and
        // those that allocate nothing would read them scattered among the garbage, far slower.
        System.gc();
        return fixture;
    }

    private int nextIndex() {
        int index = next;
        next = index + 1 == records.length ? 0 : index + 1;
        return index;
    }

    int serialize() throws IOException {
        contender.serialize(nextIndex(), view.output());
        return view.written();
    }

    Object deserialize() throws IOException {
        int index = nextIndex();
        return contender.deserialize(index, view.input(records[index]));
    }

    int copyRaw() throws IOException {
        int index = nextIndex();
        contender.copy(index, view.input(records[index]), view.output());
        return view.written();
    }

    Object copyDeep() {
        return contender.copy(nextIndex());
    }

    /** Runs {@code op} once per record through this fixture's view and checks every result. */
    private void verify(Operation op) throws IOException {
        View bytes = View.create(View.BYTES);
        for (int i = 0; i < records.length; i++) {
            switch (op) {
                case SERIALIZE:
                    contender.serialize(i, view.output());
                    byte[] written = view.writtenBytes();
                    requireSame(i, "serialize", written);
                    readBack(i, bytes, written);
                    break;
                case DESERIALIZE:
                    readBack(i, view, records[i]);
                    break;
                case RAW_COPY:
                    contender.copy(i, view.input(records[i]), view.output());
                    requireEmpty(i, view);
                    requireSame(i, "copy(in, out)", view.writtenBytes());
                    break;
                case DEEP_COPY:
                    Object copy = contender.copy(i);
                    if (copy == contender.copyInput(i)) {
                        throw new IllegalStateException(contender.name() + " copy(T) is no copy");
                    }
                    contender.requireDecoded(i, copy);
                    break;
                default:
                    throw new IllegalArgumentException("unknown operation " + op);
            }
        }
    }

    private void readBack(int index, View through, byte[] record) throws IOException {
        Object decoded = contender.deserialize(index, through.input(record));
        if (contender.readsInput()) {
            requireEmpty(index, through);
        }
        contender.requireDecoded(index, decoded);
    }

    private void requireSame(int index, String what, byte[] written) {
        if (!Arrays.equals(written, records[index])) {
            throw new IllegalStateException(
                    contender.name() + " " + what + " wrote other bytes for record " + index);
        }
    }

    private void requireEmpty(int index, View through) {
        if (through.remaining() != 0) {
            throw new IllegalStateException(
                    contender.name()
                            + " left "
                            + through.remaining()
                            + " bytes of record "
                            + index);
        }
    }
}
