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

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.locationtech.jts.geom.CoordinateSequenceFactory;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * The {@link org.locationtech.jts.geom.CoordinateSequence} implementation of decoded geometries. It
 * never changes the encoded bytes.
 */
public enum CoordinateSequenceKind {
    /**
     * JTS's default {@code CoordinateArraySequence}: one {@code Coordinate} object per vertex, of
     * the subclass of the coordinate type, as JTS's {@code WKBReader} and {@code WKTReader} build
     * them: {@code CoordinateXY} (XY, whose {@code setZ} throws), {@code Coordinate} (XYZ), {@code
     * CoordinateXYM} or {@code CoordinateXYZM}. The sequence's dimension is the coordinate type's.
     */
    ARRAY(CoordinateArraySequenceFactory.instance()),
    /** {@code PackedCoordinateSequence.Double}: one {@code double[]} per sequence, bulk-copied. */
    PACKED_DOUBLE(PackedCoordinateSequenceFactory.DOUBLE_FACTORY),
    /**
     * As {@link #ARRAY}, but XY coordinates are plain {@code Coordinate}s with a NaN Z in a
     * sequence of dimension 3, as {@code factory.createPoint(new Coordinate(x, y))} and {@code
     * factory.createLineString(coordinates)} build them: {@code setZ} works on every coordinate,
     * and the sequence, JTS's writers and the serializer see the Z that was set. XYZ, XYM and XYZM
     * coordinates are those of {@link #ARRAY}.
     */
    ARRAY_MUTABLE_Z(CoordinateArraySequenceFactory.instance());

    /** Factories of non-zero SRIDs kept, one per slot of {@code srid & (SRID_SLOTS - 1)}. */
    private static final int SRID_SLOTS = 64;

    private final PrecisionModel floating = new PrecisionModel();
    private final CoordinateSequenceFactory sequenceFactory;
    private final GeometryFactory factory;
    private final AtomicReferenceArray<GeometryFactory> bySrid =
            new AtomicReferenceArray<>(SRID_SLOTS);

    CoordinateSequenceKind(CoordinateSequenceFactory sequenceFactory) {
        this.sequenceFactory = sequenceFactory;
        this.factory = new GeometryFactory(floating, 0, sequenceFactory);
    }

    /**
     * The factory of decoded geometries: floating precision, SRID 0, and this kind's sequences, so
     * that geometries derived from decoded ones keep the same kind.
     */
    public GeometryFactory geometryFactory() {
        return factory;
    }

    /**
     * The factory of decoded geometries of {@code srid}: as {@link #geometryFactory()}, with that
     * SRID, so that geometries JTS derives from a decoded one (centroid, envelope, buffer, union)
     * keep its SRID. Factories are kept in a small table: a stream of few SRIDs allocates none per
     * record, and hostile input with many SRIDs cannot grow it.
     */
    public GeometryFactory geometryFactory(int srid) {
        if (srid == 0) {
            return factory;
        }
        int slot = srid & (SRID_SLOTS - 1);
        GeometryFactory kept = bySrid.getAcquire(slot);
        if (kept != null && kept.getSRID() == srid) {
            return kept;
        }
        GeometryFactory made = new GeometryFactory(floating, srid, sequenceFactory);
        bySrid.setRelease(slot, made);
        return made;
    }
}
