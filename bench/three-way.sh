#!/bin/sh
# Shared by bench/mixed, bench/search and bench/rowdot (each run.sh calls it with its own
# directory): builds the directory's callee.c and caller.c with gcc 12 (-O0,
# the reference, and -O2), plain clang and clang + vecclone (caller and
# callee by the same compiler), each with its own name prefix
# (-DBENCH_PFX=ref_|gcc_|plain_|ours_), links them into the directory's
# main.cpp driver (which checks every build against the reference before
# timing) in five object orders, and prints ours / gcc and ours / plain
# clang per benchmark (medians over the five).
#   bench/three-way.sh DIR [PLUGIN] [-march=...]  (default build/lib/VecClone.so,
#                                                   -march=x86-64-v3)
set -eu
here=$(cd "$1" && pwd)
name=$(basename "$here")
shift
plugin=${1:-$here/../../build/lib/VecClone.so}
case $plugin in /*) ;; *) plugin=$PWD/$plugin ;; esac
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
cc "$clang" plain_ -Wno-pass-failed
cc "$clang" ours_ -fpass-plugin="$plugin"
# The same objects linked in five orders: where each configuration's code
# lands moves loop and branch alignment, which alone changes a search
# loop's time by up to 1.7x on Zen 5 (the same gcc object, linked after
# another callee of a different size). Each binary times every
# configuration; the table gives the median time and the median ratio over
# the five, and the ratios' range.
objs="ref_callee.o ref_caller.o gcc_callee.o gcc_caller.o plain_callee.o plain_caller.o ours_callee.o ours_caller.o"
rotate() { # N: the object list rotated by N
  echo $objs | tr ' ' '\n' | awk -v n="$1" '{a[NR-1]=$0} END {for (i = 0; i < NR; i++) printf "%s ", a[(i + n) % NR]}'
}
k=0
for order in "$objs" "$(echo $objs | tr ' ' '\n' | tac | tr '\n' ' ')" \
    "$(rotate 2)" "$(rotate 4)" "$(rotate 6)"; do
  k=$((k + 1))
  $clangxx -O2 "$here/main.cpp" $order -lbenchmark -lpthread -o $name-bench-$k
  ./$name-bench-$k --benchmark_min_time=0.3 --benchmark_repetitions=3 \
    --benchmark_report_aggregates_only=true --benchmark_format=json \
    > result-$k.json
done
python3 - result-*.json <<'PY'
import json, sys, collections, statistics
runs = []
for f in sys.argv[1:]:
    t = collections.defaultdict(dict)
    for b in json.load(open(f))["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        kind, cfg, arg = b["run_name"].split("/")
        t[f"{kind}/{arg}"][cfg] = b["real_time"] * (1e3 if b["time_unit"] == "us" else 1)
    runs.append(t)
med = statistics.median
print(f"{'benchmark':14} {'gcc':>10} {'plain':>10} {'ours':>10} {'ours/gcc':>9} {'ours/plain':>10}  {'ours/gcc range':>15}  (ns per call of the loop; medians over {len(runs)} link orders)")
for k in runs[0]:
    g = med(r[k]['gcc'] for r in runs)
    p = med(r[k]['plain'] for r in runs)
    o = med(r[k]['ours'] for r in runs)
    rg = [r[k]['ours'] / r[k]['gcc'] for r in runs]
    rp = [r[k]['ours'] / r[k]['plain'] for r in runs]
    print(f"{k:14} {g:10.0f} {p:10.0f} {o:10.0f} {med(rg):9.2f} {med(rp):10.2f}  "
          f"{min(rg):7.2f}-{max(rg):.2f}")
PY
echo "build and results: $out"
