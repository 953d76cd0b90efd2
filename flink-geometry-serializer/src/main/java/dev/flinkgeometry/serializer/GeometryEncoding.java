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

import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.twkb.TwkbWriter;
import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * How a {@link GeometrySerializer} writes geometries ({@code docs/FORMAT.md}):
 *
 * <ul>
 *   <li>{@link #ALIGNED} (the default): the aligned format, byte-identical to Apache Sedona's;
 *   <li>{@link #compact()}: the compact record, lossless: TWKB (as PostGIS writes it) at the
 *       smallest decimal precision that keeps every ordinate bit for bit, else the aligned payload.
 *       A GPS point of 6 decimals takes 12 bytes instead of 25; the bytes depend on the values
 *       only, so geometries stay safe as keys;
 *   <li>{@link #compact(int, int, int)}: the compact record with ordinates rounded to fixed decimal
 *       digits (lossy: for values, not keys).
 * </ul>
 *
 * <p>A compact encoding may {@linkplain #withDeclaredSrid declare the SRID} its records carry: a
 * geometry with that SRID stores none, any other SRID is stored. The declared SRID is 0 unless set.
 * Changing the encoding of existing state is schema evolution: Flink migrates it (see {@link
 * GeometrySerializerSnapshot}).
 */
@PublicEvolving
public final class GeometryEncoding implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The aligned format: the default of every serializer and type information. */
    public static final GeometryEncoding ALIGNED = new GeometryEncoding(false, false, 0, 0, 0, 0);

    private static final GeometryEncoding COMPACT_LOSSLESS =
            new GeometryEncoding(true, true, 0, 0, 0, 0);

    private final boolean compact;
    private final boolean lossless;
    private final int xyDigits;
    private final int zDigits;
    private final int mDigits;
    private final int declaredSrid;

    private GeometryEncoding(
            boolean compact,
            boolean lossless,
            int xyDigits,
            int zDigits,
            int mDigits,
            int declaredSrid) {
        this.compact = compact;
        this.lossless = lossless;
        this.xyDigits = xyDigits;
        this.zDigits = zDigits;
        this.mDigits = mDigits;
        this.declaredSrid = declaredSrid;
    }

    /** The aligned format ({@link #ALIGNED}). */
    public static GeometryEncoding aligned() {
        return ALIGNED;
    }

    /** The lossless compact record, declared SRID 0. */
    public static GeometryEncoding compact() {
        return COMPACT_LOSSLESS;
    }

    /**
     * The compact record at fixed precision (lossy): X and Y rounded to {@code xyDigits} decimal
     * digits ({@code -7..7}; negative rounds to tens, hundreds...), Z to {@code zDigits} and M to
     * {@code mDigits} ({@code 0..7}), halves away from zero, as PostGIS's {@code ST_AsTWKB(g, xy,
     * z, m)}. A geometry that cannot be rounded (NaN, infinite or too large ordinates) is written
     * exactly, in the aligned payload.
     *
     * <p>For values only: geometries that round alike have the same bytes. Flink's {@code
     * keyBy(KeySelector, TypeInformation)} does not refuse it as a key (the type information says
     * it is not a key type, but Flink does not ask there), and on RocksDB such geometries would
     * share one state. Key by {@link #ALIGNED} or {@link #compact()}.
     *
     * @throws IllegalArgumentException outside those ranges (PostGIS's)
     */
    public static GeometryEncoding compact(int xyDigits, int zDigits, int mDigits) {
        TwkbWriter.checkPrecisions(xyDigits, zDigits, mDigits);
        return new GeometryEncoding(true, false, xyDigits, zDigits, mDigits, 0);
    }

    /**
     * This compact encoding with {@code srid} declared: a geometry whose SRID is {@code srid}
     * stores none (a GPS point with SRID 4326 then takes what one with SRID 0 takes), any other
     * SRID is stored. Equal geometries still give equal bytes.
     *
     * @throws IllegalStateException for the aligned encoding, whose header always holds the SRID
     * @throws IllegalArgumentException if {@code srid} is not in {@code 0..16777215}
     */
    public GeometryEncoding withDeclaredSrid(int srid) {
        if (!compact) {
            throw new IllegalStateException(
                    "the aligned encoding stores every SRID in its header; only a compact encoding"
                            + " declares one");
        }
        if (!GeometryLimits.isValidSrid(srid)) {
            throw new IllegalArgumentException(
                    "declared SRID " + srid + " is not in 0.." + GeometryLimits.MAX_SRID);
        }
        if (lossless && srid == 0) {
            return COMPACT_LOSSLESS;
        }
        return new GeometryEncoding(true, lossless, xyDigits, zDigits, mDigits, srid);
    }

    /** Whether this is the aligned format. */
    public boolean isAligned() {
        return !compact;
    }

    /** Whether this is the compact record (lossless or at fixed precision). */
    public boolean isCompact() {
        return compact;
    }

    /**
     * Whether every geometry reads back exactly (aligned, or compact lossless): then the bytes are
     * a function of the geometry's values, and geometries are key types.
     */
    public boolean isLossless() {
        return !compact || lossless;
    }

    /** The X/Y decimal digits of a fixed-precision compact encoding; 0 otherwise. */
    public int xyDigits() {
        return xyDigits;
    }

    /** The Z decimal digits of a fixed-precision compact encoding; 0 otherwise. */
    public int zDigits() {
        return zDigits;
    }

    /** The M decimal digits of a fixed-precision compact encoding; 0 otherwise. */
    public int mDigits() {
        return mDigits;
    }

    /** The SRID a compact record stores none for; 0 unless declared, and 0 for aligned. */
    public int declaredSrid() {
        return declaredSrid;
    }

    private Object readResolve() {
        if (!compact) {
            return ALIGNED;
        }
        return lossless && declaredSrid == 0 ? COMPACT_LOSSLESS : this;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof GeometryEncoding)) {
            return false;
        }
        GeometryEncoding other = (GeometryEncoding) obj;
        return compact == other.compact
                && lossless == other.lossless
                && xyDigits == other.xyDigits
                && zDigits == other.zDigits
                && mDigits == other.mDigits
                && declaredSrid == other.declaredSrid;
    }

    @Override
    public int hashCode() {
        int hash = compact ? (lossless ? 1 : 2) : 0;
        hash = 31 * hash + xyDigits;
        hash = 31 * hash + zDigits;
        hash = 31 * hash + mDigits;
        return 31 * hash + declaredSrid;
    }

    /** {@code aligned}, {@code compact lossless} or {@code compact 7/7/7 digits}, and the SRID. */
    @Override
    public String toString() {
        if (!compact) {
            return "aligned";
        }
        String text =
                lossless
                        ? "compact lossless"
                        : "compact " + xyDigits + "/" + zDigits + "/" + mDigits + " digits";
        return declaredSrid == 0 ? text : text + ", declared SRID " + declaredSrid;
    }
}
