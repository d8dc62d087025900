#!/usr/bin/env bash
# The C++ workload of issue 20: an equation-of-state class whose methods are
# declared simd in the class, defined out of class, called from omp simd
# loops with exceptions on. Builds it with g++ (its clones), clang++ with the
# front-end plugin (ours) and plain clang++, checks every build's answers
# against g++ -O0, times them in one binary and prints ours/gcc and
# ours/plain. `bench/cxx/run.sh --smoke` times each once.
#   Environment: VECCLONE_FRONTEND (default build/lib/VecCloneFrontend.so),
#   BENCH_BUILD (default build/bench-cxx), MARCH (default x86-64-v3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${BENCH_BUILD:-$root/build/bench-cxx}
fe=${VECCLONE_FRONTEND:-$root/build/lib/VecCloneFrontend.so}
march=${MARCH:-x86-64-v3}
CLANGXX=${CLANGXX:-clang++-22}
GXX=${GXX:-g++}
mkdir -p "$out" && cd "$out"
# As bench/run.sh: no contraction (the reference has none), no errno from
# sqrt (gcc and clang then both vectorize it).
FP=(-ffp-contract=off -fno-math-errno)
M=(-march="$march")
[ "$march" = x86-64-v4 ] && M+=(-mprefer-vector-width=512)
# Medians of 5 runs' CPU times: the machine is shared, the medians hold.
args=(--benchmark_repetitions=5 --benchmark_report_aggregates_only=true)
for a in "$@"; do
  case $a in
    --smoke) args=(--benchmark_min_time=1x) ;;
    *) args+=("$a") ;;
  esac
done
objs=()
for f in eos loops; do
  "$GXX" -O0 "${FP[@]}" -DBENCH_NS=ref -c "$here/$f.cpp" -o ref-$f.o
  "$GXX" -O3 -fopenmp-simd "${M[@]}" "${FP[@]}" -DBENCH_NS=gcc -c "$here/$f.cpp" -o gcc-$f.o
  "$CLANGXX" -O3 -fopenmp-simd "${M[@]}" "${FP[@]}" -fplugin="$fe" -DBENCH_NS=ours -c "$here/$f.cpp" -o ours-$f.o
  "$CLANGXX" -O3 -fopenmp-simd "${M[@]}" "${FP[@]}" -DBENCH_NS=plain -c "$here/$f.cpp" -o plain-$f.o 2>/dev/null
  objs+=(ref-$f.o gcc-$f.o ours-$f.o plain-$f.o)
done
"$GXX" -O2 -std=c++17 -I"$here" -c "$here/main.cpp" -o main.o
"$GXX" main.o "${objs[@]}" -lbenchmark -lpthread -o bench-cxx
# What each build's loops call (the assembly behind the numbers).
for b in gcc ours; do
  echo "$b loops call: $(objdump -dr $b-loops.o | awk '/R_X86_64_PLT32/ { s = $3; sub(/-0x4$/, "", s); print s }' | sort -u | grep _ZGV | tr '\n' ' ')"
done
./bench-cxx --benchmark_format=json --benchmark_out=cxx.json "${args[@]}" >/dev/null
python3 - cxx.json <<'PY'
import json, sys
rows = {}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b.get("aggregate_name", "median") == "median":
        rows[b["run_name"]] = b["cpu_time"]
for w in ("hll", "eos"):
    g, o, p = rows[f"{w}/gcc"], rows[f"{w}/ours"], rows[f"{w}/plain"]
    print(f"{w}: gcc {g:.0f} ns, ours {o:.0f} ns, plain clang {p:.0f} ns; "
          f"ours is {g / o:.2f}x gcc's speed, {p / o:.2f}x plain clang's")
PY
