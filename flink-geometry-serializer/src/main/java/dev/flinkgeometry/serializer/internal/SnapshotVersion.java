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
package dev.flinkgeometry.serializer.internal;

import java.io.IOException;
import org.apache.flink.annotation.Internal;

/**
 * The check each of this library's serializer snapshots makes of the version a savepoint holds: the
 * one it writes, or the savepoint is from a newer release. Not part of the API.
 */
@Internal
public final class SnapshotVersion {
    private SnapshotVersion() {}

    /**
     * The error for a snapshot version this release does not read ({@code newest} is the newest it
     * writes), for the {@code default} of a snapshot's {@code switch (readVersion)}.
     */
    public static IOException unknown(String snapshot, int readVersion, int newest) {
        return new IOException(
                "unknown "
                        + snapshot
                        + " version "
                        + readVersion
                        + " (this release reads versions 1.."
                        + newest
                        + "); was the savepoint written by a newer flink-geometry?");
    }

    /** Throws unless {@code readVersion} is {@code version}, the one {@code snapshot} reads. */
    public static void require(String snapshot, int readVersion, int version) throws IOException {
        if (readVersion != version) {
            throw new IOException(
                    "unknown "
                            + snapshot
                            + " version "
                            + readVersion
                            + " (this release reads version "
                            + version
                            + "); was the savepoint written by a newer flink-geometry?");
        }
    }
}
