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
#                        [--mllvm OPT]... [--reduce] [--lockstep-reads]
# --mllvm OPT passes `-mllvm OPT` to every clang-with-plugin compile (e.g.
# -vecclone-fault-inject='crash:*_fz3' to test this script; see
# docs/design/reliability.md). A compile longer than FUZZ_COMPILE_TIMEOUT
# seconds (default 300) counts as a crash (HANG). --lockstep-reads makes the
# generator read buffers at `linear index + loop counter` too (gen_fuzz.py),
# the accesses vplan-ext turns into round-counter contiguous loads.
# Prints one line per batch and a summary; exit status 0 only with zero
# mismatches and zero crashes ("e NOT EMULATED" batches do not fail: the
# summary counts them). A failing case is cut out on its own (gen_fuzz.py
# --only) into OUTDIR/fail-SEED-NAME/ with a README saying how to rerun it,
# and checked again there to confirm it fails alone; --reduce also runs
# creduce on a compile crash (OUTDIR/fail-.../reduced.c).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=200 batch=25 seed=1 out= jobs=1 reduce=0 emode=auto mllvm= mllvm_q=
genflags=--narrow-helpers
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
    --e=*) emode=${1#--e=}; shift ;;
    --mllvm) mllvm="$mllvm -mllvm $2"; mllvm_q="$mllvm_q -mllvm $(printf %q "$2")"; shift 2 ;;
    *) sed -n '2,36p' "$0"; exit 2 ;;
  esac
done
out=${out:-$root/build/fuzz}
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
# The same, quoted for the shell (READMEs, creduce's test): a --mllvm value
# may hold glob characters (-vecclone-fault-inject=crash:*_fz3). The
# scripts' own word splitting of $clang runs with globbing off (set -f).
clang_q="timeout -k 10 $ctime $bin/clang -fpass-plugin=$plugin -fno-crash-diagnostics$mllvm_q"
set -f
cflags="-fopenmp-simd -ffp-contract=off -w"
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
case $emode in
  emulated) echo "note: class e runs emulated (test/fuzz/emulate_e.py: AVX-512 IR lowered for x86-64-v3; checks the bodies' lanes, not the zmm register ABI)" ;;
  names) echo "note: class e variants are compiled and name-checked (nm), not executed" ;;
esac

# Builds and checks one generated directory (a batch, or a case cut out of
# one). Prints "TAG: MISMATCH|CRASH|BUILD FAILED|e NOT EMULATED ..." lines;
# writes what ran to DIR/summary. Returns 0 clean, 1 mismatch or build
# failure, 2 compile crash of the callee.
check_dir() {
  local d=$1 opt=$2 tag=$3
  $clang $opt $cflags -c "$d/callee.c" -o "$d/our.o" >"$d/compile.log" 2>&1
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
  missing=$(nm "$d/our.o" | awk '$2 == "T" { print $3 }' | LC_ALL=C sort | LC_ALL=C comm -23 "$d/names.txt" -)
  if [ -n "$missing" ]; then
    fail=1
    echo "$tag: MISMATCH (missing variant names): $(echo $missing | head -c 300)"
  fi
  gcc -O0 -Wno-psabi -w -c "$d/driver.c" -o "$d/driver.o" &&
    gcc "$d/driver.o" "$d/our.o" -o "$d/drv" || { echo "$tag: BUILD FAILED (driver)"; return 1; }
  if ! "$d/drv" --require=$req >"$d/drv.log" 2>&1; then
    fail=1
    echo "$tag: MISMATCH (direct calls, callee $opt): $(grep -m3 -E 'MISMATCH|MISSING|CRASH|FAILED' "$d/drv.log" | tr '\n' ' ')"
  fi
  local eline="" erc=0
  if [ $emode = emulated ]; then
    eline=$(python3 "$emu" "$d" --plugin="$plugin" --opt="$opt" --cflags="$cflags" --plugin-args="-fno-crash-diagnostics$mllvm")
    erc=$?
    case $erc in
      0) eline="class e (avx512f, emulated on x86-64-v3): ${eline#emulated e: }" ;;
      2) echo "$tag: e NOT EMULATED: ${eline#emulated e: }"; eline="class e: not emulated" ;;
      1) fail=1; echo "$tag: MISMATCH (emulated e, callee $opt): ${eline#emulated e: MISMATCH }" ;;
      *) fail=1; echo "$tag: BUILD FAILED (emulated e, callee $opt): ${eline#emulated e: }" ;;
    esac
  fi
  local c k=0
  local callers=("gcc -O2 -march=x86-64" "gcc -O2 -mavx" "gcc -O2 -march=x86-64-v3" "$clang -O2 -march=x86-64-v3")
  # On an AVX-512 CPU the loops call class e too: gcc at x86-64-v4 and
  # clang + plugin at 512 bits.
  [ $havee = 1 ] && callers+=("gcc -O2 -march=x86-64-v4 --param vect-epilogues-nomask=0" "$clang -O2 -march=x86-64-v4 -mprefer-vector-width=512")
  for c in "${callers[@]}"; do
    k=$((k + 1))
    if ! $c $cflags -c "$d/caller.c" -o "$d/caller.o" >"$d/caller-build.log" 2>&1 ||
       ! gcc "$d/caller.o" "$d/our.o" -o "$d/loops"; then
      echo "$tag: CRASH building loops with '${c#*VecClone.so -fno-crash-diagnostics}': $(grep -m1 error "$d/caller-build.log")"
      fail=1; continue
    fi
    if ! "$d/loops" >"$d/loops-$k.log" 2>&1; then
      fail=1
      local cc=${c#timeout -k 10 $ctime }
      echo "$tag: MISMATCH (loops, ${cc%% *} ${c##* }, callee $opt): $(grep -m3 -E 'MISMATCH|CRASH' "$d/loops-$k.log" | tr '\n' ' ')"
    fi
  done
  { grep -h '^class' "$d/drv.log" | { if [ $emode = emulated ]; then grep -v '^class e '; else cat; fi; } | tr '\n' ' '
    echo "$eline"; } >"$d/summary"
  return $fail
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
  # Vary the callee's build: optimization level and the file's own ISA.
  case $(( s % 4 )) in
    0) opt="-O2" ;; 1) opt="-O2 -march=x86-64-v3" ;; 2) opt="-O3" ;; 3) opt="-O1" ;;
  esac
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
    if $clang $opt $cflags -c "$f/callee.c" -o /dev/null >"$f/compile.log" 2>&1; then
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
    printf 'compile crash (signature: %s)\nregenerate: python3 test/fuzz/gen_fuzz.py %s %s DIR --first=%s --only=%s %s\nrerun:      %s %s %s -c DIR/callee.c\n' \
      "$sig" "$s" "$batch" $(( (s - 1) * batch )) "$name" "$genflags" "$clang_q" "$opt" "$cflags" >"$f/README"
    echo "  reproducer: $f (crashes alone; signature: $sig)"
    [ $reduce = 1 ] || continue
    if ! command -v creduce >/dev/null; then
      echo "  --reduce: creduce is not installed (apt-get install creduce)"; continue
    fi
    # Interesting: still crashes with the same signature (creduce runs this
    # in a scratch directory holding only callee.c).
    printf '#!/bin/sh\ntimeout 60 %s %s %s -c callee.c -o /dev/null 2>&1 | grep -qF -f %s\n' \
      "$clang_q" "$opt" "$cflags" "$(printf %q "$f/crash-signature.txt")" >"$f/interesting.sh"
    chmod +x "$f/interesting.sh"
    local t0=$SECONDS
    rm -rf "$f/creduce" && mkdir "$f/creduce" && cp "$f/callee.c" "$f/creduce/callee.c" &&
      (cd "$f/creduce" && creduce --n 1 --timeout 120 "$f/interesting.sh" callee.c >"$f/creduce.log" 2>&1)
    cp "$f/creduce/callee.c" "$f/reduced.c"
    rm -rf "$f/creduce"
    if mkdir "$f/recheck" && cp "$f/reduced.c" "$f/recheck/callee.c" && (cd "$f/recheck" && "$f/interesting.sh"); then
      echo "  reduced: $f/reduced.c ($(wc -l <"$f/callee.c") -> $(wc -l <"$f/reduced.c") lines, $(wc -c <"$f/callee.c") -> $(wc -c <"$f/reduced.c") bytes, $((SECONDS - t0))s; still crashes the same way)"
      printf 'reduced (creduce): reduced.c, interestingness test: interesting.sh\n' >>"$f/README"
    else
      echo "  reduce FAILED: reduced.c does not crash the same way (see $f/creduce.log)"
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
  local names
  names=$(grep -ohE '(MISMATCH|MISSING variant|CRASH: signal [0-9]+ in variant|FAILED variant) [^ ]+( loop)?' "$d/drv.log" "$d/drv-e.log" "$d"/loops-*.log 2>/dev/null |
          grep -oE 'fz[0-9]+' | sort -u | tr '\n' ',' | sed 's/,$//')
  gcc -O2 $cflags -c "$d/callee.c" -o "$d/gcc.o" && gcc "$d/driver.o" "$d/gcc.o" -o "$d/drv-gcc" &&
    if "$d/drv-gcc" --require=$req >"$d/drv-gcc.log" 2>&1; then
      echo "  gcc's clones pass the same driver (classes $req): a plugin bug"
    else
      echo "  gcc's clones fail too (suspect the generator): $(grep -m2 MISMATCH "$d/drv-gcc.log" | tr '\n' ' ')"
    fi
  [ -n "$names" ] || { echo "  no function named in the logs: the reproducer is the whole batch, $d"; return 0; }
  local f=$out/fail-$s-${names//,/-}
  rm -rf "$f"
  python3 "$gen" "$s" "$batch" "$f" --first=$(( (s - 1) * batch )) --only=$names $genflags
  {
    printf 'mismatch in %s (callee built with %s)\n' "$names" "$opt"
    printf 'regenerate: python3 test/fuzz/gen_fuzz.py %s %s DIR --first=%s --only=%s %s\n' "$s" "$batch" $(( (s - 1) * batch )) "$names" "$genflags"
    printf 'callee:     %s %s %s -c DIR/callee.c -o DIR/our.o\n' "$clang_q" "$opt" "$cflags"
    printf 'driver:     gcc -O0 -Wno-psabi -w -c DIR/driver.c -o DIR/driver.o && gcc DIR/driver.o DIR/our.o -o DIR/drv && DIR/drv --require=%s\n' "$req"
    if [ $emode = emulated ]; then
      printf 'class e:    python3 test/fuzz/emulate_e.py DIR --plugin=%s --opt="%s" --plugin-args=%q\n' "$plugin" "$opt" "-fno-crash-diagnostics$mllvm"
    fi
    printf 'loops:      DIR/caller.c built by gcc -O2 -march=x86-64 / -mavx / -march=x86-64-v3 or the clang above at -O2 -march=x86-64-v3 (with %s), linked with our.o\n' "$cflags"
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
export out batch gen emu clang clang_q cflags req reduce plugin emode mllvm ctime havee genflags
seq "$seed" $(( seed + nb - 1 )) |
  xargs -P "$jobs" -I{} bash -c 'run_batch {}' 2>&1 | tee "$out/log"
cases=$(( nb * batch ))
crash=$(grep -c '^seed.*CRASH' "$out/log")
mism=$(grep -c '^seed.*MISMATCH' "$out/log")
okb=$(grep -c '^seed [0-9]*: ok' "$out/log")
noemu=$(grep -c '^seed.*e NOT EMULATED' "$out/log")
echo "fuzz: $cases cases in $nb batches (seeds $seed..$(( seed + nb - 1 ))), $okb batches clean, $(( $(date +%s) - start ))s"
case $emode in
  native) echo "executed classes: bcde (e native)" ;;
  emulated) echo "executed classes: bcd native, e emulated (AVX-512 IR lowered for x86-64-v3) in $((nb - noemu)) of $nb batches" ;;
  names) echo "executed classes: bcd (e compiled and name-checked only)" ;;
esac
echo "crashes: $crash"
echo "mismatches: $mism"
[ "$crash" = 0 ] && [ "$mism" = 0 ] && [ "$okb" = "$nb" ]
