#!/usr/bin/env bash
# The library's sources (main and test) compiled against Flink 1.20 LTS (-Pflink-1.20; any 1.20.x with
# -Dflink.version). The tests themselves run on Flink 1.20 in `mvn -B verify` already, against the jar users
# get (flink-geometry-flink1-tests); running them again on a 1.20-compiled jar would prove nothing more.
# `clean`: classes compiled against 2.x must not be reused.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B clean test-compile -Pflink-1.20 -pl flink-geometry-serializer,flink-geometry-sql
