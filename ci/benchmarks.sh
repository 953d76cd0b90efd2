#!/usr/bin/env bash
# The benchmark suite (flink-geometry-benchmarks, JMH). Needs JDK 17 and Maven 3.8+.
#
#   ci/benchmarks.sh quick [regex [JMH options]]  every benchmark and contender once, tiny settings, in one
#                                                JVM (~1 min): a smoke test, numbers meaningless; report in
#                                                flink-geometry-benchmarks/target/benchmarks-quick/
#   ci/benchmarks.sh full  [regex [JMH options]]  the real run (over an hour on 2 quiet cores; the report
#                                                states the measured duration): JSON in
#                                                flink-geometry-benchmarks/target/benchmarks-full.json, then
#                                                docs/benchmarks.md, docs/benchmarks/*.png,
#                                                docs/benchmarks/results.json and the README's speed
#                                                table generated from it
#
# e.g. ci/benchmarks.sh full 'SerializeBenchmark' -p workload=point,polygon-16   (a reduced run)
#
# Builds target/benchmarks.jar first if it is missing or older than the sources. Run `full` on a quiet
# machine: other processes on the same cores distort every number.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-}"
regex="${2:-dev.flinkgeometry.benchmarks}"
extra=("${@:3}")
jar=flink-geometry-benchmarks/target/benchmarks.jar
# The JVM's opens for Flink on Java 17: the root pom's one list (property surefire.module.config).
read -r -a opens <<<"$(sed -n 's:.*<surefire.module.config>\(.*\)</surefire.module.config>.*:\1:p' pom.xml)"
[[ ${#opens[@]} -gt 0 ]] || { echo "no surefire.module.config in pom.xml" >&2; exit 1; }

build_if_needed() {
  if [[ ! -f "$jar" ]] || [[ -n "$(find flink-geometry-serializer/src/main flink-geometry-benchmarks/src/main \
        flink-geometry-benchmarks/pom.xml pom.xml -newer "$jar" -type f -print -quit)" ]]; then
    echo "building $jar"
    mvn -B -q package -DskipTests -pl flink-geometry-benchmarks -am
  fi
}

report() { # json markdown charts command duration
  java -Djava.awt.headless=true -cp "$jar" dev.flinkgeometry.benchmarks.report.BenchmarkReport "$@"
}

case "$mode" in
  quick)
    build_if_needed
    out=flink-geometry-benchmarks/target/benchmarks-quick
    mkdir -p "$out"
    start=$(date +%s)
    # In-process (-f 0), one 100 ms iteration, the point workload only (and 1,000 GPS points in state):
    # every benchmark and contender runs, including every @Setup round-trip check; -foe fails the script
    # on any error. A smoke run may ignore the JMH lock that another JMH run on the machine holds.
    java -Djmh.ignoreLock=true "${opens[@]}" -jar "$jar" "$regex" -f 0 -wi 0 -i 1 -r 100ms -p workload=point -p gpsPoints=1000 \
      -foe true -rf json -rff "$out/results.json" "${extra[@]}"
    report "$out/results.json" "$out/benchmarks.md" "$out/benchmarks" \
      "ci/benchmarks.sh quick $regex" "$(( $(date +%s) - start )) s"
    echo "quick run OK in $(( $(date +%s) - start )) s: $out/benchmarks.md"
    ;;
  full)
    build_if_needed
    json=flink-geometry-benchmarks/target/benchmarks-full.json
    start=$(date +%s)
    java -jar "$jar" "$regex" -foe true -rf json -rff "$json" "${extra[@]}"
    seconds=$(( $(date +%s) - start ))
    report "$json" docs/benchmarks.md docs/benchmarks \
      "ci/benchmarks.sh full $regex ${extra[*]}" "$(( seconds / 60 )) min $(( seconds % 60 )) s"
    # The README's speed table, from the same JSON (ReadmeSpeedTest holds the README to it).
    java -cp "$jar" dev.flinkgeometry.benchmarks.report.ReadmeSpeed docs/benchmarks/results.json README.md
    echo "full run done in $(( seconds / 60 )) min: docs/benchmarks.md, docs/benchmarks/*.png, README.md"
    ;;
  *)
    echo "usage: $0 quick|full [benchmark regex]" >&2
    exit 2
    ;;
esac
