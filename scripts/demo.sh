#!/usr/bin/env bash
# The README's demo: clang-22 + vecclone defines the vector variants of a
# `#pragma omp declare simd` function, a gcc-built `omp simd` loop calls them,
# the results are checked against the scalar function, and the loop is timed
# against the same loop built by plain clang-22 (scalar calls).
# Runs from any directory; installs missing packages and builds the plugin
# if needed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
demo=$root/examples/demo
out=$root/build/demo
plugin=$root/build/lib/VecClone.so

# 1. Packages (only those missing).
if [ -x "$root/scripts/setup-deps.sh" ]; then
  "$root/scripts/setup-deps.sh"
else
  pkgs=(llvm-22-dev llvm-22-tools clang-22 libomp-22-dev cmake ninja-build gcc
        libgtest-dev libbenchmark-dev)
  missing=()
  for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if ((${#missing[@]})); then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

# 2. The plugin.
if [ ! -f "$plugin" ]; then
  echo "building the plugin (cmake + ninja into build/) ..."
  blog=$(mktemp)
  { cmake -G Ninja -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release &&
    ninja -C "$root/build"; } >"$blog" 2>&1 || {
    cat "$blog" >&2; echo "demo: building the plugin failed" >&2; exit 1; }
  rm -f "$blog"
fi

mkdir -p "$out"
cd "$out"
log=$out/build.log
: >"$log"
run() { echo "+ $*" >>"$log"; "$@" >>"$log" 2>&1 || { echo "demo: command failed: $*" >&2; cat "$log" >&2; exit 1; }; }
rel() { echo "${1#"$root"/}"; }

# gcc's -march=native where gcc accepts it, else x86-64-v3.
march=native
gcc -march=native -x c -c -o /dev/null - </dev/null >/dev/null 2>&1 || march=x86-64-v3

echo "vecclone demo"
echo "  plugin    $(rel "$plugin")"

# 3. Callee: clang-22 + vecclone.
cc_callee=(clang-22 -O2 -fopenmp-simd -fpass-plugin="$plugin")
run "${cc_callee[@]}" -I"$demo" -c "$demo/kernel.c" -o kernel.o
echo "  callee    $(rel "$demo/kernel.c"): clang-22 -O2 -fopenmp-simd -fpass-plugin=$(rel "$plugin")"
variants=$(nm kernel.o | awk '$2 == "T" && $3 ~ /^_ZGV/ { print $3 }' | sort)
if [ -z "$variants" ]; then
  echo "demo: no _ZGV variants defined in kernel.o" >&2
  exit 1
fi
echo "  variants  $(echo $variants)"

# 4. Caller loops: gcc (calls the variants) and plain clang (scalar calls).
run gcc -O3 -fopenmp-simd -march="$march" -I"$demo" -DLOOP=apply_gcc -c "$demo/loop.c" -o loop_gcc.o
run clang-22 -O3 -fopenmp-simd -march="$march" -I"$demo" -DLOOP=apply_clang -c "$demo/loop.c" -o loop_clang.o
run gcc -O2 -I"$demo" -c "$demo/main.c" -o main.o
run gcc main.o loop_gcc.o loop_clang.o kernel.o -lm -o demo
called=$(objdump -dr loop_gcc.o | awk '/R_X86_64_PLT32/ && $3 ~ /^_ZGV/ { s = $3; sub(/-0x4$/, "", s); if (!(s in seen)) { seen[s]; printf "%s%s", n++ ? " " : "", s } }')
echo "  caller    $(rel "$demo/loop.c"): gcc -O3 -fopenmp-simd -march=$march, calls ${called:-(no variant!)}"
echo "            same loop with plain clang-22 -O3 -fopenmp-simd -march=$march: scalar calls"
if [ -z "$called" ]; then
  echo "demo: gcc's loop does not call any vector variant" >&2
  exit 1
fi

# 5. Check and time.
./demo

# 6. Part 2: a loop whose trip count differs per lane (Mandelbrot). gcc 12
# leaves its own clones of such a body scalar; vplan-ext cuts the variant's
# lane loop so the escape loop runs on all lanes at once.
echo
echo "divergent loop (vplan-ext)"
run "${cc_callee[@]}" -I"$demo" -c "$demo/mandel.c" -o mandel.o
run gcc -O3 -fopenmp-simd -march="$march" -I"$demo" -DLOOP=row_gcc -c "$demo/mandel-loop.c" -o mandel_gcc.o
run clang-22 -O3 -fopenmp-simd -march="$march" -I"$demo" -DLOOP=row_clang -c "$demo/mandel-loop.c" -o mandel_clang.o
run gcc -O2 -I"$demo" -c "$demo/mandel-main.c" -o mandel_main.o
run gcc mandel_main.o mandel_gcc.o mandel_clang.o mandel.o -o mandel_demo
called=$(objdump -dr mandel_gcc.o | awk '/R_X86_64_PLT32/ && $3 ~ /^_ZGV/ { s = $3; sub(/-0x4$/, "", s); if (!(s in seen)) { seen[s]; printf "%s%s", n++ ? " " : "", s } }')
echo "  callee    $(rel "$demo/mandel.c"): escape(), a while loop per pixel"
echo "  caller    $(rel "$demo/mandel-loop.c"): gcc -O3 -fopenmp-simd -march=$march, calls ${called:-(no variant!)}"
if [ -z "$called" ]; then
  echo "demo: gcc's row loop does not call any vector variant" >&2
  exit 1
fi
./mandel_demo

# 7. Part 3: an unmodified OpenCL host program on kernel-wrap's own OpenCL
# platform (registered with the ICD loader beside pocl), answers compared
# with pocl's.
icd=$root/build/icd/kernel-wrap.icd
pocl_icd=/etc/OpenCL/vendors/pocl.icd
if [ ! -f "$icd" ]; then  # a build/ from before the platform existed
  run cmake -G Ninja -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release
  run ninja -C "$root/build" KernelWrapOpenCL
fi
if [ -f "$icd" ] && [ -f "$pocl_icd" ]; then
  echo
  echo "OpenCL platform (kernel-wrap)"
  "$root/scripts/install-icd.sh" >/dev/null
  clinfo -l | sed 's/^/  /'
  run clang-22 -O2 -std=c11 -I"$root/test/opencl" "$root/test/opencl/jacobi.c" -o jacobi -lOpenCL -lm
  echo "  host      $(rel "$root/test/opencl/jacobi.c"): 60 Jacobi steps, buffers swapped by clSetKernelArg"
  for v in "$icd" "$pocl_icd"; do
    start=$(date +%s%N)
    OCL_ICD_VENDORS=$v ./jacobi "$root/test/opencl/Inputs" >jacobi.out 2>&1 ||
      { cat jacobi.out >&2; echo "demo: jacobi failed on $v" >&2; exit 1; }
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    printf '  %-12s %s, result hash %s, %s ms with the build\n' \
      "$(basename "$v" .icd)" "$(grep '^PASS' jacobi.out)" \
      "$(awk '/^sum jacobi.bits_hash/ { print $3 }' jacobi.out)" "$ms"
  done
fi
