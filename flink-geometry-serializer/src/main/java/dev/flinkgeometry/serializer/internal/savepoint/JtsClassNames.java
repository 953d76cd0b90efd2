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
package dev.flinkgeometry.serializer.internal.savepoint;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.annotation.Internal;

/**
 * Finds the names of JTS classes in state bytes, as Flink's Kryo writes them: Kryo 2.24 and Kryo 5
 * write the class of every object whose class a field's or collection's declared type does not fix
 * (no JTS geometry class is final) by name, once per record, unless the class is registered with
 * Kryo, and a name as its ASCII bytes with the last byte's high bit set (or, from 64 characters on,
 * as plain UTF-8 after its length). Bytes are fed as they come: a name split between two writes is
 * found.
 */
@Internal
public final class JtsClassNames extends OutputStream {
    /** The package prefix of every JTS class. */
    static final String PREFIX = "org.locationtech.jts.";

    private static final byte[] PREFIX_BYTES = PREFIX.getBytes(StandardCharsets.US_ASCII);

    /** No JTS class name is longer; a longer run is not a class name and is cut there. */
    private static final int MAX_NAME = 200;

    private final Set<String> names = new TreeSet<>();
    private final StringBuilder name = new StringBuilder(MAX_NAME);
    private int matched;
    private boolean inName;

    @Override
    public void write(int b) {
        if (inName) {
            continueName(b & 0xff);
        } else if ((byte) b == PREFIX_BYTES[matched]) {
            if (++matched == PREFIX_BYTES.length) {
                inName = true;
                name.setLength(0);
                name.append(PREFIX);
            }
        } else {
            matched = (byte) b == PREFIX_BYTES[0] ? 1 : 0; // only 'o' starts the prefix again
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            write(bytes[i]);
        }
    }

    private void continueName(int b) {
        boolean last = b >= 0x80; // Kryo's ASCII form: the last character has the high bit set
        char c = (char) (b & 0x7f);
        if (isNameChar(c)) {
            name.append(c);
        } else {
            last = true;
        }
        if (last || name.length() >= MAX_NAME) {
            if (name.length() > PREFIX.length()) {
                names.add(name.toString());
            }
            inName = false;
            matched = 0;
        }
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z'
                || c >= 'A' && c <= 'Z'
                || c >= '0' && c <= '9'
                || c == '.'
                || c == '$'
                || c == '_';
    }

    /** The JTS class names found so far, sorted. */
    public Set<String> names() {
        return Collections.unmodifiableSet(new TreeSet<>(names));
    }
}
