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

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Refused GeoJSON: what was wrong, and the 0-based character offset where. */
class GeoJsonErrorMessagesTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"type\":\"Point\",\"coordinates\":[1]}"
                        + "|a position needs at least two numbers, found 1 at character 30",
                "{\"type\":\"Point\",\"coordinates\":[1,\"2\"]}"
                        + "|expected a number in a position but found a string at character 33",
                "{\"type\":\"Point\",\"coordinates\":[1,2]} junk"
                        + "|expected the end of the text after the JSON value but found 'junk' at"
                        + " character 37",
                "{\"type\":\"Point\",\"coordinates\":[01,2]}"
                        + "|a number must not have a leading zero at character 32",
                "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}}"
                        + "|a Feature is not a geometry; pass its geometry object at character 8",
                "{\"type\":\"Circle\",\"coordinates\":[1,2]}"
                        + "|unknown GeoJSON geometry type 'Circle' at character 8",
                "{\"type\":\"Point\"}|expected a \"coordinates\" member in a Point at character 0",
                "{\"type\":\"LineString\",\"coordinates\":[[1,2]]}"
                        + "|Invalid number of points in LineString (found 1 - must be 0 or >= 2)"
                        + " at character 35",
                "{\"type\":\"LineString\",\"coordinates\":[1,2]}"
                        + "|expected an array for a position but found a number at character 36",
                "[1,2]|expected a GeoJSON object but found an array at character 0",
                "|expected a JSON value but found the end of the text at character 0",
            })
    void namesTheProblemAndWhere(String text, String message) {
        assertThatThrownBy(() -> new GeoJsonReader().read(text == null ? "" : text))
                .isInstanceOf(GeoJsonFormatException.class)
                .hasMessage(message);
    }
}
