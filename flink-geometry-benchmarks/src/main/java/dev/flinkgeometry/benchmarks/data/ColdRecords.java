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
package dev.flinkgeometry.benchmarks.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.util.AffineTransformation;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;
import org.locationtech.jts.io.WKTWriter;

/**
 * Cold records: thousands of distinct geometries of one workload, built the way a stream builds
 * them (ordinates parsed from text, one record after the other, with the parser's garbage between
 * them), so that serializing each once finds its objects outside the CPU's caches, as window
 * buffers, heap-state snapshots and replays do. A workload's cold set holds {@value #MAX_RECORDS}
 * records, or fewer for large shapes so that it stays within {@value #COORDINATE_BUDGET}
 * coordinates (about 50 MB of JTS objects): far more than the caches of any machine, far less than
 * the benchmarks' heap.
 */
public final class ColdRecords {
    public static final int MAX_RECORDS = 4096;
    public static final int COORDINATE_BUDGET = 1_000_000;

    private ColdRecords() {}

    /** The cold set of {@code workload}, in the order a stream would serialize it. */
    public static Geometry[] of(String workload) {
        switch (workload) {
            case Workloads.GPS_POINT:
                return GpsFeed.points(MAX_RECORDS);
            case Workloads.GPS_TRACK:
                return GpsFeed.tracks(MAX_RECORDS);
            case Workloads.NATURAL_EARTH:
                return naturalEarth();
            default:
                return parsedCopies(Workloads.load(workload)[0]);
        }
    }

    /**
     * Copies of {@code shape}, each moved by its own offset and parsed from its WKT text with JTS's
     * default reader, as a user who reads WKT gets them.
     */
    private static Geometry[] parsedCopies(Geometry shape) {
        int count = Math.max(1, Math.min(MAX_RECORDS, COORDINATE_BUDGET / shape.getNumPoints()));
        WKTWriter writer = new WKTWriter();
        WKTReader reader = new WKTReader();
        Geometry[] copies = new Geometry[count];
        for (int i = 0; i < count; i++) {
            Geometry moved =
                    AffineTransformation.translationInstance(0.001 * i, -0.0007 * i)
                            .transform(shape);
            copies[i] = parse(reader, writer.write(moved));
        }
        return copies;
    }

    /** The Natural Earth corpus parsed afresh, shuffled as a stream of mixed features arrives. */
    private static Geometry[] naturalEarth() {
        List<Geometry> records = new ArrayList<>(NaturalEarth.read());
        Collections.shuffle(records, new Random(11));
        return records.toArray(new Geometry[0]);
    }

    private static Geometry parse(WKTReader reader, String wkt) {
        try {
            return reader.read(wkt);
        } catch (ParseException e) {
            throw new IllegalStateException("cannot read back " + wkt, e);
        }
    }
}
