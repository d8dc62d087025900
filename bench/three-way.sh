#!/bin/sh
# Shared by bench/mixed and bench/search (each run.sh calls it with its own
# directory): builds the directory's callee.c and caller.c with gcc 12 (-O0,
# the reference, and -O2), plain clang and clang + vecclone (caller and
# callee by the same compiler), each with its own name prefix
# (-DBENCH_PFX=ref_|gcc_|plain_|ours_), links them into the directory's
# main.cpp driver (which checks every build against the reference before
# timing), and prints ours / gcc and ours / plain clang per benchmark.
#   bench/three-way.sh DIR [PLUGIN] [-march=...]  (default build/lib/VecClone.so,
#                                                   -march=x86-64-v3)
set -eu
here=$(cd "$1" && pwd)
name=$(basename "$here")
shift
plugin=${1:-$here/../../build/lib/VecClone.so}
march=${2:--march=x86-64-v3}
clang=${CLANG:-/usr/lib/llvm-22/bin/clang}
clangxx=${CLANGXX:-/usr/lib/llvm-22/bin/clang++}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
cd "$out"
cc() { # compiler prefix flags...
  comp=$1; pfx=$2; shift 2
  for f in callee caller; do
    $comp -O2 -fopenmp-simd $march -ffp-contract=off -DBENCH_PFX=$pfx \
      -I"$here" "$@" -c "$here/$f.c" -o $pfx$f.o
  done
}
cc gcc ref_ -O0
cc gcc gcc_
cc "$clang" plain_
cc "$clang" ours_ -fpass-plugin="$plugin"
$clangxx -O2 "$here/main.cpp" ref_*.o gcc_*.o plain_*.o ours_*.o -lbenchmark -lpthread -o $name-bench
./$name-bench --benchmark_min_time=0.3 --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true --benchmark_format=json \
  > result.json
python3 - result.json <<'PY'
import json, sys, collections
t = collections.defaultdict(dict)
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b.get("aggregate_name") != "median":
        continue
    kind, cfg, arg = b["run_name"].split("/")
    t[f"{kind}/{arg}"][cfg] = b["real_time"] * (1e3 if b["time_unit"] == "us" else 1)
print(f"{'benchmark':14} {'gcc':>10} {'plain':>10} {'ours':>10} {'ours/gcc':>9} {'ours/plain':>10}  (ns per call of the loop)")
for k, v in t.items():
    print(f"{k:14} {v['gcc']:10.0f} {v['plain']:10.0f} {v['ours']:10.0f} "
          f"{v['ours'] / v['gcc']:9.2f} {v['ours'] / v['plain']:10.2f}")
PY
echo "build and results: $out"
