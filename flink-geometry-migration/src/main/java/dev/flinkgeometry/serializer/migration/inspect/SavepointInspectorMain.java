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
package dev.flinkgeometry.serializer.migration.inspect;

import java.io.PrintStream;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The savepoint inspector's command line: {@code SavepointInspectorMain [--fail-on-kryo-geometry]
 * <savepoint>} prints {@link SavepointInspector}'s report. Exit codes: 0 done; {@value
 * #KRYO_GEOMETRY_FOUND} with {@code --fail-on-kryo-geometry} when geometry state is held by Flink's
 * Kryo (a gate before an upgrade), also inside other types and where the job's classes are missing;
 * {@value #UNCHECKED} with the flag when nothing was found but parts could not be checked (the gate
 * never passes what it could not read); {@value #USAGE} for a wrong command line; {@value
 * #UNREADABLE} when the savepoint cannot be read.
 */
@PublicEvolving
public final class SavepointInspectorMain {
    public static final int KRYO_GEOMETRY_FOUND = 3;
    public static final int USAGE = 2;
    public static final int UNREADABLE = 1;

    /**
     * With {@code --fail-on-kryo-geometry}: no Kryo-held geometry found, but parts of the savepoint
     * could not be checked (the report names them).
     */
    public static final int UNCHECKED = 4;

    static final String FAIL_FLAG = "--fail-on-kryo-geometry";

    private SavepointInspectorMain() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command and returns its exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        boolean failOnKryo = false;
        String path = null;
        for (String arg : args) {
            if (arg.equals(FAIL_FLAG)) {
                failOnKryo = true;
            } else if (arg.startsWith("-") || path != null) {
                return usage(err, "unexpected argument " + arg);
            } else {
                path = arg;
            }
        }
        if (path == null) {
            return usage(err, "no savepoint given");
        }
        SavepointReport report;
        try {
            report = SavepointInspector.inspect(path);
        } catch (Exception e) {
            err.println("Cannot read the savepoint " + path + ": " + e);
            return UNREADABLE;
        }
        out.print(report.toText());
        if (!failOnKryo) {
            return 0;
        }
        if (report.hasKryoGeometryState()) {
            return KRYO_GEOMETRY_FOUND;
        }
        return report.hasUncheckedParts() ? UNCHECKED : 0;
    }

    private static int usage(PrintStream err, String problem) {
        err.println(problem);
        err.println(
                "usage: SavepointInspectorMain ["
                        + FAIL_FLAG
                        + "] <savepoint folder or _metadata>");
        return USAGE;
    }
}
