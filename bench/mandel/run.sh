#!/bin/bash
# Mandelbrot (library-style example) against hand-written AVX2 and AVX-512
# versions.
#
#   bench/mandel/run.sh [--quick] [google-benchmark flags...]
#
# Builds kernels.cpp with g++ 12 -O3 -fopenmp-simd, plain clang++-22 -O3
# -fopenmp-simd and clang++-22 -O3 -fopenmp-simd + the vecclone plugin, at
# -march=x86-64-v3 and -v4 (all with -ffp-contract=off, so every version
# computes exactly the scalar reference's counts), links them with the
# hand-written versions and the Google Benchmark driver, checks every
# version against the scalar reference, times them, and prints each one's
# time and its ratios to the hand-written versions (AVX-512 where the CPU
# has it).
#
# Environment: PLUGIN (default build/lib/VecClone.so of this checkout),
# BUILD (default /tmp/vecclone-mandel-$USER), LLVM_BIN (/usr/lib/llvm-22/bin),
# REPS (repetitions, default 5; --quick: 1).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
PLUGIN=${PLUGIN:-$ROOT/build/lib/VecClone.so}
BUILD=${BUILD:-/tmp/vecclone-mandel-${USER:-me}}
REPS=${REPS:-5}
if [[ ${1:-} == --quick ]]; then REPS=1; shift; fi
[[ -f $PLUGIN ]] || { echo "no plugin at $PLUGIN (build it, or set PLUGIN)" >&2; exit 1; }
mkdir -p "$BUILD"

COMMON=(-O3 -fopenmp-simd -ffp-contract=off -I"$HERE")
build() { # prefix compiler... -- flags
  local pfx=$1; shift
  "$@" "${COMMON[@]}" -DPFX="${pfx}_" -c "$HERE/kernels.cpp" -o "$BUILD/$pfx.o"
}
for v in 3 4; do
  build gcc_v$v g++ -march=x86-64-v$v
  build plain_v$v "$LLVM_BIN/clang++" -march=x86-64-v$v
  build ours_v$v "$LLVM_BIN/clang++" -fpass-plugin="$PLUGIN" -march=x86-64-v$v
done
# The reference: scalar, no vectorization of any kind.
g++ -O1 -fno-tree-vectorize -ffp-contract=off -I"$HERE" -DPFX=ref_ \
  -c "$HERE/kernels.cpp" -o "$BUILD/ref.o"
g++ -O3 -ffp-contract=off -I"$HERE" -c "$HERE/hand_avx2.cpp" -o "$BUILD/hand.o"
g++ -O2 -I"$HERE" -c "$HERE/main.cpp" -o "$BUILD/main.o"
g++ "$BUILD"/{main,ref,hand,gcc_v3,plain_v3,ours_v3,gcc_v4,plain_v4,ours_v4}.o \
  -lbenchmark -lpthread -o "$BUILD/mandel-bench"

"$BUILD/mandel-bench" --benchmark_repetitions="$REPS" \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.2s \
  --benchmark_out="$BUILD/results.json" --benchmark_out_format=json \
  "$@" >"$BUILD/console.txt"
grep -E '^(WRONG|checked)' "$BUILD/console.txt"

python3 - "$BUILD/results.json" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))["benchmarks"]
# Median when repeated, the single run otherwise.
ms = {}
for r in runs:
    name = r.get("run_name", r["name"]).removesuffix("/real_time")
    if r.get("aggregate_name", "median") == "median":
        ms[name] = r["real_time"]
hand = ms.get("hand/avx2")
hand512 = ms.get("hand/avx512")
print(f"{'version':<22}{'ms/image':>10}{'/ hand AVX2':>13}{'/ hand AVX-512':>16}")
for name, t in ms.items():
    ratio = f"{t / hand:.2f}" if hand else "-"
    ratio512 = f"{t / hand512:.2f}" if hand512 else "-"
    print(f"{name:<22}{t:>10.2f}{ratio:>13}{ratio512:>16}")
PY
