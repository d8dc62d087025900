"""Float bodies for the random differential test.

usage: gen_divergent_float.py SEED COUNT OUTDIR

Like gen_divergent.py, but `float gK(float x, float y)` bodies (float
compares and arithmetic, loops bounded by 12 iterations), half of them
`inbranch` and called under a condition, so clang callers use the masked
variants.
"""
import os
import random
import sys
seed = int(sys.argv[1]); nf = int(sys.argv[2]); outdir = sys.argv[3]
os.makedirs(outdir, exist_ok=True); os.chdir(outdir)
R = random.Random(seed)
def expr(vars, d=0):
    if d > 2 or R.random() < 0.35:
        return R.choice(vars + [f"{R.randint(-9, 9)}.5f"])
    op = R.choice(['+', '-', '*', '*'])
    return f"(({expr(vars, d+1)}) {op} ({expr(vars, d+1)}))"
def cond(vars):
    return f"(({expr(vars)}) {R.choice(['<','>','<=','>='])} ({expr(vars)}))"
def stmt(vars, depth, in_loop):
    k = R.random(); v = R.choice(['s', 't'])
    if k < 0.35 or depth > 2:
        return f"{v} = {expr(vars)} * 0.25f;"
    if k < 0.55:
        return f"if {cond(vars)} {{ {stmt(vars, depth+1, in_loop)} }} else {{ {stmt(vars, depth+1, in_loop)} }}"
    if k < 0.65 and in_loop:
        return f"if {cond(vars)} {R.choice(['break', 'continue'])};"
    if k < 0.72:
        return f"if {cond(vars)} return s - t;"
    lv = f"k{depth}"
    body = " ".join(stmt(vars, depth+1, True) for _ in range(R.randint(1,3)))
    return f"for (int {lv} = 0; {lv} < 12 && {cond(vars)}; {lv}++) {{ {body} s = s * 0.5f + 1.0f; }}"
h=[]; c=['#include "gen.h"']
for f in range(nf):
    vars = ['x', 'y', 's', 't']
    body = " ".join(stmt(vars, 0, False) for _ in range(R.randint(2,5)))
    h.append(f"#pragma omp declare simd {R.choice(['notinbranch','inbranch'])}\nfloat g{f}(float x, float y);")
    c.append(h[-1].replace(';', '') + " { float s = x, t = y; " + body + " return s + t; }")
open('gen.h','w').write("\n".join(h) + "\n"); open('gen.c','w').write("\n".join(c) + "\n")
cl = ['#include "gen.h"', '#include <stdio.h>', '#include <string.h>', '#include <math.h>', '#define N 203', 'static float A[N], B[N], Rr[N];',
      'static int same(float a, float b) { return (isnan(a) && isnan(b)) || !memcmp(&a, &b, 4); }']
for f in range(nf):
    cl.append(f"static float (*volatile s{f})(float,float) = g{f};")
cl.append("int main(void) { unsigned x = 1; int bad = 0; for (int i = 0; i < N; ++i) { x = x * 1103515245u + 12345u; A[i] = (float)((int)(x >> 9) % 200 - 100) / 16.0f; B[i] = (float)((int)(x >> 15) % 200 - 100) / 8.0f; }")
for f in range(nf):
    cl.append(f"#pragma omp simd\n for (int i = 0; i < N; ++i) Rr[i] = A[i] > -3.0f ? g{f}(A[i], B[i]) : 7.0f;\n for (int i = 0; i < N; ++i) {{ float e = A[i] > -3.0f ? s{f}(A[i], B[i]) : 7.0f; if (!same(Rr[i], e)) {{ if (bad++ < 5) printf(\"MISMATCH g{f} i %d got %a want %a\\n\", i, Rr[i], e); }} }}")
cl.append('printf("mismatches: %d\\n", bad); return bad != 0; }')
open('caller.c','w').write("\n".join(cl) + "\n")
