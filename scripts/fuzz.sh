#!/usr/bin/env bash
# Differential fuzzing of the plugin (issue 7): N random declare-simd functions
# (test/fuzz/gen_fuzz.py) in batches; each batch is built by clang with the
# plugin and checked three ways:
#   1. gcc-built (-O0: quick to build, same ABI) ABI driver: every b/c/d/e variant called directly with gcc's
#      vector ABI (masks all/none/one/random), every active lane and every
#      byte behind pointers compared with the scalar function;
#   2. omp simd loops over guarded arrays (end right before an unmapped page,
#      trip count 203), built by gcc -march=x86-64, gcc -mavx, gcc
#      -march=x86-64-v3 and clang+plugin -march=x86-64-v3;
#   3. compile: no crash, no backend error.
# Class e names are always checked (nm). Class e runs (--e=MODE):
#   auto      (default) natively where the CPU has avx512f, else emulated;
#   native    natively (fails on a CPU without avx512f);
#   emulated  test/fuzz/emulate_e.py: callee and driver compiled for AVX-512
#             to LLVM IR, lowered for x86-64-v3 and run (the bodies' lane
#             semantics, not the zmm register ABI);
#   names     names only: e is not required to run (the driver still runs
#             it where the CPU has avx512f) and not emulated.
# The batch lines and the summary say which.
#
# usage: scripts/fuzz.sh [-n N] [-b BATCH] [-s FIRST_SEED] [-o OUTDIR] [-j JOBS]
#                        [--plugin PATH] [--e=auto|native|emulated|names]
#                        [--mllvm OPT]... [--no-verify-plan] [--reduce] [--lockstep-reads]
#                        [--loop-calls]
#                        [--flags=matrix|fixed] [--cxx] [--shapes=LIST]
# --flags=matrix (default): each batch's callee flags are drawn from the
# seed (so a batch reruns the same way): -march= x86-64, x86-64-v2, -v3, -v4
# or native (lowered to the best level this CPU runs: the scalar functions
# are the reference), -O1/-O2/-O3/-Os, -ffp-contract=off/on/fast (lanes must
# still equal the scalar function bit for bit), -g in one batch of three,
# -fsanitize=address,undefined in one of eight (drivers and loops are then
# linked by clang with the sanitizer runtime; a sanitizer report fails the
# batch), -mllvm -vplan-min-speedup=0 in one of two (every lane loop is
# vectorized, not only those the cost model expects to win), -mllvm
# -vecclone-private-local-bytes=0 in one of four (the lanes share the body's
# address-taken locals, so the cuts' refusals meet them). --flags=fixed: the
# callee at -O2, -O2 -march=x86-64-v3, -O3 or -O1
# by seed with -ffp-contract=off and no shapes, as before this option (the
# older regression tests pin it).
# --cxx: the generator writes C++ (callee.cpp, caller.cpp; gen_fuzz.py
# --cxx): clang++ + plugin builds the callee, g++ and clang++ the loops, the
# gcc-built C driver calls the variants by their mangled names.
# --shapes=LIST: gen_fuzz.py's --shapes (default with --flags=matrix:
# "default", the shapes that are not known to fail; fixed: none).
# --mllvm OPT passes `-mllvm OPT` to every clang-with-plugin compile (e.g.
# -vecclone-fault-inject='crash:*_fz3' to test this script; see
# docs/design/reliability.md). Verify mode is on (-vplan-ext-verify-plan:
# a lane-loop cut that differs from its plan fails the compile, counted as
# a crash; -vplan-ext-verify-vectorizer: so does a lane loop the plan
# priced as vector code that the loop vectorizer declines); --no-verify-plan
# turns both off (--verify-plan is accepted and
# changes nothing). A compile longer than FUZZ_COMPILE_TIMEOUT
# seconds (default 300) counts as a crash (HANG). --lockstep-reads makes the
# generator read buffers at `linear index + loop counter` too (gen_fuzz.py),
# the accesses vplan-ext turns into round-counter contiguous loads;
# --loop-calls makes statements in loops call a pure helper without a
# vector variant (run lane by lane: the cut divides the loops' bodies and
# their copies at it).
# Prints one line per batch and a summary; exit status 0 only with zero
# mismatches and zero crashes ("e NOT EMULATED" batches do not fail: the
# summary counts them; nor does gcc failing with an internal compiler error
# on its own loops, "PEER ICE": those loops are not run, and the summary
# counts them). A failing case is cut out on its own (gen_fuzz.py
# --only) into OUTDIR/fail-SEED-NAME/ with a README saying how to rerun it,
# and checked again there to confirm it fails alone; --reduce also runs
# creduce on a compile crash (OUTDIR/fail-.../reduced.c).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=200 batch=25 seed=1 out= jobs=1 reduce=0 emode=auto verify=1 mllvm= mllvm_q=
genflags=--narrow-helpers flagmode=matrix cxx=0 shapes=unset
plugin=$root/build/lib/VecClone.so
while [ $# -gt 0 ]; do
  case $1 in
    -n) n=$2; shift 2 ;;
    -b) batch=$2; shift 2 ;;
    -s) seed=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    --reduce) reduce=1; shift ;;
    --lockstep-reads) genflags="$genflags --lockstep-reads"; shift ;;
    --loop-calls) genflags="$genflags --loop-calls"; shift ;;
    --e=*) emode=${1#--e=}; shift ;;
    --mllvm) mllvm="$mllvm -mllvm $2"; mllvm_q="$mllvm_q -mllvm $(printf %q "$2")"; shift 2 ;;
    --verify-plan) verify=1; shift ;;
    --no-verify-plan) verify=0; shift ;;
    --flags=*) flagmode=${1#--flags=}; shift ;;
    --cxx) cxx=1; shift ;;
    --shapes=*) shapes=${1#--shapes=}; shift ;;
    *) sed -n '2,55p' "$0"; exit 2 ;;
  esac
done
if [ $verify = 1 ]; then
  mllvm=" -mllvm -vplan-ext-verify-plan -mllvm -vplan-ext-verify-vectorizer$mllvm"
  mllvm_q=" -mllvm -vplan-ext-verify-plan -mllvm -vplan-ext-verify-vectorizer$mllvm_q"
fi
out=${out:-$root/build/fuzz}
case $flagmode in
  matrix|fixed) ;;
  *) echo "fuzz.sh: --flags=matrix|fixed"; exit 2 ;;
esac
[ $shapes = unset ] && { if [ $flagmode = matrix ]; then shapes=default; else shapes=; fi; }
[ $cxx = 1 ] && genflags="$genflags --cxx"
[ -n "$shapes" ] && genflags="$genflags --shapes=$shapes"
mkdir -p "$out"
bin=/usr/lib/llvm-22/bin
gen=$root/test/fuzz/gen_fuzz.py
emu=$root/test/fuzz/emulate_e.py
# No crash reproducers in /tmp for every crashing compile (creduce makes
# hundreds); the fail-* directories hold the reproducers.
# A compile that runs longer than $ctime seconds is a failure too (a hang:
# LLVM 22's vectorizer once spent hours on a lane loop, seeds 100037 and
# 100044); timeout's status 124 marks it.
ctime=${FUZZ_COMPILE_TIMEOUT:-300}
clang="timeout -k 10 $ctime $bin/clang -fpass-plugin=$plugin -fno-crash-diagnostics$mllvm"
clangxx="timeout -k 10 $ctime $bin/clang++ -fpass-plugin=$plugin -fno-crash-diagnostics$mllvm"
# The same, quoted for the shell (READMEs, creduce's test): a --mllvm value
# may hold glob characters (-vecclone-fault-inject=crash:*_fz3). The
# scripts' own word splitting of $clang runs with globbing off (set -f).
clang_q="timeout -k 10 $ctime $bin/clang -fpass-plugin=$plugin -fno-crash-diagnostics$mllvm_q"
clangxx_q="timeout -k 10 $ctime $bin/clang++ -fpass-plugin=$plugin -fno-crash-diagnostics$mllvm_q"
set -f
# cflags: the loops' flags (and the triage's gcc callee); ccflags: the
# callee's beyond the batch's own ($opt; with --flags=matrix that holds the
# -ffp-contract= too).
cflags="-fopenmp-simd -ffp-contract=off -w"
ccflags=$cflags
[ $flagmode = matrix ] && ccflags="-fopenmp-simd -w"
# C or C++ (--cxx): sources, compilers, the link (libstdc++ for the callee's
# exceptions); a sanitized callee links with clang's sanitizer runtime.
if [ $cxx = 1 ]; then
  ext=cpp cc=$clangxx cc_q=$clangxx_q gcccc=g++ lnk=g++ lnk_san="$bin/clang++ -fsanitize=address,undefined"
else
  ext=c cc=$clang cc_q=$clang_q gcccc=gcc lnk=gcc lnk_san="$bin/clang -fsanitize=address,undefined"
fi
# Sanitizer runtime options (the programs install their own signal handlers
# to name the variant that faulted; leaks are not what we look for).
run_env="ASAN_OPTIONS=detect_leaks=0:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:allow_user_segv_handler=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1"
# The -march levels this CPU runs (the callee's scalar functions are the
# reference, so the callee must run here).
cpuflags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has_all() { local f; for f in "$@"; do case $cpuflags in *" $f "*) ;; *) return 1 ;; esac; done; }
cpulevel=1
has_all sse4_2 popcnt ssse3 cx16 && cpulevel=2
[ $cpulevel = 2 ] && has_all avx2 fma bmi1 bmi2 movbe f16c && cpulevel=3
[ $cpulevel = 3 ] && has_all avx512f avx512bw avx512cd avx512dq avx512vl && cpulevel=4
havee=0
grep -qw avx512f /proc/cpuinfo && havee=1
case $emode in
  auto) if [ $havee = 1 ]; then emode=native; else emode=emulated; fi ;;
  native) [ $havee = 1 ] || { echo "fuzz.sh: --e=native needs a CPU with avx512f"; exit 2; } ;;
  emulated|names) ;;
  *) echo "fuzz.sh: --e=auto|native|emulated|names"; exit 2 ;;
esac
req=bcd
[ $emode = native ] && req=bcde
case $flagmode in
  matrix) echo "note: callee flags by seed (--flags=matrix): -march=x86-64/-v2/-v3/-v4/native x -O1/-O2/-O3/-Os x -ffp-contract=off/on/fast, -g in 1 of 3 batches, -fsanitize=address,undefined in 1 of 8, -vplan-min-speedup=0 in 1 of 2, -vecclone-private-local-bytes=0 in 1 of 4" ;;
esac
case $emode in
  emulated) echo "note: class e runs emulated (test/fuzz/emulate_e.py: AVX-512 IR lowered for x86-64-v3; checks the bodies' lanes, not the zmm register ABI)" ;;
  names) echo "note: class e variants are compiled and name-checked (nm), not executed" ;;
esac

# The compilers of the loops, one a line (clang + plugin: $1).
caller_cmds() {
  printf '%s\n' "$gcccc -O2 -march=x86-64" "$gcccc -O2 -mavx" "$gcccc -O2 -march=x86-64-v3" "$1 -O2 -march=x86-64-v3"
  # On an AVX-512 CPU the loops call class e too: gcc at x86-64-v4 and
  # clang + plugin at 512 bits.
  [ $havee = 1 ] && printf '%s\n' "$gcccc -O2 -march=x86-64-v4 --param vect-epilogues-nomask=0" "$1 -O2 -march=x86-64-v4 -mprefer-vector-width=512"
  return 0
}

# Builds and checks one generated directory (a batch, or a case cut out of
# one). Prints "TAG: MISMATCH|CRASH|BUILD FAILED|PEER ICE|e NOT EMULATED ..." lines;
# writes what ran to DIR/summary. Returns 0 clean, 1 mismatch or build
# failure, 2 compile crash of the callee.
check_dir() {
  local d=$1 opt=$2 tag=$3
  local link=$lnk san=0
  case " $opt " in *" -fsanitize="*) san=1; link=$lnk_san ;; esac
  $cc $opt $ccflags -c "$d/callee.$ext" -o "$d/our.o" >"$d/compile.log" 2>&1
  local rc=$?
  if [ $rc = 124 ]; then
    echo "compile took more than $ctime s (timeout)" >>"$d/compile.log"
    echo "$tag: CRASH compiling callee ($opt): HANG, more than $ctime s"
    return 2
  elif [ $rc != 0 ]; then
    echo "$tag: CRASH compiling callee ($opt): $(grep -m1 -E 'error|Running pass' "$d/compile.log")"
    return 2
  fi
  local fail=0
  # Every gcc-ABI name is defined, class e included (the driver only looks
  # up the classes the CPU can run).
  local missing
  # (W: the variants of a template instantiation are weak, as gcc's)
  missing=$(nm "$d/our.o" | awk '$2 == "T" || $2 == "W" { print $3 }' | LC_ALL=C sort | LC_ALL=C comm -23 "$d/names.txt" -)
  if [ -n "$missing" ]; then
    fail=1
    echo "$tag: MISMATCH (missing variant names): $(echo $missing | head -c 300)"
  fi
  gcc -O0 -Wno-psabi -w -c "$d/driver.c" -o "$d/driver.o" &&
    $link "$d/driver.o" "$d/our.o" -o "$d/drv" -lm >"$d/link.log" 2>&1 || { echo "$tag: BUILD FAILED (driver): $(grep -m1 -E 'error|undefined' "$d/link.log")"; return 1; }
  # A sanitized callee must really run with the runtime.
  if [ $san = 1 ] && ! nm "$d/drv" | grep -q ' __asan_init$'; then
    echo "$tag: BUILD FAILED (driver: no sanitizer runtime linked)"; return 1
  fi
  if ! env $run_env "$d/drv" --require=$req >"$d/drv.log" 2>&1; then
    fail=1
    echo "$tag: MISMATCH (direct calls, callee $opt): $(grep -m3 -E 'MISMATCH|MISSING|CRASH|FAILED|runtime error|ERROR: AddressSanitizer' "$d/drv.log" | tr '\n' ' ')"
  fi
  local eline="" erc=0
  if [ $emode = emulated ] && [ $ext = cpp ]; then
    # emulate_e.py builds C only
    echo "$tag: e NOT EMULATED: C++ mode (emulate_e.py compiles C)"; eline="class e: not emulated"
  elif [ $emode = emulated ]; then
    # (no sanitizer runtime in the emulation's own link: it checks lanes)
    eline=$(python3 "$emu" "$d" --plugin="$plugin" --opt="${opt/ -fsanitize=address,undefined/}" --cflags="$ccflags" --plugin-args="-fno-crash-diagnostics$mllvm")
    erc=$?
    case $erc in
      0) eline="class e (avx512f, emulated on x86-64-v3): ${eline#emulated e: }" ;;
      2) echo "$tag: e NOT EMULATED: ${eline#emulated e: }"; eline="class e: not emulated" ;;
      1) fail=1; echo "$tag: MISMATCH (emulated e, callee $opt): ${eline#emulated e: MISMATCH }" ;;
      *) fail=1; echo "$tag: BUILD FAILED (emulated e, callee $opt): ${eline#emulated e: }" ;;
    esac
  fi
  local c k=0
  local callers
  mapfile -t callers < <(caller_cmds "$cc")
  for c in "${callers[@]}"; do
    k=$((k + 1))
    if ! $c $cflags -c "$d/caller.$ext" -o "$d/caller.o" >"$d/caller-build.log" 2>&1; then
      # gcc failing on its own loops says nothing of our variants: those
      # loops go untested and the summary counts them.
      if [ "${c%% *}" = "$gcccc" ] && grep -q 'internal compiler error' "$d/caller-build.log"; then
        echo "$tag: PEER ICE (gcc building loops with '${c#$gcccc }', not run): $(grep -m1 'internal compiler error' "$d/caller-build.log" | cut -c1-160)"
        continue
      fi
      echo "$tag: CRASH building loops with '${c#*-fno-crash-diagnostics}': $(grep -m1 -E 'error|undefined' "$d/caller-build.log")"
      fail=1; continue
    fi
    if ! $link "$d/caller.o" "$d/our.o" -o "$d/loops" -lm >>"$d/caller-build.log" 2>&1; then
      echo "$tag: CRASH building loops with '${c#*-fno-crash-diagnostics}': $(grep -m1 -E 'error|undefined' "$d/caller-build.log")"
      fail=1; continue
    fi
    if ! env $run_env "$d/loops" >"$d/loops-$k.log" 2>&1; then
      fail=1
      local lc=${c#timeout -k 10 $ctime }
      echo "$tag: MISMATCH (loops, ${lc%% *} ${c##* }, callee $opt): $(grep -m3 -E 'MISMATCH|CRASH|runtime error|ERROR: AddressSanitizer' "$d/loops-$k.log" | tr '\n' ' ')"
    fi
  done
  { grep -h '^class' "$d/drv.log" | { if [ $emode = emulated ]; then grep -v '^class e '; else cat; fi; } | tr '\n' ' '
    echo "$eline"; } >"$d/summary"
  return $fail
}

# The callee's flags of batch $1, deterministic in the seed (md5 of it: the
# choices are independent of each other and of the generator's streams).
pick_flags() {
  local s=$1
  if [ $flagmode = fixed ]; then
    # optimization level and the file's own ISA, as before --flags
    case $(( s % 4 )) in
      0) echo "-O2" ;; 1) echo "-O2 -march=x86-64-v3" ;; 2) echo "-O3" ;; 3) echo "-O1" ;;
    esac
    return
  fi
  local h=$((16#$(printf 'callee-flags-%s' "$s" | md5sum | cut -c1-12)))
  local marches=(x86-64 x86-64-v2 x86-64-v3 x86-64-v4 native) levels=(-O1 -O2 -O3 -Os) contracts=(off on fast)
  local mi=$((h % 5)) m; h=$((h / 5))
  # a level this CPU cannot run becomes the best one it can
  [ $mi -lt 4 ] && [ $mi -ge $cpulevel ] && mi=$((cpulevel - 1))
  m=${marches[mi]}
  local o=${levels[h % 4]}; h=$((h / 4))
  local c=${contracts[h % 3]}; h=$((h / 3))
  local g=; [ $((h % 3)) = 0 ] && g=" -g"; h=$((h / 3))
  local san=; [ $((h % 8)) = 0 ] && san=" -fsanitize=address,undefined"; h=$((h / 8))
  # The cost model keeps lane loops it expects to lose scalar; half the
  # batches vectorize every lane loop so the cut still meets them all.
  local ms=; [ $((h % 2)) = 0 ] && ms=" -mllvm -vplan-min-speedup=0"; h=$((h / 2))
  # A quarter share the body's address-taken locals between the lanes
  # (no copy per lane): the cuts' refusals then meet them.
  local pl=; [ $((h % 4)) = 0 ] && pl=" -mllvm -vecclone-private-local-bytes=0"
  echo "$o -march=$m -ffp-contract=$c$g$san$ms$pl"
}

# One batch: prints "seed S: ok|MISMATCH|CRASH ..." and leaves its files only
# when something failed.
run_batch() {
  local s=$1 d=$out/batch-$1 opt rc extra=${genflags#--narrow-helpers}
  # Generator flags beyond the default, named in the batch line.
  [ -n "$extra" ] && extra="generator${extra}, "
  set -f  # (a new shell under xargs)
  rm -rf "$d"
  python3 "$gen" "$s" "$batch" "$d" --first=$(( (s - 1) * batch )) $genflags || { echo "seed $s: GENERATOR FAILED"; return 1; }
  opt=$(pick_flags "$s")
  check_dir "$d" "$opt" "seed $s"
  rc=$?
  case $rc in
    0) echo "seed $s: ok ($batch cases, callee $opt, $extra$(cat "$d/summary"))"; rm -rf "$d" ;;
    2) triage_crash "$s" "$d" "$opt" ;;
    *) triage_mismatch "$s" "$d" "$opt" ;;
  esac
  [ $rc = 0 ]
}

# A compile crash: find the case(s) that crash alone; with --reduce, creduce
# each one to a smaller source that still crashes the same way.
triage_crash() {
  local s=$1 d=$2 opt=$3 k name found=0
  for k in $(seq 0 $((batch - 1))); do
    name=fz$(( (s - 1) * batch + k ))
    local f=$out/fail-$s-$name
    rm -rf "$f"
    python3 "$gen" "$s" "$batch" "$f" --first=$(( (s - 1) * batch )) --only=$name $genflags
    if $cc $opt $ccflags -c "$f/callee.$ext" -o /dev/null >"$f/compile.log" 2>&1; then
      rm -rf "$f"; continue
    elif [ $? = 124 ]; then
      echo "compile took more than $ctime s (timeout)" >>"$f/compile.log"
    fi
    found=1
    # The crash's signature: the first frame in the plugin (a crash in the
    # plugin), else the compiler's error message, else the running pass.
    local sig
    sig=$(grep -m1 -oE '(vecclone|vplanext|kernelwrap)::[A-Za-z0-9_:~]+\(' "$f/compile.log")
    [ -n "$sig" ] || sig=$(grep -m1 -oE "error: .*" "$f/compile.log" | head -c 200)
    [ -n "$sig" ] || sig=$(grep -m1 -oE "Running pass .*" "$f/compile.log")
    [ -n "$sig" ] || sig=$(grep -m1 -oE "compile took more than .*" "$f/compile.log")
    printf '%s\n' "$sig" >"$f/crash-signature.txt"
    printf 'compile crash (signature: %s)\nregenerate: python3 test/fuzz/gen_fuzz.py %s %s DIR --first=%s --only=%s %s\nrerun:      %s %s %s -c DIR/callee.%s\n' \
      "$sig" "$s" "$batch" $(( (s - 1) * batch )) "$name" "$genflags" "$cc_q" "$opt" "$ccflags" "$ext" >"$f/README"
    echo "  reproducer: $f (crashes alone; signature: $sig)"
    [ $reduce = 1 ] || continue
    if ! command -v creduce >/dev/null; then
      echo "  --reduce: creduce is not installed (apt-get install creduce)"; continue
    fi
    # Interesting: still crashes with the same signature (creduce runs this
    # in a scratch directory holding only callee.c or callee.cpp).
    printf '#!/bin/sh\ntimeout 60 %s %s %s -c callee.%s -o /dev/null 2>&1 | grep -qF -f %s\n' \
      "$cc_q" "$opt" "$ccflags" "$ext" "$(printf %q "$f/crash-signature.txt")" >"$f/interesting.sh"
    chmod +x "$f/interesting.sh"
    local t0=$SECONDS
    rm -rf "$f/creduce" && mkdir "$f/creduce" && cp "$f/callee.$ext" "$f/creduce/callee.$ext" &&
      (cd "$f/creduce" && creduce --n 1 --timeout 120 "$f/interesting.sh" callee.$ext >"$f/creduce.log" 2>&1)
    cp "$f/creduce/callee.$ext" "$f/reduced.$ext"
    rm -rf "$f/creduce"
    if mkdir "$f/recheck" && cp "$f/reduced.$ext" "$f/recheck/callee.$ext" && (cd "$f/recheck" && "$f/interesting.sh"); then
      echo "  reduced: $f/reduced.$ext ($(wc -l <"$f/callee.$ext") -> $(wc -l <"$f/reduced.$ext") lines, $(wc -c <"$f/callee.$ext") -> $(wc -c <"$f/reduced.$ext") bytes, $((SECONDS - t0))s; still crashes the same way)"
      printf 'reduced (creduce): reduced.%s, interestingness test: interesting.sh\n' "$ext" >>"$f/README"
    else
      echo "  reduce FAILED: reduced.$ext does not crash the same way (see $f/creduce.log)"
    fi
    rm -rf "$f/recheck"
  done
  [ $found = 1 ] || echo "  no case crashes alone: the reproducer is the whole batch, $d"
}

# A mismatch: cut out the failing functions, confirm the cut fails alone,
# and tell whether gcc's own clones of them pass the same driver (if not,
# suspect the generator).
triage_mismatch() {
  local s=$1 d=$2 opt=$3
  local names logs
  # (globbing is off in the batch shells: expand the loop logs explicitly;
  # before, a mismatch seen only by the loops was never cut out)
  set +f; logs=("$d"/loops-*.log); set -f
  names=$(grep -ohE '(MISMATCH|MISSING variant|CRASH: signal [0-9]+ in variant|FAILED variant) [^ ]+( loop)?' "$d/drv.log" "$d/drv-e.log" "${logs[@]}" 2>/dev/null |
          grep -oE 'fz[0-9]+' | sort -u | tr '\n' ',' | sed 's/,$//')
  if ! $gcccc -O2 $cflags -c "$d/callee.$ext" -o "$d/gcc.o" >"$d/gcc-build.log" 2>&1 ||
     ! $gcccc "$d/driver.o" "$d/gcc.o" -o "$d/drv-gcc" -lm >>"$d/gcc-build.log" 2>&1; then
    echo "  gcc could not build its own clones to compare: $(grep -m1 -E 'internal compiler error|error' "$d/gcc-build.log" | cut -c1-200)"
  elif "$d/drv-gcc" --require=$req >"$d/drv-gcc.log" 2>&1; then
    echo "  gcc's clones pass the same driver (classes $req): a plugin bug"
  else
    # Only gcc's results for the functions that failed here count: gcc
    # makes no clones of some shapes (computed goto), and misapplies the
    # clauses of static members defined out of class.
    local gbad
    gbad=$(grep -E 'MISMATCH|MISSING|CRASH|FAILED' "$d/drv-gcc.log" | grep -E "(${names//,/|})([^0-9]|$)")
    if [ -z "$names" ] || [ -n "$gbad" ]; then
      echo "  gcc's clones fail too (suspect the generator): $(head -2 <<<"${gbad:-$(grep -m2 -E 'MISMATCH|MISSING' "$d/drv-gcc.log")}" | tr '\n' ' ')"
    else
      echo "  gcc's clones pass the same driver for $names (classes $req; gcc fails elsewhere in the batch): a plugin bug"
    fi
  fi
  [ -n "$names" ] || { echo "  no function named in the logs: the reproducer is the whole batch, $d"; return 0; }
  local f=$out/fail-$s-${names//,/-}
  rm -rf "$f"
  python3 "$gen" "$s" "$batch" "$f" --first=$(( (s - 1) * batch )) --only=$names $genflags
  local link=$lnk renv=
  case " $opt " in *" -fsanitize="*) link=$lnk_san; renv="$run_env " ;; esac
  {
    printf 'mismatch in %s (callee built with %s)\n' "$names" "$opt"
    printf 'regenerate: python3 test/fuzz/gen_fuzz.py %s %s DIR --first=%s --only=%s %s\n' "$s" "$batch" $(( (s - 1) * batch )) "$names" "$genflags"
    printf 'callee:     %s %s %s -c DIR/callee.%s -o DIR/our.o\n' "$cc_q" "$opt" "$ccflags" "$ext"
    printf 'driver:     gcc -O0 -Wno-psabi -w -c DIR/driver.c -o DIR/driver.o && %s DIR/driver.o DIR/our.o -o DIR/drv -lm && %sDIR/drv --require=%s\n' "$link" "$renv" "$req"
    if [ $emode = emulated ] && [ $ext = c ]; then
      printf 'class e:    python3 test/fuzz/emulate_e.py DIR --plugin=%s --opt="%s" --cflags="%s" --plugin-args=%q\n' "$plugin" "${opt/ -fsanitize=address,undefined/}" "$ccflags" "-fno-crash-diagnostics$mllvm"
    fi
    printf 'loops:      each of\n'
    caller_cmds "$cc_q" | while read -r c; do printf '              %s %s -c DIR/caller.%s -o DIR/caller.o\n' "$c" "$cflags" "$ext"; done
    printf '            then %s DIR/caller.o DIR/our.o -o DIR/loops -lm && %sDIR/loops\n' "$link" "$renv"
  } >"$f/README"
  local cut
  cut=$(check_dir "$f" "$opt" "  cut")
  if grep -q -E 'MISMATCH|CRASH' <<<"$cut"; then
    echo "  reproducer: $f (fails alone: $(grep -m1 -oE '(MISMATCH|CRASH) \([^)]*\)' <<<"$cut" | head -1))"
    printf 'confirmed, the cut case fails on its own:\n%s\n' "$cut" >>"$f/README"
  else
    echo "  reproducer: $f (does NOT fail alone: the mismatch needs other cases of the batch, kept in $d)"
  fi
}

nb=$(( (n + batch - 1) / batch ))
start=$(date +%s)
fails=0
export -f check_dir run_batch triage_crash triage_mismatch
export out batch gen emu clang clang_q cflags ccflags req reduce plugin emode mllvm ctime havee genflags \
  flagmode ext cc cc_q gcccc lnk lnk_san run_env cpulevel
export -f pick_flags caller_cmds
seq "$seed" $(( seed + nb - 1 )) |
  xargs -P "$jobs" -I{} bash -c 'run_batch {}' 2>&1 | tee "$out/log"
cases=$(( nb * batch ))
crash=$(grep -c '^seed.*CRASH' "$out/log")
mism=$(grep -c '^seed.*MISMATCH' "$out/log")
okb=$(grep -c '^seed [0-9]*: ok' "$out/log")
noemu=$(grep -c '^seed.*e NOT EMULATED' "$out/log")
bfail=$(grep -c -E '^seed.*(BUILD FAILED|GENERATOR FAILED)' "$out/log")
peerice=$(grep -c '^seed.*PEER ICE' "$out/log")
echo "fuzz: $cases cases in $nb batches (seeds $seed..$(( seed + nb - 1 ))), $okb batches clean, $(( $(date +%s) - start ))s"
case $emode in
  native) echo "executed classes: bcde (e native)" ;;
  emulated) echo "executed classes: bcd native, e emulated (AVX-512 IR lowered for x86-64-v3) in $((nb - noemu)) of $nb batches" ;;
  names) echo "executed classes: bcd (e compiled and name-checked only)" ;;
esac
echo "crashes: $crash"
echo "mismatches: $mism"
[ "$bfail" = 0 ] || echo "build failures: $bfail"
[ "$peerice" = 0 ] || echo "gcc internal compiler errors on its own loops (those loops not run): $peerice"
[ "$crash" = 0 ] && [ "$mism" = 0 ] && [ "$okb" = "$nb" ]
