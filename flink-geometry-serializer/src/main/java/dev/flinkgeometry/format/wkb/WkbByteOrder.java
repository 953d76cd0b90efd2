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

/**
 * Big-endian (XDR) WKB from the little-endian (NDR) WKB or EWKB this package writes: the same
 * values, every header word, count and ordinate in the other byte order, as PostGIS's {@code
 * ST_AsBinary(g, 'XDR')} and {@code ST_AsEWKB(g, 'XDR')} write them.
 */
public final class WkbByteOrder {
    private static final int EWKB_Z = 0x80000000, EWKB_M = 0x40000000, EWKB_SRID = 0x20000000;

    private final byte[] in;
    private final byte[] out;
    private int at;

    private WkbByteOrder(byte[] in) {
        this.in = in;
        this.out = new byte[in.length];
    }

    /** The big-endian form of {@code ndr}, a well-formed little-endian WKB or EWKB. */
    public static byte[] toBigEndian(byte[] ndr) throws WkbFormatException {
        WkbByteOrder order = new WkbByteOrder(ndr);
        order.geometry();
        if (order.at != ndr.length) {
            throw new WkbFormatException("bytes after the geometry at offset " + order.at);
        }
        return order.out;
    }

    private void geometry() throws WkbFormatException {
        if (at + 5 > in.length || in[at] != Wkb.LITTLE_ENDIAN) {
            throw new WkbFormatException("not little-endian WKB at offset " + at);
        }
        out[at] = Wkb.BIG_ENDIAN;
        at++;
        int word = swap();
        int ordinates = 2;
        if ((word & EWKB_SRID) != 0) {
            swap();
        }
        ordinates += ((word & EWKB_Z) != 0 ? 1 : 0) + ((word & EWKB_M) != 0 ? 1 : 0);
        int code = word & 0x0FFFFFFF;
        int iso = code / 1000;
        ordinates += iso == 3 ? 2 : iso == 1 || iso == 2 ? 1 : 0;
        switch (code % 1000) {
            case 1:
                doubles(ordinates);
                break;
            case 2:
                doubles((long) ordinates * swap());
                break;
            case 3:
                for (int rings = swap(); rings > 0; rings--) {
                    doubles((long) ordinates * swap());
                }
                break;
            case 4:
            case 5:
            case 6:
            case 7:
                for (int members = swap(); members > 0; members--) {
                    geometry();
                }
                break;
            default:
                throw new WkbFormatException("unknown WKB type " + code + " at offset " + at);
        }
    }

    /** Copies one 4-byte word reversed; returns its (little-endian) value. */
    private int swap() throws WkbFormatException {
        need(4);
        int value = 0;
        for (int i = 0; i < 4; i++) {
            value |= (in[at + i] & 0xFF) << (8 * i);
            out[at + 3 - i] = in[at + i];
        }
        at += 4;
        return value;
    }

    private void doubles(long count) throws WkbFormatException {
        need(count * 8);
        for (long n = 0; n < count; n++) {
            for (int i = 0; i < 8; i++) {
                out[at + 7 - i] = in[at + i];
            }
            at += 8;
        }
    }

    private void need(long bytes) throws WkbFormatException {
        if (bytes < 0 || at + bytes > in.length) {
            throw new WkbFormatException("WKB ends early at offset " + at);
        }
    }
}
