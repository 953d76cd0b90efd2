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

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.locationtech.jts.geom.Point;

/**
 * Writes each country's result as one line {@code id visits stateBytes hullWkt} to {@code
 * part-<subtask>.txt} in a directory: how a job submitted to a real cluster hands back its result.
 *
 * <p>The first line records what type information this TaskManager itself derives for {@code Point}
 * (without the client's registration), for the real-cluster test to report.
 */
public final class ResultFiles implements Sink<CountryVisits> {
    private static final long serialVersionUID = 1L;

    /** The first line's prefix. */
    public static final String TYPE_LINE = "# TypeInformation.of(Point.class) on the TaskManager: ";

    private final String directory;

    /** Results go to {@code directory} (on the TaskManager), created if missing. */
    public ResultFiles(String directory) {
        this.directory = directory;
    }

    @Override
    public SinkWriter<CountryVisits> createWriter(WriterInitContext context) throws IOException {
        Path file =
                Files.createDirectories(Paths.get(directory))
                        .resolve("part-" + context.getTaskInfo().getIndexOfThisSubtask() + ".txt");
        BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        writer.write(TYPE_LINE + TypeInformation.of(Point.class));
        writer.newLine();
        return new LineWriter(writer);
    }

    private static final class LineWriter implements SinkWriter<CountryVisits> {
        private final BufferedWriter out;

        LineWriter(BufferedWriter out) {
            this.out = out;
        }

        @Override
        public void write(CountryVisits result, Context context) throws IOException {
            out.write(
                    result.countryId
                            + " "
                            + result.visits
                            + " "
                            + result.stateBytes
                            + " "
                            + result.hull.toText());
            out.newLine();
        }

        @Override
        public void flush(boolean endOfInput) throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
