#!/usr/bin/env bash
# Registers kernel-wrap's OpenCL platform with the ICD loader (ocl-icd):
# /etc/OpenCL/vendors/kernel-wrap.icd names build/lib/libkernel-wrap-opencl.so,
# so every OpenCL program on the machine (clinfo too) sees it beside pocl.
# Without installing: OCL_ICD_VENDORS=build/icd/kernel-wrap.icd ./program
# shows a program only this platform. --remove takes the registration away.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
dest=/etc/OpenCL/vendors/kernel-wrap.icd
sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
if [ "${1:-}" = "--remove" ]; then
  $sudo rm -f "$dest"
  exit 0
fi
icd=$build/icd/kernel-wrap.icd
[ -f "$icd" ] || { echo "install-icd: $icd missing: build first (scripts/build.sh)" >&2; exit 1; }
$sudo mkdir -p /etc/OpenCL/vendors
$sudo cp "$icd" "$dest"
echo "install-icd: $dest -> $(cat "$icd")"
