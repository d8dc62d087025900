#!/usr/bin/env python3
"""llvm-stress functions given _ZGV attributes, through the plugin (issue 7).

usage: stress_zgv.py --opt "OPT-WITH-PLUGIN" --out DIR [--first-seed S]
                     [--count N] [--size K]

For each seed: llvm-stress writes a random function (loops, selects,
vectors, loads and stores through its pointer parameters); this script
gives it one to four `_ZGV` attributes (random ISA class, mask, length and
parameter tokens: vector, uniform, linear with steps; one in five
malformed on purpose: wrong parameter count, bad ISA, bad length), then
runs, with the IR verifier after every pass (-verify-each):
  1. vecclone, vecclone-calls and the loop vectorizer (AVX2),
  2. the whole -O2 pipeline with the plugin's passes (AVX2),
  3. the same for AVX-512 (compile only: nothing runs).
A run fails if opt exits non-zero (crash, verifier error). Failing inputs are
kept in DIR as stress-SEED.ll with the command. Prints one summary line:
`stress: N functions, M runs, F failures`.
"""
import argparse
import os
import random
import re
import subprocess
import sys

PIPELINES = [
    ("vecclone+lv", "-passes=vecclone,function(vecclone-calls,loop-vectorize)", "+avx2"),
    ("O2", "-passes=default<O2>", "+avx2"),
    ("O2-avx512", "-passes=default<O2>", "+avx512f,+avx512bw,+avx512vl,+avx512dq"),
]


def tokens(R, ptys):
    out = []
    for i, t in enumerate(ptys):
        choices = ["v", "u", "l", "l2", "ln1"] if t.startswith("i") else ["u", "l", "v"]
        if t == "i1":
            choices = ["v", "u"]
        c = R.choice(choices)
        if c.startswith("l") and t.startswith("i") and R.random() < 0.2:
            us = [j for j, u in enumerate(out) if u == "u" and ptys[j] in ("i32", "i64")]
            if us:
                c = "ls%d" % us[0]
        out.append(c)
    return out


def variant_names(R, name, ptys):
    names = []
    for _ in range(R.randint(1, 4)):
        isa = R.choice("bcde")
        mask = R.choice("NM")
        vl = R.choice([2, 4, 8, 16])
        toks = tokens(R, ptys)
        bad = R.random() < 0.2
        if bad:
            k = R.randint(0, 3)
            if k == 0:
                toks = toks[:-1]          # too few parameter tokens
            elif k == 1:
                toks = toks + ["v"]       # too many
            elif k == 2:
                isa = "q"                 # not a vector ABI class
            else:
                vl = 3                    # not a power of two
        names.append("_ZGV%s%s%d%s_%s" % (isa, mask, vl, "".join(toks), name))
    return names


def mutate(R, text):
    m = re.search(r"define void @(\w+)\(([^)]*)\)", text)
    name, params = m.group(1), m.group(2)
    ptys = [p.split()[0] for p in params.split(",") if p.strip()]
    attrs = " ".join('"%s"' % n for n in variant_names(R, name, ptys))
    text = text.replace(m.group(0), m.group(0) + " #4242", 1)
    return text + "\nattributes #4242 = { nounwind %s }\n" % attrs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--size", type=int, default=150)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    runs = fails = 0
    for seed in range(a.first_seed, a.first_seed + a.count):
        R = random.Random(seed)
        gen = subprocess.run(["llvm-stress", "-seed", str(seed), "-size", str(a.size)],
                             capture_output=True, text=True, check=True).stdout
        src = mutate(R, gen)
        path = os.path.join(a.out, "stress-%d.ll" % seed)
        with open(path, "w") as fh:
            fh.write(src)
        ok = True
        for tag, passes, mattr in PIPELINES:
            cmd = a.opt.split() + ["-verify-each", passes, "-mattr=" + mattr,
                                   "-disable-output", path]
            p = subprocess.run(cmd, capture_output=True, text=True)
            runs += 1
            if p.returncode != 0:
                ok = False
                fails += 1
                err = (p.stderr.strip().splitlines() or ["(no output)"])
                first = next((l for l in err if "error" in l.lower() or "assert" in l.lower()
                              or "Running pass" in l), err[0])
                print("FAIL seed %d %s (exit %d): %s" % (seed, tag, p.returncode, first))
                with open(path + ".%s.cmd" % tag, "w") as fh:
                    fh.write(" ".join(cmd) + "\n" + p.stderr)
        if ok:
            os.remove(path)
    print("stress: %d functions, %d runs, %d failures" % (a.count, runs, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
