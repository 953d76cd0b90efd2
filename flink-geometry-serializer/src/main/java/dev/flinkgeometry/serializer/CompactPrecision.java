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
package dev.flinkgeometry.serializer;

import dev.flinkgeometry.format.twkb.TwkbWriter;
import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The mode of a {@link CompactGeometrySerializer}: {@link #LOSSLESS} (per geometry the smallest
 * decimal precisions that keep every ordinate bit for bit, else the aligned payload), or fixed
 * decimal digits for X and Y, Z and M (lossy: ordinates are rounded, as PostGIS's {@code
 * ST_AsTWKB(g, xy, z, m)} rounds them).
 */
@PublicEvolving
public final class CompactPrecision implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Lossless: nothing is rounded. */
    public static final CompactPrecision LOSSLESS = new CompactPrecision(true, 0, 0, 0);

    private final boolean lossless;
    private final int xyDigits;
    private final int zDigits;
    private final int mDigits;

    private CompactPrecision(boolean lossless, int xyDigits, int zDigits, int mDigits) {
        this.lossless = lossless;
        this.xyDigits = xyDigits;
        this.zDigits = zDigits;
        this.mDigits = mDigits;
    }

    /**
     * Fixed decimal digits: X and Y rounded to {@code xyDigits} ({@code -7..7}; negative rounds to
     * tens, hundreds...), Z to {@code zDigits} and M to {@code mDigits} ({@code 0..7}).
     *
     * @throws IllegalArgumentException outside those ranges (PostGIS's)
     */
    public static CompactPrecision of(int xyDigits, int zDigits, int mDigits) {
        TwkbWriter.checkPrecisions(xyDigits, zDigits, mDigits);
        return new CompactPrecision(false, xyDigits, zDigits, mDigits);
    }

    public boolean isLossless() {
        return lossless;
    }

    public int xyDigits() {
        return xyDigits;
    }

    public int zDigits() {
        return zDigits;
    }

    public int mDigits() {
        return mDigits;
    }

    private Object readResolve() {
        return lossless ? LOSSLESS : this;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof CompactPrecision)) {
            return false;
        }
        CompactPrecision other = (CompactPrecision) obj;
        return lossless == other.lossless
                && xyDigits == other.xyDigits
                && zDigits == other.zDigits
                && mDigits == other.mDigits;
    }

    @Override
    public int hashCode() {
        return lossless ? -1 : (xyDigits + 8) * 100 + zDigits * 10 + mDigits;
    }

    @Override
    public String toString() {
        return lossless ? "lossless" : "digits " + xyDigits + "/" + zDigits + "/" + mDigits;
    }
}
