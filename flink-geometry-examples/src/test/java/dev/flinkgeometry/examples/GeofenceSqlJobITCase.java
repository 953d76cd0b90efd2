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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.io.ByteOrderValues;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKBWriter;
import org.locationtech.jts.io.WKTReader;

/**
 * Runs {@link GeofenceSqlJob}'s query on an embedded cluster over the committed change events and
 * fixes, and checks every entry against entries computed with plain JTS: the zones as the changelog
 * leaves them (Debezium events applied in order, each {@code wkb} read by JTS's {@link WKBReader}),
 * the fixes read from the JSON with Jackson, containment by JTS's {@code Geometry.contains}, the
 * first fix per vehicle and zone.
 */
class GeofenceSqlJobITCase {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final GeometryFactory WGS84 = new GeometryFactory(new PrecisionModel(), 4326);

    private static List<JsonNode> events;
    private static List<JsonNode> fixes;

    @TempDir static Path inputs;

    @BeforeAll
    static void readInputs() throws IOException {
        events = lines("zone-events.json");
        fixes = lines("fixes.geojsonl");
    }

    @Test
    void emitsTheFirstFixOfEachVehicleInEachZoneAsJtsFindsIt() throws Exception {
        List<String> entries =
                GeofenceSqlJob.entries(
                        GeofenceSqlJob.tables(
                                copy("zone-events.json").toString(),
                                copy("fixes.geojsonl").toString()));

        Map<String, Point> expected = expectedEntries(zonesAfter(events, true));
        assertThat(entries).hasSize(expected.size());
        List<String> keys = new ArrayList<>();
        WKTReader wkt = new WKTReader();
        WKBWriter ewkb = new WKBWriter(2, ByteOrderValues.LITTLE_ENDIAN, true);
        for (String entry : entries) {
            String[] fields = entry.split("\t");
            String key = fields[0] + "\t" + fields[1] + "\t" + fields[2];
            keys.add(key);
            Point fix = expected.get(key);
            assertThat(fix).as("entry %s", entry).isNotNull();
            Geometry printed = wkt.read(fields[3]);
            assertThat(printed.getCoordinate().x).as("x of %s", entry).isEqualTo(fix.getX());
            assertThat(printed.getCoordinate().y).as("y of %s", entry).isEqualTo(fix.getY());
            assertThat(fields[4]).as("EWKB of %s", entry).isEqualTo(hex(ewkb.write(fix)));
        }
        assertThat(keys).containsExactlyInAnyOrderElementsOf(expected.keySet());
    }

    /** The committed changelog has updates and deletes that change the entries. */
    @Test
    void theUpdatesAndDeletesOfTheChangelogChangeTheEntries() {
        assertThat(events.stream().map(e -> e.get("op").asText()).distinct())
                .containsExactlyInAnyOrder("c", "u", "d");
        assertThat(expectedEntries(zonesAfter(events, false)).keySet())
                .isNotEqualTo(expectedEntries(zonesAfter(events, true)).keySet());
    }

    /**
     * The zones by id after the events: created and updated ones with their {@code after}, deleted
     * ones removed; with {@code applyChanges} false, every zone as it was created, never changed.
     */
    private static Map<Integer, Map.Entry<String, Geometry>> zonesAfter(
            List<JsonNode> events, boolean applyChanges) {
        Map<Integer, Map.Entry<String, Geometry>> zones = new LinkedHashMap<>();
        for (JsonNode event : events) {
            String op = event.get("op").asText();
            if (op.equals("d")) {
                if (applyChanges) {
                    zones.remove(event.get("before").get("id").asInt());
                }
            } else if (op.equals("c") || applyChanges) {
                JsonNode after = event.get("after");
                JsonNode geom = after.get("geom");
                Geometry shape = ewkb(geom.get("wkb").asText());
                assertThat(shape.getSRID()).isEqualTo(geom.get("srid").asInt());
                zones.put(after.get("id").asInt(), Map.entry(after.get("name").asText(), shape));
            }
        }
        return zones;
    }

    /** Per {@code vehicle, zone, seq}: the fix with the lowest seq of the vehicle in the zone. */
    private static Map<String, Point> expectedEntries(
            Map<Integer, Map.Entry<String, Geometry>> zones) {
        Map<String, JsonNode> first = new TreeMap<>();
        for (Map.Entry<String, Geometry> zone : zones.values()) {
            for (JsonNode fix : fixes) {
                if (zone.getValue().contains(point(fix))) {
                    first.merge(
                            fix.get("vehicle").asText() + "\t" + zone.getKey(),
                            fix,
                            (a, b) -> a.get("seq").asInt() <= b.get("seq").asInt() ? a : b);
                }
            }
        }
        return first.entrySet().stream()
                .collect(
                        Collectors.toMap(
                                e -> e.getKey() + "\t" + e.getValue().get("seq").asInt(),
                                e -> point(e.getValue())));
    }

    private static Point point(JsonNode fix) {
        JsonNode position = fix.get("position");
        assertThat(position.get("type").asText()).isEqualTo("Point");
        JsonNode xy = position.get("coordinates");
        return WGS84.createPoint(new Coordinate(xy.get(0).asDouble(), xy.get(1).asDouble()));
    }

    private static Geometry ewkb(String base64) {
        try {
            return new WKBReader().read(Base64.getDecoder().decode(base64));
        } catch (org.locationtech.jts.io.ParseException e) {
            throw new IllegalStateException("unreadable EWKB " + base64, e);
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder hex = new StringBuilder();
        for (byte b : bytes) {
            hex.append(String.format("%02x", b & 0xFF));
        }
        return hex.toString();
    }

    private static List<JsonNode> lines(String resource) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(open(resource), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                nodes.add(JSON.readTree(line));
            }
        }
        return nodes;
    }

    private static Path copy(String resource) throws IOException {
        Path file = inputs.resolve(resource);
        try (InputStream in = open(resource)) {
            Files.copy(in, file);
        }
        return file;
    }

    private static InputStream open(String resource) {
        InputStream in = GeofenceSqlJobITCase.class.getResourceAsStream("/geofence/" + resource);
        assertThat(in).as("resource geofence/%s", resource).isNotNull();
        return in;
    }
}
