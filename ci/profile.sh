#!/usr/bin/env bash
# Profiles JMH benchmarks of flink-geometry-benchmarks with async-profiler (CPU samples; hardware
# counters are not available on the project's machines). Not part of `mvn -B verify`.
#
#   ci/profile.sh REGEX [JMH options]
#     e.g. ci/profile.sh 'DeserializeBenchmark' -p workload=line-16 -p contender=aligned,wkb-legacy
#
# Fetches tools.profiler:async-profiler:4.1 from Maven Central once (its jar carries
# linux-x64/libasyncProfiler.so), builds the benchmark jar if it is missing or older than the sources,
# and runs the benchmarks with one fork each and `-prof async`: a flame graph (HTML) and a collapsed
# stack file per benchmark and parameter set in flink-geometry-benchmarks/target/profile/. Run it on a
# quiet machine, like the benchmarks themselves.
#
#   PROFILER_EVENT=... (default cpu)   PROFILER_OUTPUT=... (default flamegraph,collapsed)
set -euo pipefail
cd "$(dirname "$0")/.."

regex="${1:?usage: ci/profile.sh REGEX [JMH options]}"
extra=("${@:2}")
jar=flink-geometry-benchmarks/target/benchmarks.jar
out=flink-geometry-benchmarks/target/profile
lib=flink-geometry-benchmarks/target/async-profiler/linux-x64/libasyncProfiler.so

if [[ ! -f "$lib" ]]; then
  mkdir -p flink-geometry-benchmarks/target/async-profiler
  mvn -B -q dependency:copy -Dartifact=tools.profiler:async-profiler:4.1 \
      -DoutputDirectory=flink-geometry-benchmarks/target/async-profiler
  (cd flink-geometry-benchmarks/target/async-profiler && unzip -q -o async-profiler-4.1.jar 'linux-x64/*')
fi
# Without these the kernel hides the samples async-profiler needs (root only; harmless if refused).
sysctl -q -w kernel.perf_event_paranoid=1 kernel.kptr_restrict=0 2>/dev/null || true

if [[ ! -f "$jar" ]] || [[ -n "$(find flink-geometry-serializer/src/main flink-geometry-benchmarks/src/main \
      flink-geometry-benchmarks/pom.xml pom.xml -newer "$jar" -type f -print -quit)" ]]; then
  echo "building $jar"
  mvn -B -q package -DskipTests -pl flink-geometry-benchmarks -am
fi

mkdir -p "$out"
java -jar "$jar" "$regex" -f 1 \
  -prof "async:libPath=$(realpath "$lib");event=${PROFILER_EVENT:-cpu};output=${PROFILER_OUTPUT:-flamegraph,collapsed};dir=$out" \
  "${extra[@]}"
echo "profiles in $out"
