#!/usr/bin/env python3
"""kernel-wrap's float exp/log/sin/cos against Python's (double, rounded to
float).

  math_sweep.py gen DIR N     writes DIR/x.bin (exp arguments: uniform over
                              [-105, 90] and edge cases) and DIR/y.bin (log
                              arguments: random bit patterns of positive
                              floats, subnormals included, and edge cases),
                              DIR/z.bin (sin/cos arguments: uniform over
                              [-10, 10] and [-1e5, 1e5], floats nearest to
                              multiples of pi/2, random bit patterns of all
                              magnitudes, the 2^19 switch of the reduction)
  math_sweep.py check DUMP    the largest error in ulps of each; exit 1 above
                              MAXULP (default 1) or on a wrong special case
"""
import math
import random
import struct
import sys

INF, NAN = float("inf"), float("nan")
EXP_EDGES = [0.0, -0.0, 1.0, -1.0, 88.72283, 88.7228394, 88.72284, 89.0, 100.0,
             -87.33654, -87.3365479, -103.27893, -103.972084, -104.0, -200.0,
             INF, -INF, NAN, 1e-10, -1e-10, 0.34657359, -0.34657359]
LOG_EDGES = [1.0, 0.0, -0.0, -1.0, INF, -INF, NAN, 2.0, 0.5, 1.41421356,
             0.70710678, 3.4028235e38, 1.17549435e-38, 1.4e-45, 1e-40,
             1.0000001, 0.99999994]


def f32(v):
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        return math.copysign(INF, v)


def key(v):
    """Floats ordered as integers (adjacent floats differ by 1)."""
    b = struct.unpack("<i", struct.pack("<f", v))[0]
    return b if b >= 0 else -(b & 0x7FFFFFFF)


SIN_EDGES = [0.0, -0.0, INF, -INF, NAN, 1e-30, -1e-30, 1e-5, 0.5, 1.0,
             3.4028235e38, -3.4028235e38, 524288.0, 524287.97, 524288.06,
             -524288.0, 1.5707964, 3.1415927, 4.712389, 6.2831855,
             102940.4, 1e6, 1e10, 1e20, 1.4e-45]


def gen(d, n):
    rnd = random.Random(20261122)
    xs = EXP_EDGES + [rnd.uniform(-105.0, 90.0) for _ in range(n - len(EXP_EDGES))]
    ys = LOG_EDGES + [struct.unpack("<f", struct.pack("<I", rnd.randrange(1, 0x7F800000)))[0]
                      for _ in range(n - len(LOG_EDGES))]
    zs = list(SIN_EDGES)
    while len(zs) < n:
        k = len(zs) % 4
        if k == 0:
            zs.append(rnd.uniform(-10.0, 10.0))
        elif k == 1:
            zs.append(rnd.uniform(-1e5, 1e5))
        elif k == 2:
            zs.append(f32(rnd.randrange(1, 2000000) * math.pi / 2))
        else:
            zs.append(struct.unpack("<f", struct.pack(
                "<I", rnd.randrange(0, 0xFF800000) & 0xFF7FFFFF))[0])
    for name, vals in (("x", xs), ("y", ys), ("z", zs)):
        with open(f"{d}/{name}.bin", "wb") as f:
            f.write(b"".join(struct.pack("<f", v) for v in vals))


def read(path):
    bufs = []
    for line in open(path).read().split("\n"):
        if line.startswith("arg"):
            bufs.append([])
        elif line:
            bufs[-1].append(float.fromhex(line))
    return bufs


def ref(fn, v):
    if math.isnan(v):
        return NAN
    if fn in ("sin", "cos"):
        if math.isinf(v):
            return NAN
        return f32(math.sin(v) if fn == "sin" else math.cos(v))
    if fn == "exp":
        if v == INF:
            return INF
        try:
            return f32(math.exp(v))
        except OverflowError:
            return INF
    if v < 0:
        return NAN
    if v == 0:
        return -INF
    if v == INF:
        return INF
    return f32(math.log(v))


def check(dump, maxulp):
    x, e, y, l, z, sn, cs = read(dump)
    bad = 0
    for fn, args, got in (("exp", x, e), ("log", y, l), ("sin", z, sn),
                          ("cos", z, cs)):
        worst, worst_at, over = 0, None, 0
        for a, g in zip(args, got):
            w = ref(fn, a)
            if math.isnan(w) or math.isnan(g) or math.isinf(w) or math.isinf(g):
                same = (math.isnan(w) and math.isnan(g)) or w == g
                if not same:
                    print(f"{fn}({a!r}) = {g!r}, want {w!r}")
                    bad += 1
                continue
            d = abs(key(g) - key(w))
            if d > worst:
                worst, worst_at = d, a
            over += d > maxulp
        print(f"{fn}: {len(args)} arguments, max error {worst} ulp"
              f" (at {worst_at!r}), {over} above {maxulp}")
        bad += over
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(check(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1))
