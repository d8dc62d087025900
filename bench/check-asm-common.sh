# Sourced by bench/check-asm.sh (x86) and bench/check-asm-aarch64.sh: the
# parts of an assembly check that do not depend on the instruction set.
#
# The sourcing script sets, before calling check:
#   dis          the objdump -d output to read
#   stat_names   the names of the columns `stats NAME` prints, in order
#   row_format   printf format of a table row: the variant, then the columns
# and defines
#   stats NAME        prints the columns of function NAME of $dis
#   rules NAME KIND MAX  appends to the array `why` each way the counts (in
#                     the variables stat_names names) break what KIND wants
# Environment: VECCLONE_PLUGIN (default build/lib/VecClone.so), CC_CLANG
# (default clang-22), CHECK_PREFIX (default ours_), CHECK_INFO=1 (counts
# only, nothing asserted).
set -euo pipefail
root=$(cd "$here/.." && pwd)
plugin=${VECCLONE_PLUGIN:-$root/build/lib/VecClone.so}
CLANG=${CC_CLANG:-clang-22}
prefix=${CHECK_PREFIX:-ours_}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# Awk functions for `stats`: hex(S), the value of a hexadecimal address;
# branch(ADDR, TARGET), one branch of the function; loops(), at the end, how
# many loops the backward branches make. A loop is one range per target (a
# loop whose selects became branches has two back edges to one header); a
# range that starts inside another and ends after it is the same loop (a
# block of it placed before its header, reached by a backward branch: a
# round loop's last-round copy); one inside another is a nested loop,
# counted.
loops_awk='
  function hex(s,   i, c, v) {
    v = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) {
      c = index("0123456789abcdef", substr(s, i, 1))
      if (c == 0) break
      v = v * 16 + c - 1
    }
    return v
  }
  function branch(addr, tgt) {
    if (tgt <= addr && (!(tgt in last) || addr > last[tgt])) last[tgt] = addr
  }
  function loops(   t, u, merged, back) {
    back = 0
    for (t in last) {
      merged = 0
      for (u in last)
        if (u + 0 < t + 0 && t + 0 <= last[u] && last[u] < last[t]) merged = 1
      back += !merged
    }
    return back
  }
'

# check NAME KIND [MAX]: prints the row of variant NAME (its "_ours_"
# replaced by the prefix) and, unless KIND is 0 or CHECK_INFO=1, asserts
# what `rules` says KIND wants. A missing variant fails an asserted check.
check() {
  local name=${1/_ours_/_$prefix} kind=$2 max=${3:-0}
  [ "${CHECK_INFO:-0}" = 1 ] && kind=0
  if ! grep -q "^[0-9a-f]* <$name>:" "$dis"; then
    echo "$name: not defined in $obj"
    [ "$kind" != 0 ] && fail=1
    return 0
  fi
  local v "${stat_names[@]}"
  read -r "${stat_names[@]}" < <(stats "$name")
  local values=()
  for v in "${stat_names[@]}"; do values+=("${!v}"); done
  # shellcheck disable=SC2059 # the format is the sourcing script's
  printf "$row_format" "$name" "${values[@]}"
  if [ "$kind" = 0 ]; then
    printf '  (info)\n'
    return 0
  fi
  why=()
  rules "$name" "$kind" "$max"
  if ((${#why[@]})); then
    printf '  FAIL: %s\n' "$(IFS=';'; echo "${why[*]}")"
    fail=1
  else
    printf '  ok\n'
  fi
}

# The verdict after the checks: exits 1 when an assertion failed.
verdict() { # WHAT-PASSED
  if [ "${CHECK_INFO:-0}" = 1 ]; then
    echo "check-asm: counts only, nothing asserted (CHECK_INFO=1)"
  elif [ "$fail" = 0 ]; then
    echo "check-asm: PASS: $1"
  else
    echo "check-asm: FAIL" >&2
    exit 1
  fi
}
