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
import java.util.List;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * Writes each element as one line to {@code part-<subtask>.txt} in a directory on the TaskManager:
 * how a job submitted to a real cluster hands back what it found. Subclasses say what a line is.
 */
abstract class LineFilesSink<T> implements Sink<T> {
    private static final long serialVersionUID = 1L;

    private final String directory;

    /** Lines go to {@code directory} (on the TaskManager), created if missing. */
    LineFilesSink(String directory) {
        this.directory = directory;
    }

    /** The element as one line of text. */
    abstract String line(T element);

    /** The lines each file starts with, made on the TaskManager; none unless overridden. */
    List<String> firstLines() {
        return List.of();
    }

    @Override
    public SinkWriter<T> createWriter(WriterInitContext context) throws IOException {
        Path file =
                Files.createDirectories(Paths.get(directory))
                        .resolve("part-" + context.getTaskInfo().getIndexOfThisSubtask() + ".txt");
        BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        for (String first : firstLines()) {
            writer.write(first);
            writer.newLine();
        }
        return new SinkWriter<>() {
            @Override
            public void write(T element, Context context) throws IOException {
                writer.write(line(element));
                writer.newLine();
            }

            @Override
            public void flush(boolean endOfInput) throws IOException {
                writer.flush();
            }

            @Override
            public void close() throws IOException {
                writer.close();
            }
        };
    }
}
