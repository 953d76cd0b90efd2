#!/usr/bin/env bash
# The library on Flink 1.20 LTS: serializers, snapshots, golden files and the MiniCluster state tests
# (the flink-1.20 profile leaves out what needs Flink 2.x). `clean`: classes compiled against 2.x must not
# be reused or packaged.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B clean verify -Dflink.version=1.20.3 -pl flink-geometry-serializer
