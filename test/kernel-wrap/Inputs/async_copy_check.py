#!/usr/bin/env python3
"""Checks a kw-run --dump of async-copy.cl (inputs iota):
`async_copy_check.py DUMP GLOBAL LOCAL EXTRA` (sizes as `X,Y`)."""
import sys


def main():
    path = sys.argv[1]
    g = list(map(int, sys.argv[2].split(","))) + [1]
    l = list(map(int, sys.argv[3].split(","))) + [1]
    extra = int(sys.argv[4])
    bufs = []
    for line in open(path).read().split("\n"):
        if line.startswith("arg"):
            bufs.append([])
        elif line:
            bufs[-1].append(int(line))
    inp, in3, out, out3, strided = bufs[:5]
    n = l[0] * l[1]
    count = n + extra
    groups = (g[0] // l[0]) * (g[1] // l[1])
    bad = []
    for grp in range(groups):
        for lin in range(n):
            want = inp[grp * count + count - 1 - lin % count] * 2 + 1
            if out[grp * n + lin] != want:
                bad.append(("out", grp, lin))
            want3 = in3[grp * count * 3 + 3 * ((lin + 1) % count)]
            if out3[grp * n + lin] != want3:
                bad.append(("out3", grp, lin))
        for j in range(count):
            want = inp[grp * count + j] * (3 if j < n else 1)
            if strided[grp * count * 2 + 2 * j] != want:
                bad.append(("strided", grp, j))
            if strided[grp * count * 2 + 2 * j + 1] != 0:
                bad.append(("gap", grp, j))
    print(f"{len(bad)} wrong, first {bad[:5]}" if bad else "ok")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
