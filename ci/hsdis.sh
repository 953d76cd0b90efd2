#!/usr/bin/env bash
# Makes JMH's `-prof perfasm` print assembly on Debian 12 with JDK 17. Not part of `mvn -B verify`.
#
# Debian's libhsdis0-fcml exports only the old hsdis entry point (decode_instructions); JDK 17 loads
# a library named hsdis-amd64.so that exports decode_instructions_virtual. This builds a small shim
# with that name which forwards to the Debian library (JIT code is disassembled in place, so the
# buffer is the code's own address), and installs it in the JDK's lib/server directory.
#
#   apt-get install -y libhsdis0-fcml gcc linux-perf && ci/hsdis.sh
set -euo pipefail
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
work=$(mktemp -d)
cat >"$work/shim.c" <<'C'
#include <dlfcn.h>
#include <stdint.h>
typedef void *(*old_decode)(void *, void *, void *(*)(void *, const char *, void *), void *,
                            int (*)(void *, const char *, ...), void *, const char *);
void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer,
                                  uintptr_t length, void *(*event)(void *, const char *, void *),
                                  void *event_stream, int (*out)(void *, const char *, ...),
                                  void *out_stream, const char *options, int newline) {
  static old_decode decode;
  if (!decode) {
    void *library = dlopen("libhsdis.so.0", RTLD_NOW);
    if (!library || !(decode = (old_decode)dlsym(library, "decode_instructions"))) return 0;
  }
  return decode(buffer, buffer + length, event, event_stream, out, out_stream, options);
}
C
gcc -shared -fPIC -O2 -o "$work/hsdis-amd64.so" "$work/shim.c" -ldl
install -m 0644 "$work/hsdis-amd64.so" "$java_home/lib/server/hsdis-amd64.so"
echo "installed $java_home/lib/server/hsdis-amd64.so"
