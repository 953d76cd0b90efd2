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

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON as RFC 8259 defines it, plus the number tokens {@code NaN}, {@code nan} (in a {@code bbox}),
 * {@code Infinity} and {@code -Infinity} that PostGIS's {@code ST_AsGeoJSON} writes and reads back.
 * A number with a fraction or an exponent becomes the nearest double ({@link Double#parseDouble} of
 * text the grammar has checked); an integer becomes the nearest double too, and {@code -0} becomes
 * {@code 0} as in PostGIS's JSON library (json-c reads integers as integers). A repeated member
 * name keeps its last value, as json-c does. Nothing may follow the value but whitespace.
 */
final class JsonParser {
    private static final int MAX_DEPTH = 512;

    private final String text;
    private int pos;
    private int depth;

    private JsonParser(String text) {
        this.text = text;
    }

    static JsonValue parse(String text) throws GeoJsonFormatException {
        JsonParser parser = new JsonParser(text);
        parser.skipWhitespace();
        JsonValue value = parser.value();
        parser.skipWhitespace();
        if (parser.pos < text.length()) {
            throw parser.error(
                    "expected the end of the text after the JSON value but found "
                            + parser.found());
        }
        return value;
    }

    private JsonValue value() throws GeoJsonFormatException {
        if (pos >= text.length()) {
            throw error("expected a JSON value but found the end of the text");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return JsonValue.string(pos, string());
            case 't':
                return literal("true", JsonValue.Kind.TRUE);
            case 'f':
                return literal("false", JsonValue.Kind.FALSE);
            case 'n':
                return text.startsWith("nan", pos)
                        ? special("nan", Double.NaN)
                        : literal("null", JsonValue.Kind.NULL);
            case 'N':
                return special("NaN", Double.NaN);
            case 'I':
                return special("Infinity", Double.POSITIVE_INFINITY);
            default:
                if (c == '-' && text.startsWith("-Infinity", pos)) {
                    return special("-Infinity", Double.NEGATIVE_INFINITY);
                }
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("expected a JSON value but found " + found());
        }
    }

    private JsonValue object() throws GeoJsonFormatException {
        int start = pos;
        enter();
        pos++;
        Map<String, JsonValue> members = new LinkedHashMap<>();
        skipWhitespace();
        if (peek('}')) {
            pos++;
            depth--;
            return JsonValue.object(start, members);
        }
        while (true) {
            skipWhitespace();
            if (!peek('"')) {
                throw error("expected a member name in double quotes but found " + found());
            }
            String name = string();
            skipWhitespace();
            expect(':', "':' after a member name");
            skipWhitespace();
            members.remove(name);
            members.put(name, value());
            skipWhitespace();
            if (peek(',')) {
                pos++;
            } else if (peek('}')) {
                pos++;
                depth--;
                return JsonValue.object(start, members);
            } else {
                throw error("expected ',' or '}' in an object but found " + found());
            }
        }
    }

    private JsonValue array() throws GeoJsonFormatException {
        int start = pos;
        enter();
        pos++;
        List<JsonValue> elements = new ArrayList<>();
        skipWhitespace();
        if (peek(']')) {
            pos++;
            depth--;
            return JsonValue.array(start, elements);
        }
        while (true) {
            skipWhitespace();
            elements.add(value());
            skipWhitespace();
            if (peek(',')) {
                pos++;
            } else if (peek(']')) {
                pos++;
                depth--;
                return JsonValue.array(start, elements);
            } else {
                throw error("expected ',' or ']' in an array but found " + found());
            }
        }
    }

    private void enter() throws GeoJsonFormatException {
        if (++depth > MAX_DEPTH) {
            throw error("JSON nested deeper than " + MAX_DEPTH + " levels");
        }
    }

    private String string() throws GeoJsonFormatException {
        pos++; // the opening quote
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("expected the closing '\"' of a string but found the end of the text");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return out.toString();
            }
            if (c < 0x20) {
                throw error(
                        "a control character (U+"
                                + String.format("%04X", (int) c)
                                + ") in a string must be escaped");
            }
            if (c != '\\') {
                out.append(c);
                pos++;
                continue;
            }
            if (pos + 1 >= text.length()) {
                throw error("expected an escape after '\\' but found the end of the text");
            }
            char e = text.charAt(pos + 1);
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    out.append(e);
                    break;
                case 'b':
                    out.append('\b');
                    break;
                case 'f':
                    out.append('\f');
                    break;
                case 'n':
                    out.append('\n');
                    break;
                case 'r':
                    out.append('\r');
                    break;
                case 't':
                    out.append('\t');
                    break;
                case 'u':
                    out.append(unicodeEscape());
                    pos += 4;
                    break;
                default:
                    throw error("'\\" + e + "' is not a JSON escape");
            }
            pos += 2;
        }
    }

    private char unicodeEscape() throws GeoJsonFormatException {
        if (pos + 6 > text.length()) {
            throw error("expected 4 hex digits after '\\u'");
        }
        int value = 0;
        for (int i = pos + 2; i < pos + 6; i++) {
            int digit = Character.digit(text.charAt(i), 16);
            if (digit < 0) {
                throw error("expected 4 hex digits after '\\u'");
            }
            value = value * 16 + digit;
        }
        return (char) value;
    }

    private JsonValue number() throws GeoJsonFormatException {
        int start = pos;
        if (peek('-')) {
            pos++;
        }
        if (peek('0')) {
            pos++;
            if (pos < text.length() && isDigit(text.charAt(pos))) {
                throw error("a number must not have a leading zero");
            }
        } else {
            digits("a digit");
        }
        boolean integer = true;
        if (peek('.')) {
            integer = false;
            pos++;
            digits("a digit after the decimal point");
        }
        if (peek('e') || peek('E')) {
            integer = false;
            pos++;
            if (peek('+') || peek('-')) {
                pos++;
            }
            digits("a digit in the exponent");
        }
        String token = text.substring(start, pos);
        double value = integer ? new BigInteger(token).doubleValue() : Double.parseDouble(token);
        return JsonValue.number(start, value);
    }

    private void digits(String what) throws GeoJsonFormatException {
        if (pos >= text.length() || !isDigit(text.charAt(pos))) {
            throw error("expected " + what + " but found " + found());
        }
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private JsonValue literal(String word, JsonValue.Kind kind) throws GeoJsonFormatException {
        int start = pos;
        word(word);
        return JsonValue.literal(kind, start);
    }

    private JsonValue special(String word, double value) throws GeoJsonFormatException {
        int start = pos;
        word(word);
        return JsonValue.number(start, value);
    }

    private void word(String word) throws GeoJsonFormatException {
        if (!text.startsWith(word, pos)) {
            throw error("expected a JSON value but found " + found());
        }
        pos += word.length();
    }

    private void expect(char c, String what) throws GeoJsonFormatException {
        if (!peek(c)) {
            throw error("expected " + what + " but found " + found());
        }
        pos++;
    }

    private boolean peek(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private String found() {
        if (pos >= text.length()) {
            return "the end of the text";
        }
        int end = Math.min(text.length(), pos + 10);
        return "'" + text.substring(pos, end) + (end < text.length() ? "...'" : "'");
    }

    private GeoJsonFormatException error(String message) {
        return new GeoJsonFormatException(message, pos);
    }
}
