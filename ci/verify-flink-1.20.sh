#!/usr/bin/env bash
# The library compiled against Flink 1.20 LTS (-Pflink-1.20, any 1.20.x with -Dflink.version):
# serializers, snapshots, golden files, Kryo and the MiniCluster state tests. Users do not need this
# build (the default build's jar runs on 1.20: flink-geometry-flink1-tests, part of `mvn -B verify`,
# proves it); it keeps the sources compiling on 1.20. `clean`: classes compiled against 2.x must not
# be reused or packaged.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B clean verify -Pflink-1.20 -pl flink-geometry-serializer
