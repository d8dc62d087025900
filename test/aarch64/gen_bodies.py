#!/usr/bin/env python3
"""AArch64 bodies test (bodies.test): declare-simd functions whose bodies
call other declare-simd functions (unmasked, masked under a condition, a
narrower simdlen(2) callee split in slices, a dividing callee that must not
run on inactive lanes) or hold divergent loops (Mandelbrot, a search with
break), as AdvSIMD variants. Uses gen_abi_matrix.py's drivers: every lane
of every variant against the scalar function.

Usage: gen_bodies.py OUTDIR  (writes callee.c, driver.c with gcc 12's
names, driver-all.c with every name the plugin defines, gcc-model.txt)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "abi"))
import gen_abi_matrix as abi  # noqa: E402
from gen_abi_matrix import F, P  # noqa: E402

NOINLINE = "__attribute__((noinline)) "

FUNCS = [
    F("h", "float", [P("float", "x")], "return x * x - 3.0f;", attrs=NOINLINE),
    F("h2", "float", [P("float", "x")], "return x * 0.5f + 1.0f;", "notinbranch",
      simdlen=2, attrs=NOINLINE),
    F("hdiv", "int", [P("int", "a"), P("int", "b", dom="nz")], "return a / b;",
      "inbranch", attrs=NOINLINE),
    F("k", "float", [P("float", "x")], "return h(x) + 1.0f;"),
    F("k2", "float", [P("float", "x")], "return h2(x) * 2.0f;", "notinbranch"),
    F("kc", "float", [P("float", "x")], "return x > 0 ? h(x) : -x;"),
    F("kdiv", "int", [P("int", "a"), P("int", "b")],
      "return (b != 0 && b != -1) ? hdiv(a, b) : a;"),
    F("mandel", "int", [P("float", "cr"), P("float", "ci"), P("int", "maxit", "u", dom=("range", 0, 300))],
      "int n = 0; float x = 0, y = 0; "
      "while (n < maxit && x * x + y * y <= 4.0f) { float t = x * x - y * y + cr; "
      "y = 2.0f * x * y + ci; x = t; n++; } return n;"),
    F("search", "int", [P("pc:int", "a", "u"), P("int", "n", "u", dom=("range", 0, 64)),
                        P("int", "key", dom=("range", -3, 3))],
      "for (int i = 0; i < n; i++) if ((a[i] & 7) == key) return i; return -1;"),
]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_bodies.py OUTDIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    abi.ARCH, abi.ISAS = "aarch64", "n"
    with open(os.path.join(out, "callee.c"), "w") as fh:
        fh.write(abi.gen_callee(FUNCS))
    drv, variants = abi.gen_driver(FUNCS, "gcc")
    with open(os.path.join(out, "driver.c"), "w") as fh:
        fh.write(drv)
    with open(os.path.join(out, "gcc-model.txt"), "w") as fh:
        fh.write("".join(sorted(v.name + "\n" for v in variants)))
    drv, variants = abi.gen_driver(FUNCS, "all")
    with open(os.path.join(out, "driver-all.c"), "w") as fh:
        fh.write(drv)


if __name__ == "__main__":
    main()
