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
# Class e is compiled and its names checked (nm) always, and executed only
# where the CPU has avx512f; the output says which.
#
# usage: scripts/fuzz.sh [-n N] [-b BATCH] [-s FIRST_SEED] [-o OUTDIR] [-j JOBS]
#                        [--plugin PATH] [--reduce]
# Prints one line per batch and a summary; exit status 0 only with zero
# mismatches and zero crashes. A failing case is cut out on its own
# (gen_fuzz.py --only) into OUTDIR/fail-SEED-NAME/ with a README saying how to
# rerun it; --reduce also runs creduce on a compile crash.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=200 batch=25 seed=1 out= jobs=1 reduce=0
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
    *) sed -n '2,21p' "$0"; exit 2 ;;
  esac
done
out=${out:-$root/build/fuzz}
mkdir -p "$out"
bin=/usr/lib/llvm-22/bin
gen=$root/test/fuzz/gen_fuzz.py
clang="$bin/clang -fpass-plugin=$plugin"
cflags="-fopenmp-simd -ffp-contract=off -w"
req=bcd
if grep -qw avx512f /proc/cpuinfo; then req=bcde; fi
[ "$req" = bcd ] && echo "note: this CPU lacks avx512f: class e variants are compiled and name-checked (nm), not executed"

# One batch: prints "seed S: ok|MISMATCH|CRASH ..." and leaves its files only
# when something failed.
run_batch() {
  local s=$1 d=$out/batch-$1 opt
  rm -rf "$d"
  python3 "$gen" "$s" "$batch" "$d" --first=$(( (s - 1) * batch )) || { echo "seed $s: GENERATOR FAILED"; return 1; }
  # Vary the callee's build: optimization level and the file's own ISA.
  case $(( s % 4 )) in
    0) opt="-O2" ;; 1) opt="-O2 -march=x86-64-v3" ;; 2) opt="-O3" ;; 3) opt="-O1" ;;
  esac
  if ! $clang $opt $cflags -c "$d/callee.c" -o "$d/our.o" >"$d/compile.log" 2>&1; then
    echo "seed $s: CRASH compiling callee ($opt): $(grep -m1 -E 'error|Running pass' "$d/compile.log")"
    triage_crash "$s" "$d" "$opt"
    return 1
  fi
  local fail=0
  # Every gcc-ABI name is defined, class e included (the driver only looks
  # up the classes the CPU can run).
  local missing
  missing=$(nm "$d/our.o" | awk '$2 == "T" { print $3 }' | LC_ALL=C sort | LC_ALL=C comm -23 "$d/names.txt" -)
  if [ -n "$missing" ]; then
    fail=1
    echo "seed $s: MISMATCH (missing variant names): $(echo $missing | head -c 300)"
  fi
  gcc -O0 -Wno-psabi -w -c "$d/driver.c" -o "$d/driver.o" &&
    gcc "$d/driver.o" "$d/our.o" -o "$d/drv" || { echo "seed $s: BUILD FAILED (driver)"; return 1; }
  if ! "$d/drv" --require=$req >"$d/drv.log" 2>&1; then
    fail=1
    echo "seed $s: MISMATCH (direct calls, callee $opt): $(grep -m3 -E 'MISMATCH|MISSING|CRASH|FAILED' "$d/drv.log" | tr '\n' ' ')"
  fi
  local c k=0
  for c in "gcc -O2 -march=x86-64" "gcc -O2 -mavx" "gcc -O2 -march=x86-64-v3" "$clang -O2 -march=x86-64-v3"; do
    if ! $c $cflags -c "$d/caller.c" -o "$d/caller.o" >"$d/caller-build.log" 2>&1 ||
       ! gcc "$d/caller.o" "$d/our.o" -o "$d/loops"; then
      echo "seed $s: CRASH building loops with '${c#*VecClone.so }': $(grep -m1 error "$d/caller-build.log")"
      fail=1; continue
    fi
    k=$((k + 1))
    if ! "$d/loops" >"$d/loops-$k.log" 2>&1; then
      fail=1
      echo "seed $s: MISMATCH (loops, ${c%% *} ${c##* }, callee $opt): $(grep -m3 -E 'MISMATCH|CRASH' "$d/loops-$k.log" | tr '\n' ' ')"
    fi
  done
  if [ $fail = 0 ]; then
    echo "seed $s: ok ($batch cases, callee $opt, $(grep -h '^class' "$d/drv.log" | tr '\n' ' '))"
    rm -rf "$d"
  else
    triage_mismatch "$s" "$d" "$opt"
  fi
  return $fail
}

# A compile crash: find the case(s) that crash alone.
triage_crash() {
  local s=$1 d=$2 opt=$3 k name
  for k in $(seq 0 $((batch - 1))); do
    name=fz$(( (s - 1) * batch + k ))
    local f=$out/fail-$s-$name
    python3 "$gen" "$s" "$batch" "$f" --first=$(( (s - 1) * batch )) --only=$name
    if $clang $opt $cflags -c "$f/callee.c" -o /dev/null >"$f/compile.log" 2>&1; then
      rm -rf "$f"; continue
    fi
    printf 'compile crash: %s\nrerun: python3 test/fuzz/gen_fuzz.py %s %s DIR --first=%s --only=%s\n       clang -fpass-plugin=build/lib/VecClone.so %s %s -c DIR/callee.c\n' \
      "$(grep -m1 -E 'error|Running pass' "$f/compile.log")" "$s" "$batch" $(( (s - 1) * batch )) "$name" "$opt" "$cflags" >"$f/README"
    echo "  reproducer: $f"
    if [ $reduce = 1 ] && command -v creduce >/dev/null; then
      local pat
      pat=$(grep -m1 -oE "error: [^']*|Running pass \"[^\"]*\"" "$f/compile.log")
      cat >"$f/interesting.sh" <<EOF
#!/bin/sh
$clang $opt $cflags -c callee.c -o /dev/null 2>&1 | grep -qF '$pat'
EOF
      chmod +x "$f/interesting.sh"
      cp "$f/callee.c" "$f/reduced.c"
      (cd "$f" && cp callee.c orig.c && creduce --n 1 ./interesting.sh callee.c >creduce.log 2>&1; mv callee.c reduced.c; mv orig.c callee.c)
      echo "  reduced: $f/reduced.c"
    fi
  done
}

# A mismatch: cut out the failing functions and tell whether gcc's own
# clones of them pass the same driver (if not, suspect the generator).
triage_mismatch() {
  local s=$1 d=$2 opt=$3
  local names
  names=$(grep -ohE '(MISMATCH|MISSING variant|CRASH: signal [0-9]+ in variant) [^ ]+( loop)?' "$d"/drv.log "$d"/loops-*.log 2>/dev/null |
          grep -oE 'fz[0-9]+' | sort -u | tr '\n' ',' | sed 's/,$//')
  gcc -O2 $cflags -c "$d/callee.c" -o "$d/gcc.o" && gcc "$d/driver.o" "$d/gcc.o" -o "$d/drv-gcc" &&
    if "$d/drv-gcc" --require=$req >"$d/drv-gcc.log" 2>&1; then
      echo "  gcc's clones pass the same driver: a plugin bug"
    else
      echo "  gcc's clones fail too (suspect the generator): $(grep -m2 MISMATCH "$d/drv-gcc.log" | tr '\n' ' ')"
    fi
  [ -n "$names" ] || return 0
  local f=$out/fail-$s-${names//,/-}
  python3 "$gen" "$s" "$batch" "$f" --first=$(( (s - 1) * batch )) --only=$names
  printf 'mismatch in %s (callee built with %s)\nrerun: python3 test/fuzz/gen_fuzz.py %s %s DIR --first=%s --only=%s\n' \
    "$names" "$opt" "$s" "$batch" $(( (s - 1) * batch )) "$names" >"$f/README"
  echo "  reproducer: $f"
}

nb=$(( (n + batch - 1) / batch ))
start=$(date +%s)
fails=0
export -f run_batch triage_crash triage_mismatch
export out batch gen clang cflags req reduce plugin
seq "$seed" $(( seed + nb - 1 )) |
  xargs -P "$jobs" -I{} bash -c 'run_batch {}' 2>&1 | tee "$out/log"
cases=$(( nb * batch ))
crash=$(grep -c 'CRASH' "$out/log")
mism=$(grep -c 'MISMATCH' "$out/log")
okb=$(grep -c ': ok' "$out/log")
echo "fuzz: $cases cases in $nb batches (seeds $seed..$(( seed + nb - 1 ))), $okb batches clean, $(( $(date +%s) - start ))s"
echo "executed classes: $req$([ "$req" = bcd ] && echo ' (e compiled and name-checked only: no avx512f here)')"
echo "crashes: $crash"
echo "mismatches: $mism"
[ "$crash" = 0 ] && [ "$mism" = 0 ] && [ "$okb" = "$nb" ]
