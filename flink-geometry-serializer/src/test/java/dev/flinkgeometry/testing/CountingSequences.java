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
package dev.flinkgeometry.testing;

import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * JTS's two concrete sequence classes with counters on how they are read: per-index getters, the
 * whole coordinate array, the raw doubles. The codec's fast paths promise to read them directly (no
 * getter per value) and in one pass; these counters are how a test tells the fast path from the
 * plain one, which writes the same bytes.
 */
public final class CountingSequences {
    private CountingSequences() {}

    /** A {@link CoordinateArraySequence} counting its per-index reads. */
    public static final class Array extends CoordinateArraySequence {
        /** Calls of {@code getX/getY/getZ/getM/getOrdinate/getCoordinate*(int...)}. */
        public int getterCalls;

        /** Calls of {@link #toCoordinateArray()}. */
        public int arrayCalls;

        public Array(Coordinate[] coordinates, int dimension, int measures) {
            super(coordinates, dimension, measures);
        }

        /** Forgets the reads so far (building a geometry reads its sequences). */
        public Array reset() {
            getterCalls = 0;
            arrayCalls = 0;
            return this;
        }

        @Override
        public Coordinate[] toCoordinateArray() {
            arrayCalls++;
            return super.toCoordinateArray();
        }

        @Override
        public Coordinate getCoordinate(int i) {
            getterCalls++;
            return super.getCoordinate(i);
        }

        @Override
        public Coordinate getCoordinateCopy(int i) {
            getterCalls++;
            return super.getCoordinateCopy(i);
        }

        @Override
        public void getCoordinate(int index, Coordinate coord) {
            getterCalls++;
            super.getCoordinate(index, coord);
        }

        @Override
        public double getX(int index) {
            getterCalls++;
            return super.getX(index);
        }

        @Override
        public double getY(int index) {
            getterCalls++;
            return super.getY(index);
        }

        @Override
        public double getZ(int index) {
            getterCalls++;
            return super.getZ(index);
        }

        @Override
        public double getM(int index) {
            getterCalls++;
            return super.getM(index);
        }

        @Override
        public double getOrdinate(int index, int ordinateIndex) {
            getterCalls++;
            return super.getOrdinate(index, ordinateIndex);
        }
    }

    /** A {@link PackedCoordinateSequence.Double} counting its per-index reads. */
    public static final class Packed extends PackedCoordinateSequence.Double {
        /** Calls of {@code getX/getY/getZ/getM/getOrdinate/getCoordinate*(int...)}. */
        public int getterCalls;

        /** Calls of {@link #getRawCoordinates()}. */
        public int rawCalls;

        public Packed(double[] coordinates, int dimension, int measures) {
            super(coordinates, dimension, measures);
        }

        public Packed reset() {
            getterCalls = 0;
            rawCalls = 0;
            return this;
        }

        @Override
        public double[] getRawCoordinates() {
            rawCalls++;
            return super.getRawCoordinates();
        }

        @Override
        public Coordinate getCoordinate(int i) {
            getterCalls++;
            return super.getCoordinate(i);
        }

        @Override
        public Coordinate getCoordinateCopy(int i) {
            getterCalls++;
            return super.getCoordinateCopy(i);
        }

        @Override
        public void getCoordinate(int index, Coordinate coord) {
            getterCalls++;
            super.getCoordinate(index, coord);
        }

        @Override
        public double getX(int index) {
            getterCalls++;
            return super.getX(index);
        }

        @Override
        public double getY(int index) {
            getterCalls++;
            return super.getY(index);
        }

        @Override
        public double getZ(int index) {
            getterCalls++;
            return super.getZ(index);
        }

        @Override
        public double getM(int index) {
            getterCalls++;
            return super.getM(index);
        }

        @Override
        public double getOrdinate(int index, int ordinateIndex) {
            getterCalls++;
            return super.getOrdinate(index, ordinateIndex);
        }
    }
}
