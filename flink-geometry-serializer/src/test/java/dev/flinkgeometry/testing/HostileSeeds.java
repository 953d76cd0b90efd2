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

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The seed corpora of the readers of untrusted SQL input (GeoJSON, WKT, EWKB/WKB, TWKB): PostGIS's
 * vectors as given, and what an attacker would try first: nesting far deeper than any limit, huge
 * declared counts over a few bytes, numbers of thousands of digits, huge arrays, and every prefix
 * of a valid input (truncated input).
 */
final class HostileSeeds {
    private HostileSeeds() {}

    static Map<String, byte[]> geoJson(Map<String, String> postgis) {
        Map<String, byte[]> seeds = text(postgis);
        seeds.put("deep-arrays", utf("[".repeat(100_000)));
        seeds.put(
                "deep-coordinates",
                utf(
                        "{\"type\":\"Point\",\"coordinates\":"
                                + "[".repeat(600)
                                + "1,2"
                                + "]".repeat(600)
                                + "}"));
        seeds.put("deep-objects", utf("{\"a\":".repeat(20_000)));
        seeds.put(
                "deep-collection",
                utf("{\"type\":\"GeometryCollection\",\"geometries\":[".repeat(300)));
        seeds.put(
                "huge-array",
                utf(
                        "{\"type\":\"MultiPoint\",\"coordinates\":["
                                + "[0,0],".repeat(20_000)
                                + "[0,0]]}"));
        seeds.put(
                "long-number",
                utf("{\"type\":\"Point\",\"coordinates\":[1" + "0".repeat(5_000) + ",2]}"));
        seeds.put(
                "long-fraction",
                utf("{\"type\":\"Point\",\"coordinates\":[0." + "3".repeat(5_000) + ",2]}"));
        seeds.put("huge-exponent", utf("{\"type\":\"Point\",\"coordinates\":[1e999999999,2]}"));
        seeds.put("long-string", utf("{\"type\":\"" + "P".repeat(20_000) + "\"}"));
        prefixes(
                seeds,
                "truncated",
                utf(
                        "{\"type\":\"Polygon\",\"crs\":{\"type\":\"name\",\"properties\":{\"name\":"
                                + "\"EPSG:3857\"}},\"coordinates\":[[[0,0,1],[1,0,2],[1,1,3],[0,0,1]]]}"));
        return seeds;
    }

    static Map<String, byte[]> wkt(Map<String, String> postgis) {
        Map<String, byte[]> seeds = text(postgis);
        seeds.put("deep-collection", utf("GEOMETRYCOLLECTION(".repeat(20_000)));
        seeds.put("deep-parentheses", utf("POLYGON" + "(".repeat(50_000)));
        seeds.put("huge-multipoint", utf("MULTIPOINT(" + "1 1,".repeat(20_000) + "1 1)"));
        seeds.put("long-number", utf("POINT (1" + "0".repeat(5_000) + " 2)"));
        seeds.put("long-fraction", utf("POINT (0." + "3".repeat(5_000) + " 2)"));
        seeds.put("huge-exponent", utf("POINT (1e999999999 2)"));
        seeds.put("huge-srid", utf("SRID=99999999999999999999;POINT(1 2)"));
        seeds.put("long-word", utf("P".repeat(20_000)));
        prefixes(
                seeds,
                "truncated",
                utf("SRID=4326;POLYGON ZM ((0 0 1 2,1 0 2 3,1 1 3 4,0 0 1 2))"));
        return seeds;
    }

    static Map<String, byte[]> ewkb(Map<String, byte[]> postgis) {
        Map<String, byte[]> seeds = new LinkedHashMap<>(postgis);
        // a line string declaring 2^31 - 1 points, then nothing
        seeds.put("huge-count-line", header(2).putInt(Integer.MAX_VALUE).array());
        // a polygon declaring 2^31 - 1 rings, then nothing; a collection of 2^31 - 1 members
        seeds.put("huge-count-rings", header(3).putInt(Integer.MAX_VALUE).array());
        seeds.put("huge-count-members", header(7).putInt(Integer.MAX_VALUE).array());
        // collections nested 10 000 deep, each of one member
        ByteBuffer deep = ByteBuffer.allocate(9 * 10_000).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 10_000; i++) {
            deep.put((byte) 1).putInt(7).putInt(1);
        }
        seeds.put("deep-collection", deep.array());
        // extended WKB with an SRID and Z on a point; then every prefix of a polygon
        seeds.put(
                "ewkb-point-z-srid",
                ByteBuffer.allocate(33)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .put((byte) 1)
                        .putInt(0xA0000001)
                        .putInt(4326)
                        .putDouble(1)
                        .putDouble(2)
                        .putDouble(3)
                        .array());
        ByteBuffer polygon = header(3).putInt(1);
        byte[] ring =
                ByteBuffer.allocate(4 + 4 * 16)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .putInt(4)
                        .putDouble(0)
                        .putDouble(0)
                        .putDouble(1)
                        .putDouble(0)
                        .putDouble(1)
                        .putDouble(1)
                        .putDouble(0)
                        .putDouble(0)
                        .array();
        byte[] whole = new byte[polygon.position() + ring.length];
        System.arraycopy(polygon.array(), 0, whole, 0, polygon.position());
        System.arraycopy(ring, 0, whole, polygon.position(), ring.length);
        prefixes(seeds, "truncated", whole);
        return seeds;
    }

    static Map<String, byte[]> twkb(Map<String, byte[]> postgis) {
        Map<String, byte[]> seeds = new LinkedHashMap<>(postgis);
        // a line string (type 2, precision 0), no metadata, declaring 2^32 - 1 points
        seeds.put("huge-count-line", bytes(0x02, 0x00, 0xff, 0xff, 0xff, 0xff, 0x0f));
        seeds.put("huge-count-rings", bytes(0x03, 0x00, 0xff, 0xff, 0xff, 0xff, 0x0f));
        seeds.put("huge-count-members", bytes(0x07, 0x00, 0xff, 0xff, 0xff, 0xff, 0x0f));
        // a varint that never ends
        byte[] endless = new byte[10_000];
        Arrays.fill(endless, (byte) 0xff);
        endless[0] = 0x01;
        endless[1] = 0x00;
        seeds.put("endless-varint", endless);
        // collections nested 10 000 deep, each of one member
        byte[] deep = new byte[3 * 10_000];
        for (int i = 0; i < 10_000; i++) {
            deep[3 * i] = 0x07;
            deep[3 * i + 1] = 0x00;
            deep[3 * i + 2] = 0x01;
        }
        seeds.put("deep-collection", deep);
        // every prefix of PostGIS's longest TWKB
        byte[] longest = new byte[0];
        for (byte[] twkb : postgis.values()) {
            if (twkb.length > longest.length) {
                longest = twkb;
            }
        }
        prefixes(seeds, "truncated", longest);
        return seeds;
    }

    private static Map<String, byte[]> text(Map<String, String> postgis) {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        postgis.forEach((name, text) -> seeds.put(name, utf(text)));
        return seeds;
    }

    /** Every proper prefix of {@code whole}, the empty one included. */
    private static void prefixes(Map<String, byte[]> seeds, String name, byte[] whole) {
        for (int length = 0; length < whole.length; length++) {
            seeds.put(String.format("%s-%03d", name, length), Arrays.copyOf(whole, length));
        }
    }

    /** A little-endian ISO WKB header of {@code type}, with room for a count. */
    private static ByteBuffer header(int type) {
        return ByteBuffer.allocate(9).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1).putInt(type);
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    private static byte[] utf(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
