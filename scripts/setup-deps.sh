#!/usr/bin/env bash
# Installs the project's Debian 12 packages, only those missing.
# LLVM/Clang 22 come from Debian's bookworm-security archive; gcc 12 is the ABI
# peer; GoogleTest and Google Benchmark for unit tests and bench/;
# matplotlib for bench/'s chart.
set -euo pipefail
# libclang-rt-22-dev: the sanitizer runtimes the fuzzer's sanitized batches
# and test/outside link with (clang-22 pulls it in; named so it stays).
# libclang-cpp22-dev + libclang-22-dev: the front-end plugin (frontend/)
# links libclang-cpp and includes clang's headers. llvm-22-linker-tools:
# LLVMgold.so, for the -flto tests (ld.gold).
PKGS=(llvm-22-dev llvm-22-tools clang-22 libclang-rt-22-dev libomp-22-dev
      libclang-cpp22-dev libclang-22-dev llvm-22-linker-tools cmake ninja-build
      gcc g++ binutils python3 libgtest-dev libgmock-dev libbenchmark-dev
      python3-matplotlib
      pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo
      creduce  # creduce: scripts/fuzz.sh --reduce
      # AArch64 tests (test/aarch64/): gcc 12's aarch64 clones are the ABI
      # peer, qemu-user runs the binaries, objdump reads their code.
      gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross
      qemu-user binutils-aarch64-linux-gnu)
missing=()
for p in "${PKGS[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup-deps: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
