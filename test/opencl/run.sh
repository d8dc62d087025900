#!/usr/bin/env bash
# Build and run the OpenCL host test programs against one ICD.
#
#   run.sh [-o BUILD_DIR] [--sums] ICD_FILE PROGRAM...
#   run.sh [-o BUILD_DIR] --compare ICD_A ICD_B PROGRAM...
#
# PROGRAM is a name in this directory (bfs, jacobi, ...), a path to a .c
# file, or "all". Each is compiled with $CC (default cc) -O2 and run as
#   OCL_ICD_VENDORS=ICD_FILE ./PROGRAM <this dir>/Inputs
# so the ICD loader sees only that platform. --sums keeps only the
# platform-independent lines (PASS, sum); --compare runs every program on
# both ICDs and diffs those lines. Exit status: non-zero if any program
# failed to build, failed, or (--compare) the two platforms differ.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cc=${CC:-cc}
build=""
sums=0
compare=0
while [ $# -gt 0 ]; do
  case "$1" in
    -o) build=$2; shift 2 ;;
    --sums) sums=1; shift ;;
    --compare) compare=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
if [ $compare = 1 ]; then
  [ $# -ge 3 ] || { echo "usage: $0 [-o DIR] --compare ICD_A ICD_B PROGRAM..." >&2; exit 2; }
else
  [ $# -ge 2 ] || { echo "usage: $0 [-o DIR] [--sums] ICD_FILE PROGRAM..." >&2; exit 2; }
fi
if [ -z "$build" ]; then
  build=$(mktemp -d "${TMPDIR:-/tmp}/kw-ocl-tests.XXXXXX")
  trap 'rm -rf "$build"' EXIT
fi
mkdir -p "$build"

icd_a=$1; shift
if [ $compare = 1 ]; then icd_b=$1; shift; fi
for icd in "$icd_a" ${icd_b:+"$icd_b"}; do
  [ -e "$icd" ] || { echo "run.sh: no such ICD file: $icd" >&2; exit 2; }
done

progs=()
for p in "$@"; do
  if [ "$p" = all ]; then
    for f in "$here"/*.c; do progs+=("$f"); done
  elif [ -f "$p" ]; then
    progs+=("$p")
  else
    progs+=("$here/$p.c")
  fi
done

status=0
run_one() { # icd binary -> output on stdout, returns the program's status
  OCL_ICD_VENDORS=$1 "$2" "$here/Inputs"
}
for src in "${progs[@]}"; do
  name=$(basename "$src" .c)
  bin="$build/$name"
  if ! "$cc" -std=c11 -O2 -Wall -Wextra -I"$here" -o "$bin" "$src" -lOpenCL -lm; then
    echo "=== $name: BUILD FAILED"
    status=1
    continue
  fi
  if [ $compare = 1 ]; then
    out_a=$(run_one "$icd_a" "$bin" 2>&1); rc_a=$?
    out_b=$(run_one "$icd_b" "$bin" 2>&1); rc_b=$?
    sum_a=$(printf '%s\n' "$out_a" | grep -E '^(PASS|sum) ')
    sum_b=$(printf '%s\n' "$out_b" | grep -E '^(PASS|sum) ')
    if [ $rc_a != 0 ] || [ $rc_b != 0 ]; then
      echo "=== $name: FAILED (exit $rc_a on $icd_a, $rc_b on $icd_b)"
      printf '%s\n' "--- $icd_a" "$out_a" "--- $icd_b" "$out_b"
      status=1
    elif [ "$sum_a" != "$sum_b" ]; then
      echo "=== $name: DIFFERENT"
      diff <(printf '%s\n' "$sum_a") <(printf '%s\n' "$sum_b") | sed 's/^/  /'
      status=1
    else
      echo "=== $name: same ($(printf '%s\n' "$sum_a" | grep -c '^sum ') sums)"
    fi
  else
    echo "=== $name"
    if [ $sums = 1 ]; then
      out=$(run_one "$icd_a" "$bin" 2>&1); rc=$?
      printf '%s\n' "$out" | grep -E '^(PASS|sum|FAIL) '
    else
      run_one "$icd_a" "$bin" 2>&1; rc=$?
    fi
    if [ $rc != 0 ]; then
      echo "=== $name: FAILED (exit $rc)"
      status=1
    fi
  fi
done
exit $status
