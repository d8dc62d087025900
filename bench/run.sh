#!/usr/bin/env bash
# Builds the vecclone benchmark and runs it.
#
#   bench/run.sh            full run (~3 CPU-minutes, < 10 min wall on a
#                           shared 2-core machine): every workload in
#                           every configuration at x86-64-v2/v3/v4 (v4 only on
#                           AVX-512 CPUs), the compile-time measurement; writes
#                           bench/results/latest.json (times, ratios, geomeans,
#                           compile time, the raw Google Benchmark JSON),
#                           latest.md (tables) and latest.png (chart)
#   bench/run.sh --smoke    correctness checks + one iteration per benchmark at
#                           a tiny size, a tiny compile-time run, the report
#                           and chart; writes into the build dir only
#   extra arguments are passed to the benchmark binary
#                           (e.g. --benchmark_filter=ifelse); such a run is
#                           not a full one: it writes its report into the
#                           build dir (partial.{json,md,png}), never over
#                           bench/results or the README, and runs neither
#                           the OpenCL kernels nor the full compile-time
#                           measurement
#
# Environment: VECCLONE_PLUGIN (default build/lib/VecClone.so),
# BENCH_BUILD (default build/bench), CC_CLANG (clang-22), CC_GCC (gcc),
# CXX (g++), PYTHON (a python3 with matplotlib; default python3, else
# /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
src=$here/src
out=${BENCH_BUILD:-$root/build/bench}
plugin=${VECCLONE_PLUGIN:-$root/build/lib/VecClone.so}
CLANG=${CC_CLANG:-clang-22}
GCC=${CC_GCC:-gcc}
CXX=${CXX:-g++}

smoke=0
partial=0
pass=()
for arg in "$@"; do
  case $arg in
    --smoke) smoke=1 ;;
    *) pass+=("$arg") ;;
  esac
done

mkdir -p "$out"
cd "$out"

# Same floating-point rules for every compiler: no contraction into FMA (the
# scalar reference has none) and no errno from sqrtf, so every body is exact
# and the vector loops may use vsqrtps.
FP=(-ffp-contract=off -fno-math-errno)
I=(-I"$src")
run() { echo "+ $*" >>build.log; "$@" 2>>build.log || { cat build.log >&2; exit 1; }; }
: >build.log
# The objects are independent: cc queues a compile, cc_wait runs the queue
# BENCH_JOBS (default 2, the machine's cores) at a time and stops the script
# at the first failure.
ccq=compile-commands.txt
: >"$ccq"
cc() { printf '%q ' "$@" >>"$ccq"; echo >>"$ccq"; }
cc_wait() {
  sed 's/^/+ /' "$ccq" >>build.log
  if ! xargs -d '\n' -P "${BENCH_JOBS:-2}" -n 1 \
       bash -c 'eval "$1" 2>>build.log' _ <"$ccq"; then
    cat build.log >&2
    exit 1
  fi
  : >"$ccq"
}

have_ours=1
if [ ! -f "$plugin" ]; then
  have_ours=0
  echo "bench: $plugin not found: building without our variants" >&2
fi

objs=()
# Scalar reference: gcc -O0, no OpenMP (the pragmas are ignored).
cc "$GCC" -O0 "${FP[@]}" "${I[@]}" -DKPREFIX=ref_ -c "$src/callee.c" -o ref_callee.o
cc "$GCC" -O0 "${FP[@]}" "${I[@]}" -DKPREFIX=ref_ -DLPREFIX=L_ref_ -c "$src/caller.c" -o ref_loop.o
cc "$GCC" -O0 "${FP[@]}" "${I[@]}" -DKPREFIX=ref_ -DLPREFIX=L_ref_ -c "$src/caller_fm.c" -o ref_fmloop.o
cc "$GCC" -O0 "${FP[@]}" "${I[@]}" -DKPREFIX=ref_ -DLPREFIX=L_ref_ -c "$src/caller_errno.c" -o ref_eloop.o
objs+=(ref_callee.o ref_loop.o ref_fmloop.o ref_eloop.o)
# The fast-math build of bscholes (kernel bsfast, caller_fm.c): with -fopenmp
# -ffast-math glibc's <math.h> declares expf/logf simd (libmvec); objects
# use the *fm_ kernel prefixes. Checked with a tolerance (see caller_fm.c).
FM=(-fopenmp -ffast-math)
# The default-flags build of aos3 (kernel aos3e, caller_errno.c): errno on
# (-fmath-errno is gcc's default and clang's on Linux, spelled out here),
# contraction still off, so the answers stay exact; objects use the *e_
# kernel prefixes. gcc's clone keeps sqrtf's errno path (lane by lane).
FE=(-ffp-contract=off -fmath-errno)

# The callees built once, for every ISA class at once:
#   gcc_callee.o   gcc's clones (b c d e, whatever -march says)
#   ours_callee.o  clang-22 + vecclone: our variants (b c d e)
cc "$GCC" -O3 -fopenmp-simd "${FP[@]}" "${I[@]}" -DKPREFIX=gcc_ -c "$src/callee.c" -o gcc_callee.o
cc "$GCC" -O3 "${FM[@]}" "${I[@]}" -DKPREFIX=gccfm_ -c "$src/callee.c" -o gccfm_callee.o
cc "$GCC" -O3 -fopenmp-simd "${FE[@]}" "${I[@]}" -DKPREFIX=gcce_ -c "$src/callee.c" -o gcce_callee.o
objs+=(gcc_callee.o gccfm_callee.o gcce_callee.o)
if [ "$have_ours" = 1 ]; then
  P=(-fpass-plugin="$plugin")
  cc "$CLANG" -O3 -fopenmp-simd "${P[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=ours_ -c "$src/callee.c" -o ours_callee.o
  cc "$CLANG" -O3 "${FM[@]}" "${P[@]}" "${I[@]}" -DKPREFIX=oursfm_ -c "$src/callee.c" -o oursfm_callee.o
  cc "$CLANG" -O3 -fopenmp-simd "${P[@]}" "${FE[@]}" "${I[@]}" -DKPREFIX=ourse_ -c "$src/callee.c" -o ourse_callee.o
  objs+=(ours_callee.o oursfm_callee.o ourse_callee.o)
  # The same callees built -fno-inline (every function noinline): variants
  # are copies of the body whatever the inliner says (config oursni_v3).
  NI=(-fno-inline)
  cc "$CLANG" -O3 -fopenmp-simd "${NI[@]}" "${P[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=oursni_ -c "$src/callee.c" -o oursni_callee.o
  cc "$CLANG" -O3 "${FM[@]}" "${NI[@]}" "${P[@]}" "${I[@]}" -DKPREFIX=oursnifm_ -c "$src/callee.c" -o oursnifm_callee.o
  cc "$CLANG" -O3 -fopenmp-simd "${NI[@]}" "${P[@]}" "${FE[@]}" "${I[@]}" -DKPREFIX=oursnie_ -c "$src/callee.c" -o oursnie_callee.o
  objs+=(oursni_callee.o oursnifm_callee.o oursnie_callee.o)
fi

# Every configuration at -march=x86-64-v2 (gcc callers call the SSE `b`
# clones), v3 (AVX2, `d`) and v4 (AVX-512, `e`):
#   gcc_vN        gcc caller -> gcc's clone
#   ours_vN       the same gcc caller -> our variant (interoperability)
#   plain_vN      clang-22, no plugin: the loop calls the scalar function,
#                 itself built by clang-22 at the same -march
#   inl_vN        clang-22 with the body `static inline` in the loop's file
#                 (the ideal: nothing to call)
#   oursclang_vN  clang-22 + vecclone caller -> our variant
# gcc 12 vectorizes the epilogue of a loop with a narrower clone and passes 0
# instead of the loop index as its linear argument (a gcc bug: `xor
# %esi,%esi` before `call _ZGVbN4ulv_gcc_saxpy`; wrong answers with gcc's own
# clones too), so vectorized epilogues are off for every gcc caller.
for v in 2 3 4; do
  M=(-march=x86-64-v$v)
  # x86-64-v4's tuning prefers 256-bit vectors: without this every v4 loop
  # would run 8 lanes (and gcc's loops call no `e` clone at all).
  [ $v = 4 ] && M+=(-mprefer-vector-width=512)
  GM=("${M[@]}" --param vect-epilogues-nomask=0)
  cc "$GCC" -O3 -fopenmp-simd "${GM[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=gcc_ -DLPREFIX=L_gcc_v${v}_ -c "$src/caller.c" -o gcc_v${v}_loop.o
  cc "$CLANG" -O3 -fopenmp-simd "${M[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=plain${v}_ -c "$src/callee.c" -o plain_v${v}_callee.o
  cc "$CLANG" -O3 -fopenmp-simd "${M[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=plain${v}_ -DLPREFIX=L_plain_v${v}_ -c "$src/caller.c" -o plain_v${v}_loop.o
  cc "$CLANG" -O3 -fopenmp-simd "${M[@]}" "${FP[@]}" "${I[@]}" -DCALLER_INLINE -DKPREFIX=inl${v}_ -DLPREFIX=L_inl_v${v}_ -c "$src/caller.c" -o inl_v${v}_loop.o
  objs+=(gcc_v${v}_loop.o plain_v${v}_callee.o plain_v${v}_loop.o inl_v${v}_loop.o)
  cc "$GCC" -O3 "${FM[@]}" "${GM[@]}" "${I[@]}" -DKPREFIX=gccfm_ -DLPREFIX=L_gcc_v${v}_ -c "$src/caller_fm.c" -o gcc_v${v}_fmloop.o
  cc "$CLANG" -O3 "${FM[@]}" "${M[@]}" "${I[@]}" -DKPREFIX=plainfm${v}_ -c "$src/callee.c" -o plain_v${v}_fmcallee.o
  cc "$CLANG" -O3 "${FM[@]}" "${M[@]}" "${I[@]}" -DKPREFIX=plainfm${v}_ -DLPREFIX=L_plain_v${v}_ -c "$src/caller_fm.c" -o plain_v${v}_fmloop.o
  cc "$CLANG" -O3 "${FM[@]}" "${M[@]}" "${I[@]}" -DCALLER_INLINE -DKPREFIX=inlfm${v}_ -DLPREFIX=L_inl_v${v}_ -c "$src/caller_fm.c" -o inl_v${v}_fmloop.o
  objs+=(gcc_v${v}_fmloop.o plain_v${v}_fmcallee.o plain_v${v}_fmloop.o inl_v${v}_fmloop.o)
  cc "$GCC" -O3 -fopenmp-simd "${GM[@]}" "${FE[@]}" "${I[@]}" -DKPREFIX=gcce_ -DLPREFIX=L_gcc_v${v}_ -c "$src/caller_errno.c" -o gcc_v${v}_eloop.o
  cc "$CLANG" -O3 -fopenmp-simd "${M[@]}" "${FE[@]}" "${I[@]}" -DKPREFIX=plaine${v}_ -c "$src/callee.c" -o plain_v${v}_ecallee.o
  cc "$CLANG" -O3 -fopenmp-simd "${M[@]}" "${FE[@]}" "${I[@]}" -DKPREFIX=plaine${v}_ -DLPREFIX=L_plain_v${v}_ -c "$src/caller_errno.c" -o plain_v${v}_eloop.o
  cc "$CLANG" -O3 -fopenmp-simd "${M[@]}" "${FE[@]}" "${I[@]}" -DCALLER_INLINE -DKPREFIX=inle${v}_ -DLPREFIX=L_inl_v${v}_ -c "$src/caller_errno.c" -o inl_v${v}_eloop.o
  objs+=(gcc_v${v}_eloop.o plain_v${v}_ecallee.o plain_v${v}_eloop.o inl_v${v}_eloop.o)
  if [ "$have_ours" = 1 ]; then
    cc "$GCC" -O3 -fopenmp-simd "${GM[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=ours_ -DLPREFIX=L_ours_v${v}_ -c "$src/caller.c" -o ours_v${v}_loop.o
    cc "$CLANG" -O3 -fopenmp-simd "${M[@]}" "${P[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=ours_ -DLPREFIX=L_oursclang_v${v}_ -c "$src/caller.c" -o oursclang_v${v}_loop.o
    cc "$GCC" -O3 "${FM[@]}" "${GM[@]}" "${I[@]}" -DKPREFIX=oursfm_ -DLPREFIX=L_ours_v${v}_ -c "$src/caller_fm.c" -o ours_v${v}_fmloop.o
    cc "$CLANG" -O3 "${FM[@]}" "${M[@]}" "${P[@]}" "${I[@]}" -DKPREFIX=oursfm_ -DLPREFIX=L_oursclang_v${v}_ -c "$src/caller_fm.c" -o oursclang_v${v}_fmloop.o
    cc "$GCC" -O3 -fopenmp-simd "${GM[@]}" "${FE[@]}" "${I[@]}" -DKPREFIX=ourse_ -DLPREFIX=L_ours_v${v}_ -c "$src/caller_errno.c" -o ours_v${v}_eloop.o
    cc "$CLANG" -O3 -fopenmp-simd "${M[@]}" "${P[@]}" "${FE[@]}" "${I[@]}" -DKPREFIX=ourse_ -DLPREFIX=L_oursclang_v${v}_ -c "$src/caller_errno.c" -o oursclang_v${v}_eloop.o
    objs+=(ours_v${v}_loop.o oursclang_v${v}_loop.o ours_v${v}_fmloop.o oursclang_v${v}_fmloop.o)
    objs+=(ours_v${v}_eloop.o oursclang_v${v}_eloop.o)
    if [ $v = 3 ]; then
      cc "$GCC" -O3 -fopenmp-simd "${GM[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=oursni_ -DLPREFIX=L_oursni_v3_ -c "$src/caller.c" -o oursni_v3_loop.o
      cc "$GCC" -O3 "${FM[@]}" "${GM[@]}" "${I[@]}" -DKPREFIX=oursnifm_ -DLPREFIX=L_oursni_v3_ -c "$src/caller_fm.c" -o oursni_v3_fmloop.o
      cc "$GCC" -O3 -fopenmp-simd "${GM[@]}" "${FE[@]}" "${I[@]}" -DKPREFIX=oursnie_ -DLPREFIX=L_oursni_v3_ -c "$src/caller_errno.c" -o oursni_v3_eloop.o
      objs+=(oursni_v3_loop.o oursni_v3_fmloop.o oursni_v3_eloop.o)
    fi
  fi
done
# Extra: the body inlined into the user's omp simd loop, with the plugin (v3):
# a divergent inner loop (mandel) is strip-mined and cut by vplan-ext.
if [ "$have_ours" = 1 ]; then
  cc "$CLANG" -O3 -fopenmp-simd -march=x86-64-v3 "${P[@]}" "${FP[@]}" "${I[@]}" -DCALLER_INLINE -DKPREFIX=oursinl_ -DLPREFIX=L_oursinl_v3_ -c "$src/caller.c" -o oursinl_v3_loop.o
  cc "$CLANG" -O3 "${FM[@]}" -march=x86-64-v3 "${P[@]}" "${I[@]}" -DCALLER_INLINE -DKPREFIX=oursinlfm_ -DLPREFIX=L_oursinl_v3_ -c "$src/caller_fm.c" -o oursinl_v3_fmloop.o
  cc "$CLANG" -O3 -fopenmp-simd -march=x86-64-v3 "${P[@]}" "${FE[@]}" "${I[@]}" -DCALLER_INLINE -DKPREFIX=oursinle_ -DLPREFIX=L_oursinl_v3_ -c "$src/caller_errno.c" -o oursinl_v3_eloop.o
  objs+=(oursinl_v3_loop.o oursinl_v3_fmloop.o oursinl_v3_eloop.o)
fi

cc "$CXX" -O2 -std=c++17 -DVC_HAVE_OURS=$have_ours -c "$src/main.cpp" -o main.o
cc_wait
run "$CXX" main.o "${objs[@]}" -lbenchmark -lpthread -lm -o vecclone-bench

# Which vector variant each loop calls (first _ZGV call in its disassembly).
{
  for o in *_v[234]_loop.o *_v[234]_fmloop.o *_v[234]_eloop.o; do
    [ -f "$o" ] || continue
    cfg=${o%_loop.o}
    cfg=${cfg%_fmloop.o}
    cfg=${cfg%_eloop.o}
    objdump -dr "$o" | awk -v cfg="$cfg" '
      /^[0-9a-f]+ <L_/ { fn = $2; gsub(/[<>:]/, "", fn); sub("^L_" cfg "_", "", fn) }
      /R_X86_64_PLT32/ && fn != "" {
        sym = $3; sub(/-0x4$/, "", sym)
        if (!(fn SUBSEP sym in seen)) { seen[fn, sym] = 1; calls[fn] = calls[fn] " " sym }
      }
      END { for (f in calls) print cfg, f, calls[f] }'
  done
} >calls.txt

# Python with matplotlib for the chart (python3-matplotlib is a Debian
# package: a python3 from elsewhere first in PATH may lack it).
PY=${PYTHON:-python3}
if ! "$PY" -c 'import matplotlib' 2>/dev/null && [ -x /usr/bin/python3 ]; then
  PY=/usr/bin/python3
fi

# Repetitions run in random order, so a slow phase of the (shared) machine
# does not land on one comparator only. 330 benchmarks (15 kernels x 11
# configurations x 2 sizes without AVX-512); each repetition estimates its
# iteration count afresh, so the suite costs about 2 x reps x min_time per
# benchmark of CPU time.
full=(--benchmark_repetitions=5 --benchmark_min_time=0.05
      --benchmark_enable_random_interleaving=true
      --benchmark_display_aggregates_only=true)
if [ "$smoke" = 1 ]; then
  gjson=$out/smoke-gbench.json json=$out/smoke.json md=$out/smoke.md png=$out/smoke.png
  bargs=(--smoke)
  ctargs=(--functions 8 --reps 1)
  readme=()
elif [ ${#pass[@]} -gt 0 ]; then
  # Some benchmarks only: the checked-in results stay the last full run's;
  # the compile time is a token one and the OpenCL kernels do not run.
  gjson=$out/partial-gbench.json json=$out/partial.json md=$out/partial.md png=$out/partial.png
  bargs=("${full[@]}")
  ctargs=(--functions 8 --reps 1)
  readme=()
  partial=1
else
  mkdir -p "$here/results"
  gjson=$out/gbench.json
  json=$here/results/latest.json md=$here/results/latest.md png=$here/results/latest.png
  bargs=("${full[@]}")
  ctargs=(--functions 100 --reps 3)
  # The README's bench section (between its bench:begin/end markers).
  readme=(--readme "$root/README.md")
fi
status=0
if [ "$have_ours" = 1 ]; then
  # Assembly check of our variants, and the remarks of those not widened.
  "$here/check-asm.sh" ours_callee.o >check-asm.txt 2>&1 || status=1
  { echo; echo "gcc's clones, the same counts (information):"
    CHECK_PREFIX=gcc_ CHECK_INFO=1 "$here/check-asm.sh" gcc_callee.o; } >>check-asm.txt 2>&1
  { echo; echo "The fast-math build (bsfast): ours (asserted), then gcc's (information):"
    CHECK_PREFIX=oursfm_ CHECK_FASTMATH=1 "$here/check-asm.sh" oursfm_callee.o; } >>check-asm.txt 2>&1 || status=1
  CHECK_PREFIX=gccfm_ CHECK_FASTMATH=1 CHECK_INFO=1 "$here/check-asm.sh" gccfm_callee.o >>check-asm.txt 2>&1
  # The math-errno build (aos3e): our aos3 variants must stay vector code
  # (asserted); gcc's clones, for information.
  { echo; echo "The math-errno build (aos3e): ours (asserted), then gcc's (information):"
    CHECK_PREFIX=ourse_ CHECK_ERRNO=1 "$here/check-asm.sh" ourse_callee.o; } >>check-asm.txt 2>&1 || status=1
  CHECK_PREFIX=gcce_ CHECK_ERRNO=1 CHECK_INFO=1 "$here/check-asm.sh" gcce_callee.o >>check-asm.txt 2>&1
  "$CLANG" -O3 -fopenmp-simd "${P[@]}" "${FP[@]}" "${I[@]}" -DKPREFIX=ours_ \
    -Rpass-missed=vecclone -c "$src/callee.c" -o /dev/null 2>remarks.txt || status=1
fi
./vecclone-bench "${bargs[@]}" --benchmark_out="$gjson" --benchmark_out_format=json \
  ${pass[@]+"${pass[@]}"} || status=$?
# Compile time of a file of many declare-simd functions.
ctjson=$out/compile-time.json
[ "$smoke" = 1 ] && ctjson=$out/smoke-compile-time.json
rm -f "$ctjson"
"$PY" "$here/compile_time.py" "$ctjson" "${ctargs[@]}" --workdir "$out" \
  --clang "$CLANG" --gcc "$GCC" --plugin "$plugin" || status=1
# Hook for the kernel-wrap helper (bench/kernels/, not ours): its run.sh
# takes the same --smoke flag and BENCH_BUILD, writes $BENCH_BUILD/kernels.md
# (pocl at 1 and 2 threads against our wrapped kernels), and fails on wrong
# answers; its markdown is appended to the report.
kmd=$out/kernels.md
rm -f "$kmd"
if [ -x "$here/kernels/run.sh" ] && [ "$partial" = 0 ]; then
  kargs=()
  [ "$smoke" = 1 ] && kargs=(--smoke)
  BENCH_BUILD=$out "$here/kernels/run.sh" ${kargs[@]+"${kargs[@]}"} || status=1
fi
if [ -s "$gjson" ]; then
  "$PY" "$here/report.py" "$gjson" --json "$json" --md "$md" --png "$png" \
    --calls calls.txt --compile-time "$ctjson" --check-asm check-asm.txt \
    --remarks remarks.txt ${readme[@]+"${readme[@]}"} || status=1
  if [ -s "$kmd" ]; then
    { echo; cat "$kmd"; } >>"$md"
  fi
  cat "$md"
  echo "bench: wrote $json, $md and $png"
fi
if [ "$status" -ne 0 ]; then
  echo "bench: FAILED: wrong answers, failed assembly check or report, see above" >&2
fi
exit "$status"
