#!/usr/bin/env bash
# Mutation testing of the codec with PIT: do the tests notice when the code is changed?
#
#   ci/mutation.sh            # 8 min on an idle 2-core machine (~25 beside benchmarks); report in
#                             # flink-geometry-serializer/target/pit-reports/
#
# Mutates dev.flinkgeometry.format (with format.internal, format.wkb, format.twkb and format.compact; not format.wkt)
# and dev.flinkgeometry.serializer.internal, and runs the unit tests of the codecs and serializers
# (the `mutation` profile of flink-geometry-serializer lists both). Fails if fewer than 97% of the mutants are killed (-Dpitest.threshold=N to change).
# Not part of `mvn -B verify`: it runs the codec's tests once per mutant. The surviving mutants
# that are equivalent to the code (no test can tell them apart) are listed in docs/RELIABILITY.md;
# any other survivor wants a test (the fast paths are told apart by how they read a sequence:
# testing.CountingSequences).
set -euo pipefail

cd "$(dirname "$0")/.."
# flink-2 is the module's default profile; naming another profile would switch it off.
mvn -B -pl flink-geometry-serializer -Pflink-2,mutation \
    test-compile org.pitest:pitest-maven:mutationCoverage "$@"
report=flink-geometry-serializer/target/pit-reports/mutations.csv
echo "mutants: $(wc -l <"$report"), killed: $(grep -c ',KILLED,\|,TIMED_OUT,\|,MEMORY_ERROR,' "$report")"
echo "survivors:"
grep -v ',KILLED,\|,TIMED_OUT,\|,MEMORY_ERROR,' "$report" || true
