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
package dev.flinkgeometry.testing;

import static dev.flinkgeometry.format.GeometryTypeCode.GEOMETRYCOLLECTION;
import static dev.flinkgeometry.format.GeometryTypeCode.LINESTRING;
import static dev.flinkgeometry.format.GeometryTypeCode.MULTILINESTRING;
import static dev.flinkgeometry.format.GeometryTypeCode.MULTIPOINT;
import static dev.flinkgeometry.format.GeometryTypeCode.MULTIPOLYGON;
import static dev.flinkgeometry.format.GeometryTypeCode.POINT;
import static dev.flinkgeometry.format.GeometryTypeCode.POLYGON;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A test-side walk over a <em>valid</em> aligned-format record, written from the format's
 * description and independent of the codec: where every header, ordinate, structure int and padding
 * byte is. Tests use it to check padding, NaN bit patterns, the layout of each header, and to find
 * every count field to corrupt.
 *
 * <p>It trusts nothing: an inconsistent record throws {@link IllegalArgumentException}.
 */
public final class AlignedRecord {
    /** What an int32 of the record counts. */
    public enum CountKind {
        /** The header's numCoordinates (number of members for a GeometryCollection). */
        HEADER_COUNT,
        /** Number of rings of a polygon. */
        RINGS,
        /** Number of line strings of a MultiLineString, or polygons of a MultiPolygon. */
        PARTS,
        /** Number of coordinates of one ring or line. */
        PART_SIZE
    }

    /** One int32 count field: where it is, what it counts, its value. */
    public record CountField(int offset, CountKind kind, int value, int headerType) {}

    /** One header and what follows it. */
    public static final class Node {
        public final int start;
        public final int type;
        public final int layoutCode;
        public final boolean sridFlag;
        public final int srid;
        public final int count;
        public final int ordinates;

        /** End of this geometry's bytes, before any padding its parent adds. */
        public int end;

        public final List<Node> members = new ArrayList<>();

        Node(int start, int type, int layoutCode, boolean sridFlag, int srid, int count) {
            this.start = start;
            this.type = type;
            this.layoutCode = layoutCode;
            this.sridFlag = sridFlag;
            this.srid = srid;
            this.count = count;
            this.ordinates = layoutCode == 1 ? 2 : layoutCode == 4 ? 4 : 3;
        }

        public boolean hasZ() {
            return layoutCode == 2 || layoutCode == 4;
        }

        public boolean hasM() {
            return layoutCode == 3 || layoutCode == 4;
        }
    }

    private final byte[] bytes;
    private final ByteBuffer buffer;
    private final List<Node> headers = new ArrayList<>();
    private final List<Integer> ordinateOffsets = new ArrayList<>();
    private final List<int[]> padding = new ArrayList<>();
    private final List<CountField> counts = new ArrayList<>();
    private final Node root;

    private AlignedRecord(byte[] bytes) {
        this.bytes = bytes;
        this.buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        this.root = node(0);
        if (root.end != bytes.length) {
            throw new IllegalArgumentException(
                    "record ends at " + root.end + " but has " + bytes.length + " bytes");
        }
    }

    /** Walks a whole array that holds exactly one valid record. */
    public static AlignedRecord parse(byte[] bytes) {
        return new AlignedRecord(bytes);
    }

    public Node root() {
        return root;
    }

    /** Every header, in pre-order (the top level first). */
    public List<Node> headers() {
        return Collections.unmodifiableList(headers);
    }

    /** The offset of every ordinate (8-byte double) of the record. */
    public List<Integer> ordinateOffsets() {
        return Collections.unmodifiableList(ordinateOffsets);
    }

    /** Padding after GeometryCollection members, as {start, end} ranges. */
    public List<int[]> padding() {
        return Collections.unmodifiableList(padding);
    }

    /** Every int32 that counts something, in record order per header. */
    public List<CountField> countFields() {
        return Collections.unmodifiableList(counts);
    }

    private int intAt(int offset) {
        if (offset < 0 || offset + 4 > bytes.length) {
            throw new IllegalArgumentException("int at " + offset + " is out of the record");
        }
        return buffer.getInt(offset);
    }

    private Node node(int start) {
        if (start + 8 > bytes.length) {
            throw new IllegalArgumentException("header at " + start + " is out of the record");
        }
        int preamble = bytes[start] & 0xFF;
        boolean sridFlag = (preamble & 1) != 0;
        int srid =
                (bytes[start + 1] & 0xFF) << 16
                        | (bytes[start + 2] & 0xFF) << 8
                        | (bytes[start + 3] & 0xFF);
        int layoutCode = (preamble >>> 1) & 7;
        if (layoutCode < 1 || layoutCode > 4) {
            throw new IllegalArgumentException("coordinate type " + layoutCode + " at " + start);
        }
        Node node = new Node(start, preamble >>> 4, layoutCode, sridFlag, srid, intAt(start + 4));
        headers.add(node);
        counts.add(new CountField(start + 4, CountKind.HEADER_COUNT, node.count, node.type));
        if (node.count < 0) {
            throw new IllegalArgumentException("negative count at " + (start + 4));
        }
        int coordinates = start + 8;
        if (node.type == GEOMETRYCOLLECTION) {
            int offset = coordinates;
            for (int i = 0; i < node.count; i++) {
                Node member = node(offset);
                node.members.add(member);
                int padded = offset + ((member.end - offset + 7) & ~7);
                if (padded > member.end) {
                    padding.add(new int[] {member.end, padded});
                }
                offset = padded;
            }
            node.end = offset;
            return node;
        }
        long ints = coordinates + (long) node.count * node.ordinates * 8;
        if (ints > bytes.length) {
            throw new IllegalArgumentException(
                    "coordinates of the header at " + start + " overrun");
        }
        for (int i = 0; i < node.count * node.ordinates; i++) {
            ordinateOffsets.add(coordinates + 8 * i);
        }
        int[] cursor = {(int) ints};
        int used;
        switch (node.type) {
            case POINT:
                if (node.count > 1) {
                    throw new IllegalArgumentException("point with " + node.count + " coordinates");
                }
                used = node.count;
                break;
            case LINESTRING:
            case MULTIPOINT:
                used = node.count;
                break;
            case POLYGON:
                used = node.count == 0 ? 0 : rings(cursor, node.type);
                break;
            case MULTILINESTRING:
                {
                    int lines = read(cursor, CountKind.PARTS, node.type);
                    used = 0;
                    for (int i = 0; i < lines; i++) {
                        used += read(cursor, CountKind.PART_SIZE, node.type);
                    }
                    break;
                }
            case MULTIPOLYGON:
                {
                    int polygons = read(cursor, CountKind.PARTS, node.type);
                    used = 0;
                    for (int i = 0; i < polygons; i++) {
                        used += rings(cursor, node.type);
                    }
                    break;
                }
            default:
                throw new IllegalArgumentException("geometry type " + node.type + " at " + start);
        }
        if (used != node.count) {
            throw new IllegalArgumentException(
                    "parts of the header at " + start + " hold " + used + " coordinates");
        }
        node.end = cursor[0];
        return node;
    }

    private int rings(int[] cursor, int type) {
        int rings = read(cursor, CountKind.RINGS, type);
        int used = 0;
        for (int i = 0; i < rings; i++) {
            used += read(cursor, CountKind.PART_SIZE, type);
        }
        return used;
    }

    private int read(int[] cursor, CountKind kind, int type) {
        int value = intAt(cursor[0]);
        counts.add(new CountField(cursor[0], kind, value, type));
        cursor[0] += 4;
        if (value < 0) {
            throw new IllegalArgumentException("negative " + kind + " at " + (cursor[0] - 4));
        }
        return value;
    }
}
