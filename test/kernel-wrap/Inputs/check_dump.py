#!/usr/bin/env python3
"""Checks a kw-run --dump against values computed here, independently of
the pass: `check_dump.py MODE DUMP [params...]`."""
import sys


def read(path):
    bufs = []
    for line in open(path).read().split("\n"):
        if not line:
            continue
        if line.startswith("arg"):
            _, typ, _ = line.split()
            bufs.append((typ, []))
            continue
        typ, vals = bufs[-1]
        vals.append(float.fromhex(line) if typ in ("f32", "f64") else int(line))
    return [v for _, v in bufs]


def queries(bufs, g, l, off):
    out = bufs[0]
    G = g + [1] * (3 - len(g))
    L = l + [1] * (3 - len(l))
    O = off + [0] * (3 - len(off))
    N = [G[d] // L[d] for d in range(3)]
    enc = lambda v: v[0] + 1000 * v[1] + 1000000 * v[2]
    n = 0
    for z in range(G[2]):
        for y in range(G[1]):
            for x in range(G[0]):
                gid = [x + O[0], y + O[1], z + O[2]]
                lid = [x % L[0], y % L[1], z % L[2]]
                grp = [x // L[0], y // L[1], z // L[2]]
                lin = (z * G[1] + y) * G[0] + x
                want = [len(g), enc(gid), enc(lid), enc(grp), enc(G), enc(L),
                        enc(N), O[0], (lid[2] * L[1] + lid[1]) * L[0] + lid[0],
                        1 + 0, L[lid[0] % 3], lin]
                got = out[lin * 12: lin * 12 + 12]
                if got != want:
                    print(f"item {x},{y},{z}: got {got} want {want}")
                    return 1
                n += 1
    print(f"{n} work items ok")
    return 0


def main():
    mode, path = sys.argv[1], sys.argv[2]
    p = [list(map(int, a.split(","))) for a in sys.argv[3:]]
    bufs = read(path)
    if mode == "queries":
        return queries(bufs, *p)
    if mode == "sum3d":  # in = iota (global linear id)
        G, L = p[0], p[1]
        out = bufs[1]
        bad = []
        for z in range(G[2]):
            for y in range(G[1]):
                for x in range(G[0]):
                    gx, gy, gz = x // L[0], y // L[1], z // L[2]
                    n = L[0] * L[1] * L[2]
                    tot = sum(((gz * L[2] + c) * G[1] + gy * L[1] + b) * G[0]
                              + gx * L[0] + a
                              for c in range(L[2]) for b in range(L[1])
                              for a in range(L[0]))
                    l = ((z % L[2]) * L[1] + y % L[1]) * L[0] + x % L[0]
                    g = (z * G[1] + y) * G[0] + x
                    if out[g] != tot + (n - 1 - l):
                        bad.append((x, y, z))
        print(f"{len(bad)} wrong, first {bad[:5]}" if bad else "ok")
        return 1 if bad else 0
    if mode == "reduction":  # input all 1: each partial is the group size
        ls = p[0][0]
        bad = [v for v in bufs[1] if v != ls]
    elif mode == "scan":  # input all 1: inclusive prefix = local id + 1
        ls = p[0][0]
        bad = [i for i, v in enumerate(bufs[1]) if v != i % ls + 1]
        bad += [v for v in bufs[2] if v != ls]
    elif mode == "histogram":  # data iota: n // 64 per bin (+1 for the rest)
        n = p[0][0]
        bad = [b for b, v in enumerate(bufs[1]) if v != n // 64 + (b < n % 64)]
    elif mode == "carried":  # Inputs/carried.cl; params: global, local
        G, L = p[0][0], p[1][0]
        out = bufs[0]
        bad = []
        for x in range(G):
            l, g = x % L, x // L
            v = (100 if l & 1 else 200) + (6 if l % 3 == 0 else 0)
            want = [l + 6, v, sum(range(1, l % 5 + 1)),
                    (L if g % 2 else 2 * L) + 6, (l + 1) % L]
            if out[5 * x: 5 * x + 5] != want:
                bad.append(x)
    elif mode == "latom":  # Inputs/local-atomics.cl; params: global, local
        G, L = p[0][0], p[1][0]
        out, inp, total = bufs[0], bufs[1], bufs[2]
        wrap = lambda x: (x + 2**31) % 2**32 - 2**31
        bad = []
        for g in range(G // L):
            v = inp[g * L: g * L + L]
            ors = 0
            xs = 0
            for l, x in enumerate(v):
                ors |= 1 << (l % 31)
                xs ^= x
            want = [wrap(sum(v)), wrap(-sum(v)), max(v), min(v), L, -L,
                    wrap(ors), xs]
            if out[8 * g: 8 * g + 8] != want:
                bad.append((g, out[8 * g: 8 * g + 8], want))
        if total[0] != wrap(sum(inp)):
            bad.append(("total", total[0]))
    elif mode == "transpose":  # in iota (w x h): out[x * h + y] = y * w + x
        w, h = p[0]
        out = bufs[1]
        bad = [(x, y) for y in range(h) for x in range(w)
               if out[x * h + y] != y * w + x]
    elif mode == "matmul":  # A = iota, B = identity-like const 1: row sums
        n = p[0][0]
        A, C = bufs[0], bufs[2]
        bad = [(r, c) for r in range(n) for c in range(n)
               if C[r * n + c] != sum(A[r * n: r * n + n])]
    elif mode == "smallvec":  # Inputs/small-vectors.cl; param: work items
        n = p[0][0]
        u4, c4, s4i, u8v, f4, of, oi, os_, o8, ou, om = bufs
        sc = lambda v: v - 256 if v > 127 else v
        s4 = []
        for v in s4i:  # each i32 is two little-endian shorts
            v &= 0xFFFFFFFF
            s4 += [(v & 0xFFFF) - (0x10000 if v & 0x8000 else 0),
                   (v >> 16) - (0x10000 if v & 0x80000000 else 0)]
        bad = []
        for i in range(4 * n):
            c = sc(c4[i])
            want = (float(u4[i]), c, float(s4[i]), int(f4[i]),
                    (max(u4[i], c4[i]) + abs(c)) % 256)
            got = (of[i], oi[i], os_[i], ou[i], om[i])
            if got != want:
                bad.append((i, got, want))
        bad += [(i, o8[i], u8v[i]) for i in range(8 * n)
                if o8[i] != float(u8v[i])]
    else:
        print("unknown mode")
        return 2
    if bad:
        print(f"{len(bad)} wrong, first {bad[:5]}")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
