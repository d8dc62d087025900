#!/bin/sh
# kw-run with a fault, to test scripts/kernel-fuzz.py: KW_FAULT=crash makes
# the vectorized compile (--emit-so vec.so) abort; KW_FAULT=mismatch changes
# the first value of the first buffer in the vectorized runs' dumps;
# KW_FAULT=noise adds a warning to the vectorized compile's opt log.
# KW_RUN is the real runner.
for a in "$@"; do
  case "$KW_FAULT:$a" in
    crash:vec.so) [ "$1" != --so ] && { echo "LLVM ERROR: injected fault" >&2; exit 134; } ;;
  esac
done
"$KW_RUN" "$@" || exit $?
dump= so= temps= emit=
while [ $# -gt 0 ]; do
  case $1 in
    --dump) dump=$2; shift ;;
    --so) so=$2; shift ;;
    --keep-temps) temps=$2; shift ;;
    --emit-so) emit=$2; shift ;;
  esac
  shift
done
if [ "$KW_FAULT" = noise ] && [ "$emit" = vec.so ] && [ -n "$temps" ]; then
  echo "warning: <unknown>:0:0: loop not vectorized: injected" >> "$temps/log.opt.txt"
fi
if [ "$KW_FAULT" = mismatch ] && [ "$so" = vec.so ] && [ -n "$dump" ]; then
  awk 'NR == 2 { $0 = ($0 ~ /^0x|^-0x/) ? "0x1.5p+3" : $0 + 1 } { print }' "$dump" > "$dump.t" && mv "$dump.t" "$dump"
fi
exit 0
