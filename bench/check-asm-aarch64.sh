#!/usr/bin/env bash
# The AArch64 counterpart of check-asm.sh: asserts that our AdvSIMD (_ZGVn)
# and SVE (_ZGVsMx) variants of the bench kernels are real vector code.
# AdvSIMD variants: packed arithmetic on v registers (.4s/.2s/.2d/...),
# fsqrt/fdiv on vectors where the body has them, vector compares and
# bsl/bif/bit where it selects, no scalar s/d arithmetic, no call and no
# backward branch (so no per-lane loop) where the body has none, one vector
# loop for a divergent loop (mandel, nbody), calls only of what has no
# variant (expf/logf, the logger). SVE variants: the same on z registers,
# under a predicate (ptrue or whilelo, predicated loads, stores and
# arithmetic), and no stack access where the body is straight (no lane
# arrays left in memory).
#
#   bench/check-asm-aarch64.sh [OBJECT...]
# Without arguments, compiles bench/src/callee.c (bench's flags,
# -DKPREFIX=$CHECK_PREFIX, default ours_) and the declare-simd pixel
# function of bench/mandel/kernels.cpp (-DPFX=ours_) for aarch64-linux-gnu
# with clang-22 (CC_CLANG; the clang++ beside it) and the front-end
# plugin beside VECCLONE_PLUGIN (default build/lib/VecClone.so), which
# loads the passes: once for AdvSIMD (default -march) and once with
# -march=armv8-a+sve. Needs aarch64-linux-gnu-objdump (OBJDUMP).
# CHECK_INFO=1 prints the counts only. Exit status 0 when every assertion
# holds, 1 otherwise.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/check-asm-common.sh"
OBJDUMP=${OBJDUMP:-aarch64-linux-gnu-objdump}

if [ $# -ge 1 ]; then
  objs=("$@")
else
  [ -f "$plugin" ] || { echo "check-asm: plugin $plugin not found" >&2; exit 1; }
  frontend=$(dirname "$plugin")/VecCloneFrontend.so
  # The C++ driver beside CLANG: clang-22 -> clang++-22, .../clang ->
  # .../clang++.
  base=${CLANG##*/}
  CLANGXX=${CLANG%"$base"}${base/#clang/clang++}
  flags=(--target=aarch64-linux-gnu -O3 -fopenmp-simd -ffp-contract=off
         -fno-math-errno -fplugin="$frontend")
  objs=()
  for march in "" -march=armv8-a+sve; do
    o=$tmp/callee${march:+-sve}.o
    "$CLANG" "${flags[@]}" $march -I"$here/src" -DKPREFIX="$prefix" \
      -c "$here/src/callee.c" -o "$o"
    m=$tmp/mandel${march:+-sve}.o
    "$CLANGXX" "${flags[@]}" $march -DPFX="$prefix" \
      -c "$here/mandel/kernels.cpp" -o "$m"
    objs+=("$o" "$m")
  done
fi
obj="${objs[*]}"
# Each object's disassembly and symbol table, after a line naming it (a
# local function's call names its section and offset in that object).
dis=$tmp/dis.txt syms=$tmp/syms.txt
: >"$dis"
: >"$syms"
for o in "${objs[@]}"; do
  echo "@@object $o" | tee -a "$syms" >>"$dis"
  "$OBJDUMP" -dr --no-show-raw-insn "$o" >>"$dis"
  "$OBJDUMP" -t "$o" >>"$syms"
done

# Prints "ninsn packed scalar calls loops sqrt div cmp sel pred stack
# callees" for one function of the disassembly: packed, instructions on
# v-register arrangements (v0.4s), q or z registers; scalar, floating-point
# arithmetic on h/s/d registers; loops, as check-asm.sh counts them
# (backward branches within the function); cmp and sel, vector compares
# and selects (bsl/bif/bit, SVE sel); pred, ptrue/while* and instructions
# with a predicate operand; stack, vector or floating-point data moved to
# or from the stack (lane arrays or spills: the frame record and predicate
# spills do not count); callees, the distinct call targets, tail calls
# included (a call into another section is named by the symbol table), "-"
# for none.
stats() {
  awk -v f="$1" "$loops_awk"'
    function note_callee() {
      if (pend != "" && !(pend in seen)) {
        seen[pend] = 1; callees = callees (callees == "" ? "" : ",") pend
      }
      pend = ""
    }
    /^@@object / { o = $2; if (in_f) exit; next }
    FNR == NR {
      # objdump -t: address flags... section size [other] name
      if (NF >= 5) symat[o, $(NF - 3) "+" hex($1)] = $NF
      next
    }
    $0 ~ "^[0-9a-f]+ <" f ">:$" { in_f = 1; next }
    in_f && /^[0-9a-f]+ </ { exit }
    in_f && /^Disassembly of section/ { exit }
    in_f && /^ *[0-9a-f]+:\t/ {
      note_callee()
      addr = hex(substr($1, 1, length($1) - 1))
      line = $0; sub(/^[^\t]*\t/, "", line)
      mnem = line; sub(/[ \t].*/, "", mnem)
      if (mnem == "nop") next
      n++
      ops = line; sub(/^[^ \t]*[ \t]*/, "", ops)
      isvec = ops ~ /(^|[ {,\[])(v[0-9]+\.[0-9]*[bhsd]|z[0-9]+\.[bhsdq]|q[0-9]+)($|[ },\]])/
      if (isvec) vec++
      else if (mnem ~ /^f(add|sub|mul|div|sqrt|n?madd|n?msub|nmul|min|max|minnm|maxnm|abs|neg)$/ && ops ~ /^[hsd][0-9]+,/) scalar++
      if (isvec && mnem == "fsqrt") sq++
      if (isvec && mnem ~ /^fdivr?$/) dv++
      if (isvec && mnem ~ /^f?cm(gt|ge|eq|lt|le|ne|hi|hs|tst)$/) cmp++
      if (isvec && mnem ~ /^(bsl|bif|bit|sel)$/) sel++
      if (mnem ~ /^(ptrue|ptrues|while(lo|lt|le|ls|hi|hs|gt|ge))$/) pred++
      else if (ops ~ /(^|[ ,])p[0-9]+(\/[mz])?($|[ ,\]])/) pred++
      # Vector or floating-point data in the stack frame (lane arrays, or
      # spills); the frame record and predicate spills do not count.
      if (ops ~ /\[sp[],]/ && ops ~ /^\{?[zvqds][0-9]+/) stack++
      target = ""
      if (match(ops, /<[^>]*>/)) target = substr(ops, RSTART + 1, RLENGTH - 2)
      # A call: bl, or b to another function (a tail call; its relocation
      # follows). A branch within the function names the function.
      if (mnem ~ /^(bl|blr)$/) calls++
      else if (mnem ~ /^(b|b\.[a-z]+|cbn?z|tbn?z)$/ && (target == f || index(target, f "+") == 1) && match(ops, /[0-9a-f]+ </))
        branch(addr, hex(substr(ops, RSTART, RLENGTH - 2)))
      else if (mnem == "b" && target != "") calls++
      # The call target: the name objdump prints, unless a relocation
      # follows (a call into another section shows offset 0).
      pend = (mnem == "bl" || (mnem == "b" && target != f && index(target, f "+") != 1)) ? target : ""
      next
    }
    in_f && /R_AARCH64_(CALL|JUMP)26/ && pend != "" {
      sym = $NF
      if (sym ~ /^\./) {
        # A local function reached through its section: section+0xOFF.
        sec = sym; off = 0
        if (match(sym, /\+0x[0-9a-f]+$/)) {
          off = hex(substr(sym, RSTART + 1)); sec = substr(sym, 1, RSTART - 1)
        }
        if ((o, sec "+" off) in symat) sym = symat[o, sec "+" off]
      }
      pend = sym
    }
    END {
      note_callee()
      printf "%d %d %d %d %d %d %d %d %d %d %d %s\n", n, vec, scalar, calls, loops(), sq, dv, cmp, sel, pred, stack, (callees == "" ? "-" : callees)
    }
  ' "$syms" "$dis"
}

stat_names=(n vec scalar calls back sq dv cmp sel pred stack callees)
row_format='%-34s %5d %6d %6d %5d %5d %5d/%-2d %4d %4d %5d %5d  %s'
printf '%-34s %5s %6s %6s %5s %5s %8s %4s %4s %5s %5s  %s\n' variant insns packed scalar calls back sqrt/div cmp sel pred stack callees
# rules NAME KIND: KIND, a comma-separated list, says what the body must
# compile to (check with KIND 0: information only):
#   flat    no call, no backward branch (no lane loop)
#   sqrt    a vector fsqrt;  div  a vector fdiv
#   select  a vector compare, and in an AdvSIMD variant bsl/bif/bit (SVE
#           selects are predicated moves and sel)
#   loop    a divergent loop: exactly one loop (the "any lane active" one),
#           no call
#   libm    calls only expf/logf (no vector form without -ffast-math), no
#           loop in an AdvSIMD variant (SVE's lane count is only known at
#           run time: one loop over the lanes)
#   serial  calls only vc_log (the logger, lane by lane); its lane loop is
#           allowed
#   wrap    no loop, and calls at most its own .wrap copy (the out-of-line
#           copy for linear values that would wrap past INT_MAX)
#   small   a body of a multiply and an add: 3 packed operations suffice
# Every asserted kind also wants at least 5 packed operations (3 for
# small) and no scalar arithmetic (outside libm and serial), and an SVE
# variant wants predicates and, unless it
# calls or loops, no vector data on the stack (no lane array left).
rules() {
  local name=$1 kinds=",$2," k min=5
  [[ $kinds == *,small,* ]] && min=3
  [ "$vec" -ge "$min" ] || why+=("fewer than $min packed ops")
  [ "$scalar" -eq 0 ] || [[ $kinds == *,libm,* || $kinds == *,serial,* ]] ||
    why+=("scalar s/d arithmetic")
  case $name in
    _ZGVs*)
      [ "$pred" -ge 1 ] || why+=("no predicate")
      if [[ $kinds == *,flat,* || $kinds == *,wrap,* ]]; then
        [ "$stack" -eq 0 ] || why+=("vector data on the stack (lane arrays?)")
      fi ;;
  esac
  local loops_ok=0
  [[ $name == _ZGVs* ]] && loops_ok=1
  IFS=, read -ra ks <<<"$2"
  for k in "${ks[@]}"; do
    case $k in
      flat)
        [ "$calls" -eq 0 ] || why+=("calls: $callees")
        [ "$back" -eq 0 ] || why+=("backward branch (a loop)") ;;
      wrap)
        [[ "$callees" == - || "$callees" == "$name.wrap" ]] ||
          why+=("calls other than $name.wrap: $callees")
        [ "$back" -eq 0 ] || why+=("backward branch (a loop)") ;;
      sqrt) [ "$sq" -ge 1 ] || why+=("no vector fsqrt") ;;
      div) [ "$dv" -ge 1 ] || why+=("no vector fdiv") ;;
      select)
        [ "$cmp" -ge 1 ] || why+=("no vector compare")
        case $name in
          _ZGVn*) [ "$sel" -ge 1 ] || why+=("no bsl/bif/bit") ;;
        esac ;;
      loop)
        [ "$calls" -eq 0 ] || why+=("calls: $callees")
        [ "$back" -eq 1 ] || why+=("$back loops, want the one vector loop") ;;
      libm)
        [ "$back" -le "$loops_ok" ] || why+=("$back loops")
        [[ "$callees" =~ ^((expf|logf),?)+$ ]] || why+=("calls other than expf/logf: $callees") ;;
      serial)
        [[ "$callees" == vc_log ]] || why+=("calls other than vc_log: $callees") ;;
      small) ;;
      *) why+=("unknown kind $k") ;;
    esac
  done
}

# AdvSIMD: 4 lanes of float in a q register (what gcc's and clang's
# AArch64 callers call at 128 bits), and 2 in a d register for a few.
for v in N4 N2; do
  check _ZGVn${v}vv_ours_straight flat,sqrt,div
  check _ZGVn${v}vv_ours_ifelse flat,sqrt,div,select
done
check _ZGVnN4ulv_ours_saxpy wrap,small
check _ZGVnN4vv_ours_imix flat,select
check _ZGVnN4vv_ours_mandel loop
check _ZGVnN4ulv_ours_aos3 wrap,sqrt
check _ZGVnN4vv_ours_heavy flat,sqrt,div,select
check _ZGVnN4vvuuu_ours_nbody loop
check _ZGVnN4vvuuu_ours_bscholes libm
check _ZGVnN4vv_ours_ray flat,sqrt,div,select
# No gathers in AdvSIMD: the table lookups load lane by lane, unrolled.
check _ZGVnN4uvv_ours_noise flat,select
for v in M4 M2; do
  check _ZGVn${v}vv_ours_cond flat,sqrt,div
done
check _ZGVnN4vv_ours_logger serial
# The C++ pixel function of bench/mandel: uniform count, divergent loop.
check _ZGVnN4vvu__Z10ours_pixelffi loop
# SVE: one masked variant of scalable length per pragma.
check _ZGVsMxvv_ours_straight flat,sqrt,div
check _ZGVsMxvv_ours_ifelse flat,sqrt,div,select
check _ZGVsMxulv_ours_saxpy wrap,small
check _ZGVsMxvv_ours_imix flat
# Divergent loops run in rounds over all vscale x N lanes: one loop.
check _ZGVsMxvv_ours_mandel loop
check _ZGVsMxulv_ours_aos3 wrap,sqrt
check _ZGVsMxvv_ours_heavy flat,sqrt,div,select
check _ZGVsMxvvuuu_ours_nbody loop
check _ZGVsMxvvuuu_ours_bscholes libm
check _ZGVsMxvv_ours_ray flat,sqrt,div,select
check _ZGVsMxuvv_ours_noise flat
check _ZGVsMxvv_ours_cond flat,sqrt,div
# Not vector code: vc_log has no variant, and with a scalable length the
# plugin keeps the whole body a scalar lane loop over stack lane arrays
# (remark "stays a scalar lane loop"); AdvSIMD's fixed 4 lanes get vector
# code around the calls. Counts only.
check _ZGVsMxvv_ours_logger 0
check _ZGVsMxvvu__Z10ours_pixelffi loop

verdict "every asserted AArch64 variant is vector code of the expected shape"
