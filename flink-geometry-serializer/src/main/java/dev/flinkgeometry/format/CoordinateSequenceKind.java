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

import org.locationtech.jts.geom.CoordinateSequenceFactory;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * The {@link org.locationtech.jts.geom.CoordinateSequence} implementation of decoded geometries. It
 * never changes the encoded bytes.
 */
public enum CoordinateSequenceKind {
    /** JTS's default {@code CoordinateArraySequence}: one {@code Coordinate} object per vertex. */
    ARRAY(CoordinateArraySequenceFactory.instance()),
    /** {@code PackedCoordinateSequence.Double}: one {@code double[]} per sequence, bulk-copied. */
    PACKED_DOUBLE(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);

    private final GeometryFactory factory;

    CoordinateSequenceKind(CoordinateSequenceFactory sequenceFactory) {
        this.factory = new GeometryFactory(sequenceFactory);
    }

    /**
     * The factory of decoded geometries: floating precision, SRID 0, and this kind's sequences, so
     * that geometries derived from decoded ones keep the same kind.
     */
    public GeometryFactory geometryFactory() {
        return factory;
    }
}
