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

import java.util.List;
import java.util.Map;

/** A parsed JSON value and the character offset where it starts. */
final class JsonValue {
    enum Kind {
        OBJECT,
        ARRAY,
        STRING,
        NUMBER,
        TRUE,
        FALSE,
        NULL
    }

    final Kind kind;
    final int offset;
    private final Object value;

    private JsonValue(Kind kind, int offset, Object value) {
        this.kind = kind;
        this.offset = offset;
        this.value = value;
    }

    static JsonValue object(int offset, Map<String, JsonValue> members) {
        return new JsonValue(Kind.OBJECT, offset, members);
    }

    static JsonValue array(int offset, List<JsonValue> elements) {
        return new JsonValue(Kind.ARRAY, offset, elements);
    }

    static JsonValue string(int offset, String text) {
        return new JsonValue(Kind.STRING, offset, text);
    }

    static JsonValue number(int offset, double number) {
        return new JsonValue(Kind.NUMBER, offset, number);
    }

    static JsonValue literal(Kind kind, int offset) {
        return new JsonValue(kind, offset, null);
    }

    @SuppressWarnings("unchecked")
    Map<String, JsonValue> members() {
        return (Map<String, JsonValue>) value;
    }

    @SuppressWarnings("unchecked")
    List<JsonValue> elements() {
        return (List<JsonValue>) value;
    }

    String text() {
        return (String) value;
    }

    double number() {
        return (Double) value;
    }

    /** What the value is, for error messages. */
    String describe() {
        switch (kind) {
            case OBJECT:
                return "an object";
            case ARRAY:
                return "an array";
            case STRING:
                return "a string";
            case NUMBER:
                return "a number";
            default:
                return kind.name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
