#!/usr/bin/env bash
# The README's test command. Needs only JDK 17 and Maven 3.8.7; every dependency comes from Maven Central.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B verify
