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
package dev.flinkgeometry.format.wkb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Wkt;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * Each WKB header declares the byte order of its own type word, SRID, counts and coordinates: a
 * member may differ from its parent, and the parent's next member is read in its own order again.
 */
class WkbByteOrderPerHeaderTest {
    private static final int SRID_FLAG = 0x20000000;

    @Test
    void aCollectionReadsEachMemberInTheOrderOfItsOwnHeader() throws Exception {
        Wkb wkb = new Wkb();
        wkb.header(ByteOrder.BIG_ENDIAN, 7 | SRID_FLAG).putInt(4326).putInt(3);
        wkb.header(ByteOrder.LITTLE_ENDIAN, 1).putDouble(1).putDouble(2);
        wkb.header(ByteOrder.BIG_ENDIAN, 2).putInt(2).putDouble(3).putDouble(4);
        wkb.putDouble(5).putDouble(6);
        wkb.header(ByteOrder.LITTLE_ENDIAN, 1003).putInt(1).putInt(4);
        wkb.putDouble(0).putDouble(0).putDouble(7);
        wkb.putDouble(1).putDouble(0).putDouble(8);
        wkb.putDouble(1).putDouble(1).putDouble(9);
        wkb.putDouble(0).putDouble(0).putDouble(7);

        assertReadsAs(
                wkb.bytes(),
                Wkt.read(
                        "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (3 4, 5 6),"
                                + " POLYGON Z ((0 0 7, 1 0 8, 1 1 9, 0 0 7)))",
                        4326));
    }

    @Test
    void multiGeometriesReadMembersOfTheOtherOrder() throws Exception {
        Wkb points = new Wkb();
        points.header(ByteOrder.LITTLE_ENDIAN, 4).putInt(2);
        points.header(ByteOrder.BIG_ENDIAN, 1).putDouble(1).putDouble(2);
        points.header(ByteOrder.LITTLE_ENDIAN, 1).putDouble(3).putDouble(4);
        assertReadsAs(points.bytes(), Wkt.read("MULTIPOINT ((1 2), (3 4))"));

        Wkb lines = new Wkb();
        lines.header(ByteOrder.BIG_ENDIAN, 5).putInt(2);
        lines.header(ByteOrder.LITTLE_ENDIAN, 2).putInt(2);
        lines.putDouble(1).putDouble(2).putDouble(3).putDouble(4);
        lines.header(ByteOrder.BIG_ENDIAN, 2).putInt(2);
        lines.putDouble(5).putDouble(6).putDouble(7).putDouble(8);
        assertReadsAs(lines.bytes(), Wkt.read("MULTILINESTRING ((1 2, 3 4), (5 6, 7 8))"));
    }

    private static void assertReadsAs(byte[] wkb, Geometry expected) throws Exception {
        Geometry decoded = new WkbReader().read(wkb, 0, wkb.length);
        // Members read from WKB take their parent's SRID.
        ExactGeometry.assertExactlyEqual(decoded, ExactGeometry.asReadFromLegacyWkb(expected));
        assertThat(decoded.getSRID()).isEqualTo(expected.getSRID());
    }

    /** Writes WKB piece by piece, each piece in the byte order of the last header. */
    private static final class Wkb {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private ByteOrder order = ByteOrder.LITTLE_ENDIAN;

        Wkb header(ByteOrder order, int typeWord) {
            this.order = order;
            out.write(order == ByteOrder.BIG_ENDIAN ? 0 : 1);
            return putInt(typeWord);
        }

        Wkb putInt(int value) {
            out.writeBytes(ByteBuffer.allocate(4).order(order).putInt(value).array());
            return this;
        }

        Wkb putDouble(double value) {
            out.writeBytes(ByteBuffer.allocate(8).order(order).putDouble(value).array());
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
