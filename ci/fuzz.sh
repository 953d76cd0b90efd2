#!/usr/bin/env bash
# Coverage-guided fuzzing of the decoders with Jazzer (libFuzzer), one fuzz test at a time.
#
#   ci/fuzz.sh <duration> [target...]      e.g.  ci/fuzz.sh 30m aligned wkb
#
# duration: Jazzer's syntax (30s, 15m, 1h), per target. Targets (default: all ten):
#   aligned          AlignedFormatFuzzTest#anyBytes        arbitrary bytes -> aligned decoder
#   aligned-written  AlignedFormatFuzzTest#writtenRecords  geometries we encode, then mutated
#   wkb              WkbFormatFuzzTest#anyBytes            arbitrary bytes -> legacy WKB reader
#   wkb-written      WkbFormatFuzzTest#writtenRecords      geometries we write as WKB, then mutated
#   compact          CompactFormatFuzzTest#anyBytes        arbitrary bytes -> compact (TWKB) decoder
#   compact-written  CompactFormatFuzzTest#writtenRecords  geometries we encode compactly, then mutated
#   geojson          GeoJsonReaderFuzzTest#anyText         arbitrary text -> GeoJSON reader (SQL input)
#   wkt              WktReaderFuzzTest#anyText             arbitrary text -> WKT/EWKT reader (SQL input)
#   ewkb             WkbReaderFuzzTest#anyBytes            arbitrary bytes -> WKB/EWKB reader (SQL input)
#   twkb             TwkbReaderFuzzTest#anyBytes           arbitrary bytes -> TWKB reader (SQL input)
#
# MAVEN_ARGS (e.g. -o) is passed to Maven. Starts from the committed seed corpus; new interesting inputs go to
# flink-geometry-serializer/.cifuzz-corpus/ (not committed), a crashing input to the test's
# Inputs directory under src/test/resources/ (commit it: it becomes a regression test), the log
# to flink-geometry-serializer/target/fuzz-<target>.log. Exits non-zero on the first finding.
set -euo pipefail

if [[ $# -lt 1 ]]; then
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
duration=$1
shift
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=(aligned aligned-written wkb wkb-written compact compact-written geojson wkt ewkb twkb)
fi

cd "$(dirname "$0")/.."
module=flink-geometry-serializer
mkdir -p "$module/target"

for target in "${targets[@]}"; do
    case $target in
        aligned) test='AlignedFormatFuzzTest#anyBytes' ;;
        aligned-written) test='AlignedFormatFuzzTest#writtenRecords' ;;
        wkb) test='WkbFormatFuzzTest#anyBytes' ;;
        wkb-written) test='WkbFormatFuzzTest#writtenRecords' ;;
        compact) test='CompactFormatFuzzTest#anyBytes' ;;
        compact-written) test='CompactFormatFuzzTest#writtenRecords' ;;
        geojson) test='GeoJsonReaderFuzzTest#anyText' ;;
        wkt) test='WktReaderFuzzTest#anyText' ;;
        ewkb) test='WkbReaderFuzzTest#anyBytes' ;;
        twkb) test='TwkbReaderFuzzTest#anyBytes' ;;
        *) echo "unknown target: $target" >&2; exit 2 ;;
    esac
    log="$module/target/fuzz-$target.log"
    echo "fuzzing $target ($test) for $duration; log: $log"
    # -print_final_stats: libFuzzer's totals (runs, exec/s) at the end of the log. The JVM's
    # -Xmx2g bounds the heap (an OutOfMemoryError is a finding); libFuzzer's default 2 GB RSS
    # limit would count the JVM's own overhead as a leak. An input that takes 10 s is a hang: the
    # fuzz tests' @Timeout(10 s), which Jazzer also hands to libFuzzer as -timeout; JUnit's own
    # timeout is switched off here, as it would time the whole fuzzing run, not one input.
    JAZZER_FUZZ=1 mvn -B ${MAVEN_ARGS:-} -pl "$module" test \
        -Dtest="$test" -Dsurefire.failIfNoSpecifiedTests=false \
        -Djunit.jupiter.execution.timeout.mode=disabled \
        -Djazzer.hooks=true -Djazzer.max_duration="$duration" \
        -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-print_final_stats=1 \
        -Djazzer.internal.arg.2=-rss_limit_mb=4096 -Djazzer.internal.arg.3=-timeout=10 \
        >"$log" 2>&1 || { echo "FINDING or failure in $target: see $log" >&2; exit 1; }
    grep -E '^#[0-9]+[[:space:]]' "$log" | tail -1 || true # the last coverage line: cov (edges), ft (features)
    grep -E '^(Done|stat::)' "$log" || true
done
