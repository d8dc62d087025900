#!/usr/bin/env bash
# Differential fuzzing of the AdvSIMD variants (issue 23): N random
# declare-simd functions (test/fuzz/gen_fuzz.py --arch=aarch64) in batches,
# each built for aarch64 by clang with the plugin and run under qemu-user:
#   1. names: every AdvSIMD name the plugin defines for them (clang's and
#      gcc 12's) is in the object (nm);
#   2. a gcc-built driver calls each variant directly with the vector PCS
#      (masks all/none/one/random) and compares every active lane and every
#      byte behind pointers with the scalar function;
#   3. omp simd loops over guarded arrays built by gcc 12 and by clang with
#      the plugin, against scalar loops.
# Callee and clang-built loops are compiled with the front-end plugin
# (VecCloneFrontend.so beside --plugin) and the pass plugin, as users
# build. Callee flags are drawn from the seed: -O1/-O2/-O3/-Os,
# -ffp-contract=off/on/fast (lanes must still equal the scalar function bit
# for bit), -mllvm -vplan-min-speedup=0 in one batch of two (every lane loop
# vectorized). A compile crash counts as a crash. The callee is built in
# verify mode (-vplan-ext-verify-plan, -vplan-ext-verify-vectorizer): a
# plan the cut or the loop vectorizer disagrees with fails its compile.
# --cxx: C++ functions (gen_fuzz.py --cxx with the shapes that make
# references, members, static members and templates), built by clang++, loops
# by g++ and clang++; names are then checked by the driver alone (template
# variants are weak symbols). --sve: SVE batches, the callee and clang's
# loops built with -march=armv8-a+sve (clang then promises only _ZGVsMx...
# names, so neither the gcc-built driver nor gcc's loops apply): the
# loops, which call the SVE variants, against the scalar loops under qemu
# at an SVE length drawn from the seed (128/256/512/2048 bits); the line
# says how many _ZGVsMx variants the callee defines and the loops call.
# --shapes=LIST: gen_fuzz.py's --shapes for C functions (the x86 ones,
# msabi and the asm of asmgoto, do not apply here); `strided` makes the
# interleave groups with gaps SVE groups under a mask too.
#
# usage: scripts/fuzz-aarch64.sh [-n N] [-b BATCH] [-s FIRST_SEED] [-o OUTDIR]
#                                [-j JOBS] [--plugin PATH] [--cxx] [--sve]
#                                [--shapes=LIST]
# Prints one line per batch and a summary; exit status 0 only with zero
# mismatches and zero crashes.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=200 batch=25 seed=1 out= jobs=1 cxx=0 sve=0 shapes=
plugin=$root/build/lib/VecClone.so
while [ $# -gt 0 ]; do
  case $1 in
    -n) n=$2; shift 2 ;;
    -b) batch=$2; shift 2 ;;
    -s) seed=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    --cxx) cxx=1; shift ;;
    --sve) sve=1; shift ;;
    --shapes=*) shapes=${1#--shapes=}; shift ;;
    *) echo "usage: $0 [-n N] [-b BATCH] [-s SEED] [-o OUTDIR] [-j JOBS] [--plugin PATH] [--cxx] [--sve] [--shapes=LIST]" >&2; exit 2 ;;
  esac
done
for t in aarch64-linux-gnu-gcc qemu-aarch64 clang-22; do
  command -v $t >/dev/null || { echo "fuzz-aarch64: $t missing (scripts/setup-deps.sh installs it)" >&2; exit 2; }
done
[ -n "$out" ] || out=$(mktemp -d /tmp/fuzz-aarch64.XXXXXX)
mkdir -p "$out"
# As users build: the front-end plugin beside the pass plugin (it records
# the declared pointee sizes the AdvSIMD masks count).
frontend="-fplugin=$(dirname "$plugin")/VecCloneFrontend.so"
ctime=${FUZZ_COMPILE_TIMEOUT:-300}
clang="clang-22 --target=aarch64-linux-gnu $frontend"
gcc=aarch64-linux-gnu-gcc
ext=c genopts=${shapes:+--shapes=$shapes} loopcc=$gcc
if [ "$cxx" = 1 ]; then
  clang="clang++-22 --target=aarch64-linux-gnu $frontend"
  ext=cpp genopts="--cxx --shapes=refs,member,static,template" loopcc=aarch64-linux-gnu-g++
fi
run="qemu-aarch64 -L /usr/aarch64-linux-gnu"

# The callee's flags for batch SEED: an optimization level, a contraction
# mode and, in every other group of twelve seeds, every lane loop vector.
batch_flags() { # SEED
  local s=$1 opts=(-O1 -O2 -O3 -Os) contr=(off on fast)
  local f="${opts[$((s % 4))]} -ffp-contract=${contr[$(((s / 4) % 3))]}"
  [ $(((s / 12) % 2)) = 1 ] && f="$f -mllvm -vplan-min-speedup=0"
  echo "$f"
}

# Generates the batch of the caller's $s into $d and builds its callee and
# clang's loops with compiler CC (WHAT: "" or "SVE ", for the messages);
# prints the failure and returns 2 if a step fails.
build_batch() { # CC WHAT
  local cc=$1 what=$2
  python3 "$root/test/fuzz/gen_fuzz.py" "$s" "$count" "$d" --first="$first" \
    --narrow-helpers --arch=aarch64 $genopts || { echo "seed $s: GENERATOR FAILED"; return 2; }
  # A compile longer than $ctime seconds is a failure too (HANG), as in
  # fuzz.sh (FUZZ_COMPILE_TIMEOUT): seed 48302's callee kept the AArch64
  # backend busy for minutes, and the batch waited for it.
  timeout -k 10 "$ctime" $cc -fpass-plugin="$plugin" -mllvm -vplan-ext-verify-plan \
      -mllvm -vplan-ext-verify-vectorizer $flags \
      -fopenmp-simd -w -c "$d/callee.$ext" -o "$d/callee.o" 2>"$d/compile.log"
  local rc=$?
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    echo "seed $s: CRASH compiling the ${what}callee ($flags): HANG, more than $ctime s"
    return 2
  fi
  if [ "$rc" != 0 ]; then
    echo "seed $s: CRASH compiling the ${what}callee ($flags): $(grep -m1 -E 'error|LLVM ERROR' "$d/compile.log")"
    return 2
  fi
  timeout -k 10 "$ctime" $cc -fpass-plugin="$plugin" -O2 -fopenmp-simd -w -c "$d/caller.$ext" -o "$d/ccaller.o" 2>>"$d/compile.log" ||
    { echo "seed $s: CRASH compiling the ${what}loops"; return 2; }
}

# One SVE batch (--sve): the callee and clang's loops with +sve, under qemu
# at the seed's SVE length.
one_sve_batch() { # SEED FIRST COUNT
  local s=$1 first=$2 count=$3 d=$out/b$1 lens=(16 32 64 256)
  local flags vl=${lens[$(((s / 2) % 4))]}
  flags=$(batch_flags "$s")
  mkdir -p "$d"
  local sveclang="$clang -march=armv8-a+sve"
  build_batch "$sveclang" "SVE " || return 2
  $sveclang "$d/ccaller.o" "$d/callee.o" -lm -o "$d/cloops" || { echo "seed $s: link failed"; return 2; }
  # Every scalable name clang promises (fixed-length SVE names get a
  # warning and no definition, by design) must be in the object.
  # (Without the plugin, so without its -mllvm options.)
  $sveclang ${flags%% -mllvm*} -fopenmp-simd -w -S -emit-llvm -o - "$d/callee.$ext" |
    grep -o '"_ZGVsMx[^"]*"' | tr -d '"' | sort -u >"$d/sve-names.txt"
  aarch64-linux-gnu-nm "$d/callee.o" | sed -n 's/^.* [TW] \(_ZGVsMx.*\)$/\1/p' | sort -u >"$d/sve-defined.txt"
  local missing defined called cl
  missing=$(comm -23 "$d/sve-names.txt" "$d/sve-defined.txt" | wc -l)
  defined=$(wc -l <"$d/sve-defined.txt")
  called=$(aarch64-linux-gnu-nm "$d/ccaller.o" | grep -c ' U _ZGVsMx')
  cl=$(timeout 300 $run -cpu max,sve-default-vector-length=$vl "$d/cloops" 2>&1 | tee "$d/cloops.out" | sed -n 's/^mismatches: //p')
  if [ "${cl:-x}" = 0 ] && [ "$missing" = 0 ]; then
    echo "seed $s: ok ($count cases, SVE $((vl * 8)) bits, callee $flags, $defined variants defined, $called called by the loops, names missing 0)"
    return 0
  fi
  echo "seed $s: MISMATCH (SVE $((vl * 8)) bits, callee $flags): clang loops ${cl:-CRASH}, names missing $missing; see $d"
  return 1
}

# One batch: prints its line; the status says ok (0), mismatch (1), crash (2).
one_batch() { # SEED FIRST COUNT
  [ "$sve" = 1 ] && { one_sve_batch "$@"; return; }
  local s=$1 first=$2 count=$3 d=$out/b$1 flags
  flags=$(batch_flags "$s")
  mkdir -p "$d"
  build_batch "$clang" "" || return 2
  $gcc -O0 -w -c "$d/driver.c" -o "$d/driver.o" && $loopcc -O2 -fopenmp-simd -w -c "$d/caller.$ext" -o "$d/gcaller.o" ||
    { echo "seed $s: gcc failed"; return 2; }
  local missing=0
  [ "$cxx" = 1 ] ||
    missing=$(python3 "$root/test/abi/check_names.py" defined --names "$d/names.txt" "$d/callee.o" | sed -n 's/^missing names: //p')
  $loopcc "$d/driver.o" "$d/callee.o" -lm -o "$d/driver" && $loopcc "$d/gcaller.o" "$d/callee.o" -lm -o "$d/gloops" &&
    $clang "$d/ccaller.o" "$d/callee.o" -lm -o "$d/cloops" || { echo "seed $s: link failed"; return 2; }
  local dv gl cl
  dv=$(timeout 300 $run "$d/driver" 2>&1 | tee "$d/driver.out" | sed -n 's/^mismatches: //p')
  gl=$(timeout 300 $run "$d/gloops" 2>&1 | tee "$d/gloops.out" | sed -n 's/^mismatches: //p')
  cl=$(timeout 300 $run "$d/cloops" 2>&1 | tee "$d/cloops.out" | sed -n 's/^mismatches: //p')
  local ran
  ran=$(sed -n 's/^class n (AdvSIMD): ran \([0-9]*\) variants/\1/p' "$d/driver.out")
  if [ "${dv:-x}" = 0 ] && [ "${gl:-x}" = 0 ] && [ "${cl:-x}" = 0 ] && [ "${missing:-x}" = 0 ]; then
    echo "seed $s: ok ($count cases, callee $flags, $ran variants, names missing 0)"
    return 0
  fi
  echo "seed $s: MISMATCH (callee $flags): driver ${dv:-CRASH}, gcc loops ${gl:-CRASH}, clang loops ${cl:-CRASH}, names missing ${missing:-?}; see $d"
  return 1
}

start=$(date +%s)
nb=$(((n + batch - 1) / batch))
results=$out/results.txt
: >"$results"
for ((i = 0; i < nb; i++)); do
  s=$((seed + i)) first=$((i * batch)) count=$batch
  [ $((first + count)) -gt "$n" ] && count=$((n - first))
  ( line=$(one_batch $s $first $count); st=$?; echo "$line"; echo "$st $count" >>"$results" ) &
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done
wait
bad=$(awk '$1 == 1' "$results" | wc -l)
crashes=$(awk '$1 == 2' "$results" | wc -l)
cases=$(awk '{ n += $2 } END { print n + 0 }' "$results")
echo "fuzz-aarch64: $cases cases in $nb batches (seeds $seed..$((seed + nb - 1))), $(($(date +%s) - start))s"
echo "crashes: $crashes"
echo "mismatches: $bad"
[ "$bad" = 0 ] && [ "$crashes" = 0 ]
