#!/usr/bin/env bash
# Asserts that our vector variants of the bench kernels are real vector code:
# packed single-precision arithmetic on ymm (d variants) or xmm (b variants),
# no scalar (ss) arithmetic, and per kernel: vsqrtps/vdivps where the body
# has them, no call and no backward jump (so no per-lane loop) where the body
# has none, one vector loop for a divergent loop (mandel), no gathers for the
# stride-3 read (aos3), gathers for the table lookups (noise), calls only to
# the scalar libm functions (bscholes) or the logger (logger); in the
# -ffast-math build, calls of libmvec's entry points of the variant's own
# class and length (bsfast). Also prints, for information only, the same
# counts for a few more variants.
#
#   bench/check-asm.sh [callee.o]
#   CHECK_PREFIX=gcc_ CHECK_INFO=1 bench/check-asm.sh gcc_callee.o
#       the same counts for gcc's clones, for information (no assertion)
#   CHECK_PREFIX=oursfm_ CHECK_FASTMATH=1 bench/check-asm.sh oursfm_callee.o
#       the Black-Scholes variants of the fast-math build (add CHECK_INFO=1
#       for gcc's: counts only)
#   CHECK_PREFIX=ourse_ CHECK_ERRNO=1 bench/check-asm.sh ourse_callee.o
#       the aos3 variants of the math-errno build (aos3e): asserts that ours
#       stay vector code (vsqrtps, no sqrtf call, no lane loop); with
#       CHECK_PREFIX=gcce_ CHECK_INFO=1, gcc's clones for information
# Without an argument, compiles bench/src/callee.c with clang-22 + the plugin
# (VECCLONE_PLUGIN, default build/lib/VecClone.so) into a temporary dir, with
# the bench's flags (-fmath-errno instead of -fno-math-errno when
# CHECK_ERRNO=1) and the kernel prefix CHECK_PREFIX (default ours_).
# Exit status 0 when every assertion holds, 1 otherwise.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/check-asm-common.sh"

if [ $# -ge 1 ]; then
  obj=$1
else
  [ -f "$plugin" ] || { echo "check-asm: plugin $plugin not found" >&2; exit 1; }
  obj=$tmp/callee.o
  errno_flag=-fno-math-errno
  [ "${CHECK_ERRNO:-0}" = 1 ] && errno_flag=-fmath-errno
  "$CLANG" -O3 -fopenmp-simd -ffp-contract=off "$errno_flag" \
    -fpass-plugin="$plugin" -I"$here/src" -DKPREFIX="${CHECK_PREFIX:-ours_}" \
    -c "$here/src/callee.c" -o "$obj"
fi
dis=$tmp/dis.txt
objdump -dr --no-show-raw-insn "$obj" >"$dis"

# Prints "ninsn vec ymm zmm scalar calls loops sqrt_vec div_vec gathers
# callees" for one function of the disassembly (callees: the distinct call
# targets, comma-separated, "-" for none). Packed operations count on ymm and
# zmm registers, and on xmm too for a b (SSE) variant.
stats() {
  local xmm=0
  case $1 in _ZGVb*) xmm=1 ;; esac
  awk -v f="$1" -v xmm="$xmm" "$loops_awk"'
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
      else if (xmm && (mnem ~ /^v?[a-z]*p[sd]$/ || mnem ~ /^v?p[a-z]/) && line ~ /%xmm/) vec++
      if (mnem ~ /^v?(add|sub|mul|div|sqrt|min|max|cvt[a-z0-9]*)s[sd]$/) scalar++
      if (xmm && mnem ~ /^sqrtp[sd]$/) sq++
      if (xmm && mnem ~ /^divp[sd]$/) dv++
      if (mnem ~ /^call/) calls++
      if (mnem ~ /^vsqrtp[sd]$/ && line ~ /%[yz]mm/) sq++
      if (mnem ~ /^vdivp[sd]$/ && line ~ /%[yz]mm/) dv++
      if (mnem ~ /^vp?gather/) gath++
      if (mnem ~ /^j/) {
        split(line, parts, /[ \t]+/)
        branch(addr, hex(parts[2]))
      }
    }
    in_f && /R_X86_64_(PLT32|PC32)/ && last_call {
      sym = $NF; sub(/[-+]0x[0-9a-f]+$/, "", sym)
      if (!(sym in seen)) { seen[sym] = 1; callees = callees (callees == "" ? "" : ",") sym }
    }
    in_f && /^ *[0-9a-f]+:\t/ { last_call = (mnem ~ /^call/) }
    END {
      printf "%d %d %d %d %d %d %d %d %d %d %s\n", n, vec, ymm, zmm, scalar, calls, loops(), sq, dv, gath, (callees == "" ? "-" : callees)
    }
  ' "$dis"
}

stat_names=(n vec ymm zmm scalar calls back sq dv gath callees)
row_format='%-30s %5d %6d %4d %4d %6d %5d %5d %5d/%-2d %6d  %s'
printf '%-30s %5s %6s %4s %4s %6s %5s %5s %8s %6s  %s\n' variant insns packed ymm zmm scalar calls back sqrt/div gather callees
# rules NAME KIND MAX: KIND says what the body must compile to (check with
# KIND 0: information only):
#   1      straight line with sqrt and div: vsqrtps and vdivps, no call, no loop
#   flat   no call, no loop (no sqrt/div required)
#   loop   a divergent loop: exactly one vector loop (the "any lane active"
#          loop), no per-lane loop, no call
#   aos    a strided read done with wide loads and shuffles: no gathers, no
#          call, no loop; its sqrtf as a packed sqrt (so, in the math-errno
#          build, no scalar sqrtf call or errno check per lane)
#   gather table lookups: vector gathers, no call, no loop
#   libm   calls only expf/logf (scalar libm, one per lane), no loop
#   libmvec calls libmvec's expf/logf of the variant's own class and length
#          (_ZGVdN8v_expf in a _ZGVdN8 variant), scalar expf/logf only for
#          uniform arguments: at most MAX calls in all (the third argument,
#          the body's libm calls; lane by lane would be that many per lane),
#          no loop
#   serial calls only vc_log (the logger, lane by lane); its lane loop is
#          allowed
# Every asserted kind also wants at least 5 packed operations, no scalar
# ss/sd arithmetic and, in a b or d variant, no zmm.
rules() {
  local name=$1 kind=$2 max=$3
  [ "$vec" -ge 5 ] || why+=("fewer than 5 packed ops")
  case $name in _ZGVe*) ;; *) [ "$zmm" -eq 0 ] || why+=("zmm outside an AVX-512 variant") ;; esac
  # Scalar arithmetic is fine around scalar libm calls (their arguments),
  # and for the uniform arguments of a hoisted call.
  [ "$scalar" -eq 0 ] || [ "$kind" = libm ] || [ "$kind" = libmvec ] ||
    why+=("scalar ss/sd arithmetic")
  case $kind in
    1|flat|aos|gather)
      [ "$calls" -eq 0 ] || why+=("calls")
      [ "$back" -eq 0 ] || why+=("backward jump (a loop)") ;;
    loop)
      [ "$calls" -eq 0 ] || why+=("calls")
      [ "$back" -eq 1 ] || why+=("$back loops (backward jump targets), want the one vector loop") ;;
    libm)
      [ "$back" -eq 0 ] || why+=("backward jump (a loop)")
      [[ "$callees" =~ ^((expf|logf),?)+$ ]] || why+=("calls other than expf/logf: $callees") ;;
    serial)
      [[ "$callees" == vc_log ]] || why+=("calls other than vc_log: $callees") ;;
    libmvec)
      local cls
      cls=$(sed -E 's/^(_ZGV[bcde])[NM]([0-9]+).*/\1N\2v_/' <<<"$name")
      [ "$back" -eq 0 ] || why+=("backward jump (a loop)")
      [[ "$callees" =~ ^(((${cls}(expf|logf))|expf|logf),?)+$ ]] ||
        why+=("calls other than ${cls}expf/logf and scalar expf/logf: $callees")
      [[ "$callees" == *"$cls"* ]] || why+=("no libmvec call")
      [ "$calls" -le "$max" ] || why+=("$calls calls, want at most $max") ;;
  esac
  if [ "$kind" = 1 ]; then
    [ "$sq" -ge 1 ] || why+=("no packed sqrt")
    [ "$dv" -ge 1 ] || why+=("no packed div")
  fi
  if [ "$kind" = aos ]; then
    [ "$gath" -eq 0 ] || why+=("gathers")
    [ "$sq" -ge 1 ] || why+=("no packed sqrt")
  fi
  if [ "$kind" = gather ]; then
    [ "$gath" -ge 1 ] || why+=("no gathers")
  fi
}

if [ "${CHECK_FASTMATH:-0}" = 1 ]; then
  # The -fopenmp -ffast-math callee (bsfast): the Black-Scholes variants call
  # libmvec's entry points of their own class and length for the 3 expf and
  # the logf of the body; expf(-r * t) of the uniform r, t is one scalar call.
  check _ZGVdN8vvuuu_ours_bscholes libmvec 4
  check _ZGVbN4vvuuu_ours_bscholes libmvec 4
  check _ZGVeN16vvuuu_ours_bscholes libmvec 4
  verdict "the fast-math variants call libmvec"
  exit 0
fi

if [ "${CHECK_ERRNO:-0}" = 1 ]; then
  # The math-errno callee (aos3e): sqrtf may set errno, so a clone that
  # cannot prove its argument non-negative keeps a scalar call per lane.
  check _ZGVdN8ulv_ours_aos3 aos
  check _ZGVbN4ulv_ours_aos3 aos
  check _ZGVeN16ulv_ours_aos3 0
  verdict "the math-errno aos3 variants are vector code (packed sqrt, no call, no loop)"
  exit 0
fi

# AVX2 (d) variants, what gcc -march=x86-64-v3 callers call.
check _ZGVdN8vv_ours_straight 1
check _ZGVdN8vv_ours_ifelse 1
check _ZGVdN8ulv_ours_saxpy 0
check _ZGVdN8vv_ours_imix flat
check _ZGVdN8vv_ours_mandel loop
check _ZGVdN8ulv_ours_aos3 aos
check _ZGVdN8vv_ours_heavy 1
check _ZGVdN8vvuuu_ours_nbody loop
check _ZGVdN8vvuuu_ours_bscholes libm
check _ZGVdN8vv_ours_ray 1
# LLVM's generic x86 tuning prices AVX2 gathers above per-lane loads, so the
# d variant loads lane by lane; the e variant gathers.
check _ZGVdN8uvv_ours_noise flat
check _ZGVdM8vv_ours_cond 1
check _ZGVdN8vv_ours_logger serial
# SSE (b) variants, what -march=x86-64-v2 callers call.
check _ZGVbN4vv_ours_straight 1
check _ZGVbN4vv_ours_ray 1
# SSE2 has no roundps: LLVM calls floorf per lane (gcc expands it inline).
check _ZGVbN4uvv_ours_noise 0
check _ZGVbM4vv_ours_cond 1
check _ZGVbN4vvuuu_ours_bscholes libm
# Information only.
check _ZGVdM8vv_ours_straight 0
check _ZGVeN16vv_ours_straight 0
check _ZGVeN16uvv_ours_noise 0

verdict "every asserted variant is vector code of the expected shape"
