#!/usr/bin/env bash
# The plugin built with AddressSanitizer + UndefinedBehaviorSanitizer
# (-DVECCLONE_SANITIZE=ON) into build-asan/, and the lit suite run with it.
#
# opt-22 and clang-22 are not sanitized, so the ASan runtime the plugin needs
# (gcc's libasan: the plugin is built by g++) must be loaded first: every
# process of the run gets it through LD_PRELOAD (lit passes LD_PRELOAD and
# ASAN_OPTIONS through). Leak checking is off: LLVM frees little at exit by
# design, and the leaks would be LLVM's, not ours. UBSan stops at the first
# error (-fno-sanitize-recover), so a report fails the test that caused it.
#
# usage: scripts/sanitize.sh [--quick] [LIT-PATHS...]
#   --quick   the IR-level tests only (vecclone/, vplan-ext/*.ll, bad-input/,
#             robustness/): what CI runs (scripts/test.sh)
#   default   the whole suite (documented opt-in; several times slower)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-asan
quick=0
paths=()
for a in "$@"; do
  case $a in
    --quick) quick=1 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) paths+=("$a") ;;
  esac
done
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVECCLONE_SANITIZE=ON >/dev/null || exit 1
# --quick runs IR-level tests only: the plugin is all it needs (not the
# unit tests, kernel runners and OpenCL platform, a sixth of the build).
targets=()
[ $quick = 1 ] && targets=(VecClonePlugin)
ninja -C "$build" -j2 "${targets[@]}" >"$build/build.log" 2>&1 || { tail -30 "$build/build.log"; exit 1; }
asan=$(g++ -print-file-name=libasan.so)
ubsan=$(g++ -print-file-name=libubsan.so)
[ -f "$asan" ] || { echo "sanitize: no libasan.so from g++ (install libasan8 / gcc)"; exit 1; }
export LD_PRELOAD="$asan $ubsan"
export ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if [ ${#paths[@]} -eq 0 ]; then
  if [ $quick = 1 ]; then
    paths=("$build/test/vecclone" "$build/test/bad-input" "$build/test/robustness")
    for f in "$root"/test/vplan-ext/*.ll; do paths+=("$build/test/vplan-ext/$(basename "$f")"); done
  else
    paths=("$build/test")
  fi
fi
# A sanity check that the runtime is really in the loaded plugin's process.
if ! /usr/lib/llvm-22/bin/opt -load-pass-plugin="$build/lib/VecClone.so" -passes=vecclone \
     -disable-output /dev/null 2>"$build/probe.log"; then
  cat "$build/probe.log"; echo "sanitize: opt cannot load the sanitized plugin"; exit 1
fi
log=$build/lit.log
/usr/lib/llvm-22/bin/lit -sv -j2 "${paths[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if grep -qE 'ERROR: AddressSanitizer|runtime error:' "$log"; then
  echo "sanitize: sanitizer reports found (see $log)"
  status=1
fi
echo "sanitize: lit exit status $status"
exit "$status"
