#!/usr/bin/env python3
"""Compares two kw-run --dump files value by value.

Exact by default; --ulp N allows floats to differ by N units in the last
place (libmvec vs libm). Prints the first mismatches and exits 1 on any.
"""
import argparse
import math
import struct
import sys


def ulp_distance(a, b, double):
    if math.isnan(a) and math.isnan(b):
        return 0
    if math.isnan(a) or math.isnan(b):
        return float("inf")
    fmt, ifmt = ("<d", "<q") if double else ("<f", "<i")
    ia = struct.unpack(ifmt, struct.pack(fmt, a))[0]
    ib = struct.unpack(ifmt, struct.pack(fmt, b))[0]
    # Map the sign-magnitude order onto integers.
    bias = 1 << (63 if double else 31)
    ia = ia if ia >= 0 else -bias - ia
    ib = ib if ib >= 0 else -bias - ib
    return abs(ia - ib)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--ulp", type=int, default=0)
    p.add_argument("--atol", type=float, default=0.0,
                   help="floats may also differ by this much (cancellation "
                        "magnifies libmvec's ulps)")
    p.add_argument("--rtol", type=float, default=0.0,
                   help="floats may also differ by this fraction (another "
                        "compiler's contractions and math library)")
    o = p.parse_args()
    la = open(o.a).read().split("\n")
    lb = open(o.b).read().split("\n")
    if len(la) != len(lb):
        print(f"different lengths: {len(la)} vs {len(lb)} lines")
        return 1
    bad = 0
    worst = 0
    typ = None
    arg = None
    checked = 0
    for n, (x, y) in enumerate(zip(la, lb)):
        if x.startswith("arg"):
            if x != y:
                print(f"line {n + 1}: header {x!r} vs {y!r}")
                return 1
            arg, typ, _ = x.split()
            continue
        if x == y or not x:
            checked += bool(x)
            continue
        checked += 1
        if typ in ("f32", "f64"):
            fx, fy = float.fromhex(x), float.fromhex(y)
            d = ulp_distance(fx, fy, typ == "f64")
            worst = max(worst, d)
            if (d <= o.ulp or abs(fx - fy) <= o.atol or
                    abs(fx - fy) <= o.rtol * max(abs(fx), abs(fy))):
                continue
        bad += 1
        if bad <= 10:
            print(f"{arg} line {n + 1}: {x} vs {y}")
    print(f"{checked} values, {bad} mismatches, worst float difference {worst} ulp")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
