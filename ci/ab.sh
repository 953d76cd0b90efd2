#!/usr/bin/env bash
# Decides a change by alternating A/B runs of the same benchmarks: one fork of jar A, one of jar B,
# in turn, ROUNDS times (default 5), then the median and range of each side per benchmark and
# parameter set. The machine must be otherwise idle (no build, no other JMH run).
#
#   ci/ab.sh A.jar B.jar REGEX [JMH options]
#     e.g. cp flink-geometry-benchmarks/target/benchmarks.jar /tmp/A.jar   # before the change
#          ... change, mvn -B -q package -DskipTests -pl flink-geometry-benchmarks -am ...
#          ci/ab.sh /tmp/A.jar flink-geometry-benchmarks/target/benchmarks.jar \
#              'micro.DeserializeBenchmark' -p workload=linestring-16 -p contender=ours
#
# Iterations per fork: AB_WI (4) x AB_W (1s) warm-up, AB_I (5) x AB_R (1s) measured; rounds: ROUNDS (5).
# JVM options for one side only: AB_A_JVM / AB_B_JVM (passed as -jvmArgsAppend; do not also pass
# -jvmArgsAppend among the JMH options), e.g. to test a cause on the same jar:
#   AB_B_JVM='-XX:CompileCommand=dontinline,some/Class.method' ci/ab.sh X.jar X.jar REGEX
# Results (JSON per run) in flink-geometry-benchmarks/target/ab/.
set -euo pipefail
cd "$(dirname "$0")/.."
a="${1:?usage: ci/ab.sh A.jar B.jar REGEX [JMH options]}"
b="${2:?usage: ci/ab.sh A.jar B.jar REGEX [JMH options]}"
regex="${3:?usage: ci/ab.sh A.jar B.jar REGEX [JMH options]}"
extra=("${@:4}")
out=flink-geometry-benchmarks/target/ab
rm -rf "$out" && mkdir -p "$out"
for round in $(seq 1 "${ROUNDS:-5}"); do
  for side in A B; do
    jar=$a; jvm=${AB_A_JVM:-}
    [[ $side == B ]] && jar=$b && jvm=${AB_B_JVM:-}
    side_jvm=(); [[ -n $jvm ]] && side_jvm=(-jvmArgsAppend "$jvm")
    java -jar "$jar" "$regex" -f 1 -wi "${AB_WI:-4}" -w "${AB_W:-1s}" -i "${AB_I:-5}" -r "${AB_R:-1s}" \
      "${side_jvm[@]}" "${extra[@]}" \
      -rf json -rff "$out/$side-$round.json" >"$out/$side-$round.log" 2>&1
  done
done
python3 - "$out" <<'PY'
import collections, glob, json, statistics, sys
runs = collections.defaultdict(list)
for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    side = path.rsplit("/", 1)[1].split("-")[0]
    for r in json.load(open(path)):
        params = ",".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
        runs[(r["benchmark"].rsplit(".", 2)[-2], params, side)].append(r["primaryMetric"]["score"])
for (bench, params, side), scores in sorted(runs.items()):
    print(f"{bench} {params} {side}: median {statistics.median(scores):.1f}"
          f" (forks {min(scores):.1f}..{max(scores):.1f}, n={len(scores)})")
PY
