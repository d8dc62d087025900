#!/usr/bin/env bash
# Asserts that our AVX2 (`d`) variants of the straight-line and if/else bench
# kernels are real vector code: packed single-precision ymm arithmetic
# (including vsqrtps/vdivps on ymm), no call, no scalar (ss) arithmetic and no
# backward jump (so no per-lane loop). Also prints, for information only, the
# same counts for the other d and e variants.
#
#   bench/check-asm.sh [callee.o]
# Without an argument, compiles bench/src/callee.c with clang-22 + the plugin
# (VECCLONE_PLUGIN, default build/lib/VecClone.so) into a temporary dir.
# Exit status 0 when every assertion holds, 1 otherwise.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
plugin=${VECCLONE_PLUGIN:-$root/build/lib/VecClone.so}
CLANG=${CC_CLANG:-clang-22}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -ge 1 ]; then
  obj=$1
else
  [ -f "$plugin" ] || { echo "check-asm: plugin $plugin not found" >&2; exit 1; }
  obj=$tmp/callee.o
  "$CLANG" -O3 -fopenmp-simd -ffp-contract=off -fno-math-errno \
    -fpass-plugin="$plugin" -I"$here/src" -DKPREFIX=ours_ \
    -c "$here/src/callee.c" -o "$obj"
fi
objdump -d --no-show-raw-insn "$obj" >"$tmp/dis.txt"

# Prints "ninsn vec ymm zmm scalar calls backjumps sqrt_vec div_vec" for one
# function of the disassembly.
stats() {
  awk -v f="$1" '
    function hex(s,   i, c, v) {
      v = 0; s = tolower(s); sub(/^0x/, "", s)
      for (i = 1; i <= length(s); i++) {
        c = index("0123456789abcdef", substr(s, i, 1))
        if (c == 0) break
        v = v * 16 + c - 1
      }
      return v
    }
    $0 ~ "^[0-9a-f]+ <" f ">:$" { in_f = 1; next }
    in_f && /^[0-9a-f]+ </ { exit }
    in_f && /^ *[0-9a-f]+:\t/ {
      addr = hex(substr($1, 1, length($1) - 1))
      line = $0; sub(/^[^\t]*\t/, "", line)
      if (line ~ /^(nop|data16|cs nop|xchg +%ax,%ax)/ || line ~ /nop/) next
      n++
      mnem = line; sub(/[ \t].*/, "", mnem)
      if (line ~ /%ymm/) ymm++
      if (line ~ /%zmm/) zmm++
      if ((mnem ~ /^v.*p[sd]$/ || mnem ~ /^vp/) && line ~ /%[yz]mm/) vec++
      if (mnem ~ /^v?(add|sub|mul|div|sqrt|min|max|cvt[a-z0-9]*)s[sd]$/) scalar++
      if (mnem ~ /^call/) calls++
      if (mnem ~ /^vsqrtp[sd]$/ && line ~ /%[yz]mm/) sq++
      if (mnem ~ /^vdivp[sd]$/ && line ~ /%[yz]mm/) dv++
      if (mnem ~ /^vp?gather/) gath++
      if (mnem ~ /^j/) {
        split(line, parts, /[ \t]+/)
        tgt = hex(parts[2])
        if (tgt <= addr) back++
      }
    }
    END { printf "%d %d %d %d %d %d %d %d %d %d\n", n, vec, ymm, zmm, scalar, calls, back, sq, dv, gath }
  ' "$tmp/dis.txt"
}

fail=0
printf '%-28s %5s %7s %5s %5s %7s %6s %9s %12s\n' variant insns packed ymm zmm scalar calls backjumps sqrt/div
check() { # name assert(0/1)
  local name=$1 assert=$2
  if ! grep -q "^[0-9a-f]* <$name>:" "$tmp/dis.txt"; then
    echo "$name: not defined in $obj"
    [ "$assert" = 1 ] && fail=1
    return 0
  fi
  read -r n vec ymm zmm scalar calls back sq dv gath < <(stats "$name")
  printf '%-28s %5d %7d %5d %5d %7d %6d %9d %6d/%d' "$name" "$n" "$vec" "$ymm" "$zmm" "$scalar" "$calls" "$back" "$sq" "$dv"
  if [ "$assert" = loop ] || [ "$assert" = aos ]; then
    # loop: a divergent loop, one vector loop (the "any lane active" loop),
    # no per-lane loop. aos: a strided read done with wide loads and
    # shuffles, not gathers or per-lane loads.
    local why=()
    [ "$vec" -ge 5 ] || why+=("fewer than 5 packed ymm/zmm ops")
    [ "$zmm" -eq 0 ] || why+=("zmm in an AVX2 variant")
    [ "$scalar" -eq 0 ] || why+=("scalar ss/sd arithmetic")
    [ "$calls" -eq 0 ] || why+=("calls")
    if [ "$assert" = loop ]; then
      [ "$back" -eq 1 ] || why+=("$back backward jumps, want the one vector loop")
    else
      [ "$back" -eq 0 ] || why+=("backward jump (a loop)")
      [ "$gath" -eq 0 ] || why+=("gathers")
    fi
    if ((${#why[@]})); then
      printf '  FAIL: %s\n' "$(IFS=';'; echo "${why[*]}")"
      fail=1
    else
      printf '  ok\n'
    fi
  elif [ "$assert" = 1 ]; then
    local why=()
    [ "$vec" -ge 5 ] || why+=("fewer than 5 packed ymm/zmm ops")
    [ "$zmm" -eq 0 ] || why+=("zmm in an AVX2 variant")
    [ "$scalar" -eq 0 ] || why+=("scalar ss/sd arithmetic")
    [ "$calls" -eq 0 ] || why+=("calls")
    [ "$back" -eq 0 ] || why+=("backward jump (a loop)")
    [ "$sq" -ge 1 ] || why+=("no vsqrtps on ymm")
    [ "$dv" -ge 1 ] || why+=("no vdivps on ymm")
    if ((${#why[@]})); then
      printf '  FAIL: %s\n' "$(IFS=';'; echo "${why[*]}")"
      fail=1
    else
      printf '  ok\n'
    fi
  else
    printf '  (info)\n'
  fi
}

check _ZGVdN8vv_ours_straight 1
check _ZGVdN8vv_ours_ifelse 1
check _ZGVdM8vv_ours_straight 0
check _ZGVdM8vv_ours_ifelse 0
check _ZGVdN8ulv_ours_saxpy 0
check _ZGVdN8vv_ours_imix 0
check _ZGVeN16vv_ours_straight 0
check _ZGVeN16vv_ours_ifelse 0
check _ZGVdN8vv_ours_mandel loop
check _ZGVdN8ulv_ours_aos3 aos
check _ZGVdN8vv_ours_ray 0
check _ZGVdN8uvv_ours_noise 0
check _ZGVdM8vv_ours_cond 0
check _ZGVdN8vvuuu_ours_bscholes 0
check _ZGVdN8vv_ours_logger 0
check _ZGVbN4vv_ours_ray 0

if [ "$fail" = 0 ]; then
  echo "check-asm: PASS: the d variants of straight, ifelse, mandel and aos3 are ymm vector code with no per-lane loop (mandel: one vector loop; aos3: no gathers)"
else
  echo "check-asm: FAIL" >&2
  exit 1
fi
