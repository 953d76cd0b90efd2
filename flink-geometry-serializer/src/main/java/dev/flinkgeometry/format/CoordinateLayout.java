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
package dev.flinkgeometry.format;

/**
 * The ordinates stored per coordinate: XY, XYZ, XYM or XYZM, with the format's header code.
 *
 * <p>Which one a geometry gets is decided by its values (Z if some coordinate has a non-NaN Z, M
 * likewise: {@link dev.flinkgeometry.format.aligned.AlignedFormat#layoutOf}), never by the declared
 * dimension of its coordinate sequences.
 */
public enum CoordinateLayout {
    XY(1, false, false),
    XYZ(2, true, false),
    XYM(3, false, true),
    XYZM(4, true, true);

    private static final CoordinateLayout[] BY_CODE = {null, XY, XYZ, XYM, XYZM};

    private final int code;
    private final boolean hasZ;
    private final boolean hasM;
    private final int ordinates;

    CoordinateLayout(int code, boolean hasZ, boolean hasM) {
        this.code = code;
        this.hasZ = hasZ;
        this.hasM = hasM;
        this.ordinates = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
    }

    /** The layout with Z and/or M as given. */
    public static CoordinateLayout of(boolean hasZ, boolean hasM) {
        return hasZ ? (hasM ? XYZM : XYZ) : (hasM ? XYM : XY);
    }

    /** The layout for a header code (1..4), or {@code null} for any other value. */
    public static CoordinateLayout ofCode(int code) {
        return code >= 1 && code <= 4 ? BY_CODE[code] : null;
    }

    /** The 3-bit code in the header's preamble. */
    public int code() {
        return code;
    }

    /** Whether coordinates carry a Z ordinate. */
    public boolean hasZ() {
        return hasZ;
    }

    /** Whether coordinates carry an M ordinate. */
    public boolean hasM() {
        return hasM;
    }

    /** Ordinates per coordinate: the JTS sequence dimension (2, 3 or 4). */
    public int ordinates() {
        return ordinates;
    }

    /** The JTS sequence measures: 1 with M, else 0. */
    public int measures() {
        return hasM ? 1 : 0;
    }

    /** Bytes per coordinate. */
    public int bytes() {
        return 8 * ordinates;
    }
}
