#!/usr/bin/env python3
"""Random declare-simd functions with divergent control flow, and a caller.

usage: gen_divergent.py SEED COUNT OUTDIR

Writes OUTDIR/gen.h, gen.c (COUNT functions `int fK(int a, int b)`: unsigned
arithmetic only, so no undefined behaviour; loops with per-lane trip counts,
nested up to three deep, if/else, break, continue, early returns) and
caller.c (an `omp simd` loop per function; every element compared with the
scalar function through a volatile pointer; prints `mismatches: N`).
gen_divergent_float.py, same usage, writes float bodies instead.
Deterministic for a seed.
"""
import os
import random
import sys

seed = int(sys.argv[1]); nf = int(sys.argv[2]); outdir = sys.argv[3]
os.makedirs(outdir, exist_ok=True)
os.chdir(outdir)
R = random.Random(seed)
def expr(vars, d=0):
    if d > 2 or R.random() < 0.3:
        return R.choice(vars + [str(R.randint(-9, 9))])
    op = R.choice(['+', '-', '*', '^', '&', '|', '>>', '<<'])
    a = expr(vars, d+1); b = expr(vars, d+1)
    if op in ('>>', '<<'):
        return f"(({a}) {op} ({R.randint(0,5)}))"
    if op == '*':
        return f"(({a}) * ({R.randint(-3,5)}))"
    return f"(({a}) {op} ({b}))"
def cond(vars):
    return f"(({expr(vars)}) {R.choice(['<','>','==','!=','<=','>='])} ({expr(vars)}))"
def stmt(vars, depth, in_loop):
    k = R.random()
    v = R.choice(['s', 't'])
    if k < 0.35 or depth > 2:
        return f"{v} = {expr(vars)};"
    if k < 0.55:
        return f"if {cond(vars)} {{ {stmt(vars, depth+1, in_loop)} }} else {{ {stmt(vars, depth+1, in_loop)} }}"
    if k < 0.65 and in_loop:
        return f"if {cond(vars)} {R.choice(['break', 'continue'])};"
    if k < 0.72:
        return f"if {cond(vars)} return s ^ t;"
    lv = f"k{depth}"
    bound = f"(({expr(vars)}) & {R.choice([3,7,15])})"
    body = " ".join(stmt(vars + [lv], depth+1, True) for _ in range(R.randint(1,3)))
    return f"for (int {lv} = 0; {lv} < {bound}; {lv}++) {{ {body} }}"
hdr = ["#pragma omp declare simd notinbranch", ""]
out_c = ['#include "gen.h"']
out_h = []
for f in range(nf):
    vars = ['a', 'b', 's', 't']
    body = " ".join(stmt(vars, 0, False) for _ in range(R.randint(2,5)))
    proto = f"int f{f}(int a, int b)"
    out_h.append("#pragma omp declare simd notinbranch\n" + proto + ";")
    out_c.append("#pragma omp declare simd notinbranch\n" + proto + " { unsigned s = a, t = b; " + body.replace('return s ^ t;', 'return (int)(s ^ t);') + " return (int)(s + t); }")
open('gen.h','w').write("\n".join(out_h) + "\n")
# use unsigned arithmetic to avoid UB: vars s,t unsigned; a,b int used in exprs -> cast
src = "\n".join(out_c) + "\n"
src = src.replace("(a)", "((unsigned)a)").replace("(b)", "((unsigned)b)")
open('gen.c','w').write(src)
caller = ['#include "gen.h"', '#include <stdio.h>', '#define N 203', 'static int A[N], B[N], R[N];']
for f in range(nf):
    caller.append(f"static int (*volatile s{f})(int,int) = f{f};")
caller.append("int main(void) { unsigned x = 1; int bad = 0; for (int i = 0; i < N; ++i) { x = x * 1103515245u + 12345u; A[i] = (int)(x >> 7) % 64 - 20; B[i] = (int)(x >> 13) % 50 - 10; }")
for f in range(nf):
    caller.append(f"#pragma omp simd\n for (int i = 0; i < N; ++i) R[i] = f{f}(A[i], B[i]);\n for (int i = 0; i < N; ++i) if (R[i] != s{f}(A[i], B[i])) {{ if (bad++ < 5) printf(\"MISMATCH f{f} i %d got %d want %d\\n\", i, R[i], s{f}(A[i], B[i])); }}")
caller.append('printf("mismatches: %d\\n", bad); return bad != 0; }')
open('caller.c','w').write("\n".join(caller) + "\n")
