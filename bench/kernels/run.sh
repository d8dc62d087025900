#!/usr/bin/env bash
# bench/kernels: the OpenCL corpus with kernel-wrap against pocl, at 1 and 2
# threads. Called by bench/run.sh with BENCH_BUILD and maybe --smoke; writes
# $BENCH_BUILD/kernels.md (and kernels.json) and fails on wrong answers.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${BENCH_BUILD:-$root/build/bench}
mkdir -p "$out"
args=(--build "$root/build" --threads 1,2 --md "$out/kernels.md"
      --json "$out/kernels.json")
[ "${1:-}" = --smoke ] && args+=(--smoke)
exec python3 "$here/run.py" "${args[@]}"
