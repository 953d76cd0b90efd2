#!/bin/sh
# The SQL jar (flink-sql-geometry) where SQL and Python users load it, end to end. Not part of
# `mvn -B verify`: it installs PyFlink from PyPI. Downloads nothing but Maven Central and PyPI.
#
#   1. builds the shaded jar and runs its checks and Flink's real SQL client on it
#      (ShadedJarContentsTest, SqlClientShadedJarITCase: ADD JAR + LOAD MODULE geometry in a JVM
#      whose class path has no geometry class but the jar's);
#   2. makes a virtual environment (default target/pyflink-venv, or $PYFLINK_VENV) with
#      apache-flink==2.3.0 from PyPI;
#   3. runs ci/pyflink/geometry_check.py on the jar (pipeline.jars in batch mode, add_jars in
#      streaming mode): each result compared with an answer computed in plain Python.
# Exits non-zero if a step fails. Needs JDK 17, Maven and Python 3.9 to 3.12 with venv.
set -eu
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

mvn -B -pl flink-sql-geometry -am verify \
  -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test='ShadedJarContentsTest,SqlClientShadedJarITCase' -Dfailsafe.failIfNoSpecifiedTests=false
JAR="$(ls "$ROOT"/flink-sql-geometry/target/flink-sql-geometry-*.jar | grep -v -e '-sources' -e '-javadoc' -e '-tests')"
test -f "$JAR"

VENV="${PYFLINK_VENV:-$ROOT/flink-sql-geometry/target/pyflink-venv}"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install -q apache-flink==2.3.0
"$VENV/bin/python" -c 'import pyflink.version as v; print("PyFlink", v.__version__)'

"$VENV/bin/python" "$ROOT/ci/pyflink/geometry_check.py" "$JAR"
