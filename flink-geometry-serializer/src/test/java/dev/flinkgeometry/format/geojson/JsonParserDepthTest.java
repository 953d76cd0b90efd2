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
package dev.flinkgeometry.format.geojson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The JSON parser's depth guard: 512 levels of arrays or objects are read, the 513th is refused at
 * the character that opens it, and nesting far deeper is refused the same way, without a stack
 * overflow; through the GeoJSON reader too.
 */
class JsonParserDepthTest {

    @Test
    void fiveHundredTwelveLevelsAreRead() throws GeoJsonFormatException {
        JsonValue arrays = JsonParser.parse("[".repeat(512) + "]".repeat(512));
        assertThat(arrays.kind).isEqualTo(JsonValue.Kind.ARRAY);
        JsonValue objects = JsonParser.parse("{\"a\":".repeat(511) + "{}" + "}".repeat(511));
        assertThat(objects.kind).isEqualTo(JsonValue.Kind.OBJECT);
    }

    @Test
    void theFiveHundredThirteenthLevelIsRefusedWhereItOpens() {
        assertThatThrownBy(() -> JsonParser.parse("[".repeat(513) + "]".repeat(513)))
                .isInstanceOf(GeoJsonFormatException.class)
                .hasMessage("JSON nested deeper than 512 levels at character 512");
        assertThatThrownBy(() -> JsonParser.parse("{\"a\":".repeat(512) + "{}" + "}".repeat(512)))
                .isInstanceOf(GeoJsonFormatException.class)
                .hasMessage("JSON nested deeper than 512 levels at character " + 5 * 512);
    }

    @Test
    void farDeeperNestingIsRefusedWithoutAStackOverflow() {
        assertThatThrownBy(() -> JsonParser.parse("[".repeat(1_000_000)))
                .isInstanceOf(GeoJsonFormatException.class)
                .hasMessage("JSON nested deeper than 512 levels at character 512");
        assertThatThrownBy(
                        () ->
                                new GeoJsonReader()
                                        .read(
                                                "{\"type\":\"Point\",\"coordinates\":"
                                                        + "[".repeat(100_000)))
                .isInstanceOf(GeoJsonFormatException.class)
                .hasMessageStartingWith("JSON nested deeper than 512 levels at character ");
    }
}
