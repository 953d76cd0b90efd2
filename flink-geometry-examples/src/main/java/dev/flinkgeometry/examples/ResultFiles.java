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
package dev.flinkgeometry.examples;

import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.locationtech.jts.geom.Point;

/**
 * Writes each country's result as one line {@code id visits stateBytes hullWkt} to {@code
 * part-<subtask>.txt} in a directory: how a job submitted to a real cluster hands back its result.
 *
 * <p>The first line records what type information this TaskManager itself derives for {@code Point}
 * (without the client's registration), for the real-cluster test to report.
 */
public final class ResultFiles extends LineFilesSink<CountryVisits> {
    private static final long serialVersionUID = 1L;

    /** The first line's prefix. */
    public static final String TYPE_LINE = "# TypeInformation.of(Point.class) on the TaskManager: ";

    /** Results go to {@code directory} (on the TaskManager), created if missing. */
    public ResultFiles(String directory) {
        super(directory);
    }

    @Override
    List<String> firstLines() {
        return List.of(TYPE_LINE + TypeInformation.of(Point.class));
    }

    @Override
    String line(CountryVisits result) {
        return result.countryId
                + " "
                + result.visits
                + " "
                + result.stateBytes
                + " "
                + result.hull.toText();
    }
}
