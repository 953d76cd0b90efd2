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
package dev.flinkgeometry.table;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Envelope;

/**
 * The accumulator of {@code ST_Extent}: only the box of the non-empty geometries so far (empty when
 * there were none), whatever their number.
 */
@Internal
public final class ExtentAccumulator {
    boolean empty = true;
    double minX;
    double minY;
    double maxX;
    double maxY;

    ExtentAccumulator copy() {
        ExtentAccumulator copy = new ExtentAccumulator();
        copy.empty = empty;
        copy.minX = minX;
        copy.minY = minY;
        copy.maxX = maxX;
        copy.maxY = maxY;
        return copy;
    }

    void add(Envelope box) {
        add(box.getMinX(), box.getMinY(), box.getMaxX(), box.getMaxY());
    }

    void add(ExtentAccumulator other) {
        if (!other.empty) {
            add(other.minX, other.minY, other.maxX, other.maxY);
        }
    }

    private void add(double x0, double y0, double x1, double y1) {
        if (empty) {
            empty = false;
            minX = x0;
            minY = y0;
            maxX = x1;
            maxY = y1;
        } else {
            minX = Math.min(minX, x0);
            minY = Math.min(minY, y0);
            maxX = Math.max(maxX, x1);
            maxY = Math.max(maxY, y1);
        }
    }

    void write(DataOutputView out) throws IOException {
        out.writeBoolean(empty);
        if (!empty) {
            out.writeDouble(minX);
            out.writeDouble(minY);
            out.writeDouble(maxX);
            out.writeDouble(maxY);
        }
    }

    static ExtentAccumulator read(DataInputView in) throws IOException {
        ExtentAccumulator box = new ExtentAccumulator();
        if (!in.readBoolean()) {
            box.add(in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
        }
        return box;
    }
}
