#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, and runs every
# test (lit + FileCheck IR tests, GoogleTest unit tests, runtime differential
# and gcc cross-compiler ABI tests, the bench smoke run).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh" || exit 1
log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv -j2 "$root/build/test" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
failed=$(grep -E '^ *(Failed|Unresolved|Timed Out) *:' "$log" | awk -F: '{ n += $2 } END { print n + 0 }')
rm -f "$log"
echo "lit: ${passed:-0} passed, ${failed:-0} failed"
[ "$status" -eq 0 ] && [ "${passed:-0}" -gt 0 ] || exit 1
# A step whose log goes to build/NAME.log: the log's tail on failure, the
# lines matching SUMMARY on success.
step() { # NAME SUMMARY COMMAND...
  local name=$1 summary=$2 log="$root/build/$1.log"
  shift 2
  echo "$name: $* ..."
  if ! "$@" >"$log" 2>&1; then
    tail -40 "$log"
    echo "$name: FAILED (full log: build/$name.log)"
    exit 1
  fi
  grep -E "$summary" "$log" || true
  echo "$name: ok"
}
# The benchmark harness, once per benchmark at a tiny size: it still checks
# every comparator's answers against the scalar reference, so it cannot rot.
# It runs on one core, beside the sanitizer step (its timings are not
# checked).
step bench-smoke '^(correctness|skipped|check-asm|compile-time)' \
  "$root/bench/run.sh" --smoke >"$root/build/bench-smoke.out" 2>&1 &
bench=$!
# Sanitizers (issue 7): the plugin built with ASan + UBSan into build-asan/
# runs the IR-level tests (scripts/sanitize.sh --quick: vecclone/,
# vplan-ext/*.ll, bad-input/, robustness/). The whole suite under the
# sanitizers is `scripts/sanitize.sh` (opt-in: several times slower).
# SKIP_SANITIZE=1 skips this step.
sanitized=0
if [ "${SKIP_SANITIZE:-0}" != 1 ]; then
  ( step sanitize '^ *(Passed|Failed|Unsupported) *:' \
      "$root/scripts/sanitize.sh" --quick ) || sanitized=1
fi
wait $bench
benched=$?
cat "$root/build/bench-smoke.out"
[ $benched -eq 0 ] && [ $sanitized -eq 0 ] || exit 1
step bench-cxx-smoke '^(hll|eos|ours loops)' "$root/bench/cxx/run.sh" --smoke
