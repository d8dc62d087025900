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


def more_builtins(bufs, n):
    import math
    import struct
    ia, ib, fa, fb, by, oi, of, ob, halves = bufs
    M = 2**32
    s32 = lambda v: (v + 2**31) % M - 2**31
    u32 = lambda v: v % M
    f32 = lambda v: struct.unpack("f", struct.pack("f", v))[0]
    bits = lambda v: struct.unpack("I", struct.pack("f", v))[0]
    fbits = lambda v: struct.unpack("f", struct.pack("I", v))[0]
    same = lambda g, w: (g == w and math.copysign(1, g) == math.copysign(1, w)
                         if not (math.isnan(w)) else math.isnan(g))
    nan = math.isnan
    bad = []
    for i in range(n):
        a, b = ia[i], ib[i]
        ua, ub = u32(a), u32(b)
        r = b % 32
        sat = lambda v: max(-2**31, min(2**31 - 1, v))
        want = [32 - ua.bit_length(),
                s32(((ua << r) | (ua >> (32 - r))) % M if r else ua),
                s32(abs(a - b)), sat(a + b), sat(a - b),
                (a >> 1) + (b >> 1) + (a & b & 1),
                (a >> 1) + (b >> 1) + ((a | b) & 1),
                (a * b) >> 32, s32(((a * b) >> 32) + a),
                s32((a & ~(a ^ 0x5a5a5a5a)) | (b & (a ^ 0x5a5a5a5a))),
                s32(min(ua + ub, M - 1)), s32(max(ua - ub, 0)),
                s32((ua * ub) >> 32), s32((ua >> 1) + (ub >> 1) + (ua & ub & 1)),
                s32(abs(ua - ub)),
                s32((((a + 2**15) % 2**16 - 2**15) << 16) | (ub % 2**16))]
        x, y = fa[i], fb[i]
        cls = [nan(x), math.isinf(x), math.isfinite(x),
               math.isfinite(x) and abs(x) >= 2**-126, bits(x) >> 31 == 1]
        un = nan(x) or nan(y)
        rel = [not un and x == y, un or x != y, not un and x > y,
               not un and x >= y, not un and x < y, not un and x <= y,
               not un and x != y, not un, un]
        want += [sum(int(c) << k for k, c in enumerate(cls)),
                 sum(int(c) << k for k, c in enumerate(rel))]
        x4, y4 = fa[4 * i: 4 * i + 4], fb[4 * i: 4 * i + 4]
        gt = [-1 if not (nan(p) or nan(q)) and p > q else 0
              for p, q in zip(x4, y4)]
        want += [gt[0], gt[3], int(any(gt)), int(all(gt)), int(a < 0),
                 int(b < 0)]
        got = oi[24 * i: 24 * i + 24]
        if got != want:
            bad.append(("ints", i, [(k, g, w) for k, (g, w) in
                                    enumerate(zip(got, want)) if g != w][:3]))
        def sgn(v):
            return v if v == 0 else (0.0 if nan(v) else math.copysign(1.0, v))
        t = 0.0 if nan(x) else f32(f32(x + 1.0) / 3.0)
        t = min(max(t, 0.0), 1.0)
        smooth = f32(f32(t * t) * f32(3.0 - f32(2.0 * t)))
        def mag(p, q, big):
            ap, aq = abs(p), abs(q)
            if (ap > aq) == big and ap != aq and not (nan(ap) or nan(aq)):
                return p
            if (aq > ap) == big and ap != aq and not (nan(ap) or nan(aq)):
                return q
            if nan(p):
                return q
            if nan(q):
                return p
            return max(p, q) if big else min(p, q)
        m = 0x807fff00
        fw = [sgn(x), 0.0 if x < y else 1.0, smooth,
              f32(x * f32(57.295779513082320876798154814105)),
              f32(x * f32(0.017453292519943295769236907684886)),
              mag(x, y, True), mag(x, y, False),
              fbits((bits(x) & ~m) | (bits(y) & m))]
        fw += [q if g else p for p, q, g in zip(x4, y4, gt)]
        fw += [0.0 if x4[0] < 0.5 else 1.0, 0.0 if x4[3] < 0.5 else 1.0]
        fw += [fa[3 * i + 1], fa[3 * i + 3]]
        fw += [f32(p + q) for p, q in zip(x4, y4)]
        fw += fa[3 * i + 1: 3 * i + 4]
        half = lambda k: struct.unpack("e", bytes(by[2 * k: 2 * k + 2]))[0]
        fw += [half(2 * i), half(2 * i), half(2 * i + 1)]
        got = of[26 * i: 26 * i + 26]
        wrong = [(k, g, w) for k, (g, w) in enumerate(zip(got, fw))
                 if not same(g, w)]
        if wrong:
            bad.append(("floats", i, wrong[:3]))
        u, v = by[4 * i: 4 * i + 4], by[4 * i + 4: 4 * i + 8]
        bw = [(min(p + q, 255) - ((p + q + 1) >> 1)) % 256 for p, q in zip(u, v)]
        if ob[4 * i: 4 * i + 4] != bw:
            bad.append(("bytes", i, ob[4 * i: 4 * i + 4], bw))
        hx = struct.unpack("e", bytes(halves[2 * i: 2 * i + 2]))[0]
        try:
            hw = struct.unpack("e", struct.pack("e", x))[0]
        except OverflowError:
            hw = math.copysign(math.inf, x)
        if not same(hx, hw):
            bad.append(("half", i, hx, hw))
    return bad


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
    elif mode == "builtins":  # Inputs/more-builtins.cl; param: work items
        bad = more_builtins(bufs, p[0][0])
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
