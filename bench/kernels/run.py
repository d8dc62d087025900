#!/usr/bin/env python3
"""Times the corpus kernels (their "bench" configuration in
kernel-wrap/corpus/corpus.json) with kernel-wrap (vectorized and --novec)
and with pocl on the same inputs, sizes and thread count, checks pocl's
answers against our scalar reference, and writes results.md / results.json.

  bench/kernels/run.py --build build [--threads 2] [--repeat 5] [--only a,b]
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "kernel-wrap", "corpus")
COMPARE = os.path.join(ROOT, "kernel-wrap", "tools", "kw-compare.py")


def run(cmd, env=None):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, env=env)
    if r.returncode:
        raise RuntimeError(" ".join(cmd) + "\n" + r.stdout)
    return r.stdout


def min_ms(out):
    return float(re.search(r"min ([0-9.]+) ms", out).group(1))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--threads", default="2")
    p.add_argument("--repeat", default="5")
    p.add_argument("--only", default="")
    p.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    o = p.parse_args()
    kwrun = os.path.join(o.build, "bin", "kw-run")
    pocl = os.path.join(o.build, "bin", "kw-pocl")
    only = set(filter(None, o.only.split(",")))
    spec = json.load(open(os.path.join(CORPUS, "corpus.json")))
    env = dict(os.environ, POCL_MAX_PTHREAD_COUNT=o.threads)
    rows = []
    tmp = tempfile.mkdtemp(prefix="kw-bench-")
    for k in spec["kernels"]:
        if only and k["name"] not in only:
            continue
        c = next(c for c in k["configs"] if c.get("bench"))
        src = os.path.join(CORPUS, k["file"])
        common = ["-k", k["name"], "--global", c["global"], "--local",
                  c["local"], "--repeat", o.repeat] + c.get("defines", [])
        for a in c["args"]:
            common += ["--arg", a]
        d = lambda n: os.path.join(tmp, f"{k['name']}.{n}")
        vec = min_ms(run([kwrun, src, "--threads", o.threads, "--dump",
                          d("vec")] + common))
        sca = min_ms(run([kwrun, src, "--novec", "--threads", o.threads,
                          "--dump", d("novec")] + common))
        out = run([pocl, src, "--dump", d("pocl")] + common, env=env)
        pc = min_ms(out)
        device = re.search(r"device: (.*), build", out).group(1)
        # Our own vectorized answers are checked bit for bit by the lit
        # suite; pocl's within a tolerance (its own math and contractions).
        chk = subprocess.run([sys.executable, COMPARE, d("pocl"), d("novec"),
                              "--rtol", "1e-3", "--atol", "1e-4", "--ulp", "64"],
                             stdout=subprocess.PIPE, text=True)
        agree = chk.returncode == 0
        rows.append({"kernel": k["name"], "global": c["global"],
                     "local": c["local"], "defines": c.get("defines", []),
                     "kw_vec_ms": vec, "kw_novec_ms": sca, "pocl_ms": pc,
                     "speedup_vs_pocl": pc / vec,
                     "pocl_agrees": agree,
                     "pocl_check": chk.stdout.strip().splitlines()[-1]})
        print(f"{k['name']:13s} vec {vec:9.3f} ms  novec {sca:9.3f} ms  "
              f"pocl {pc:9.3f} ms  x{pc / vec:5.2f}  "
              f"{'answers agree' if agree else 'ANSWERS DIFFER'}", flush=True)
    geo = math.exp(sum(math.log(r["speedup_vs_pocl"]) for r in rows) / len(rows))
    res = {"threads": int(o.threads), "repeat": int(o.repeat),
           "device": device, "geomean_speedup_vs_pocl": geo, "kernels": rows}
    json.dump(res, open(os.path.join(o.out, "results.json"), "w"), indent=1)
    with open(os.path.join(o.out, "results.md"), "w") as f:
        f.write(f"# kernel-wrap vs pocl ({device})\n\n")
        f.write(f"{o.threads} threads, min of {int(o.repeat) - 1} timed runs "
                "after a warm-up run, NDRange only (no compilation, no "
                "transfers). `bench/kernels/run.py` wrote this file.\n\n")
        f.write("| kernel | global | local | kernel-wrap ms | --novec ms | "
                "pocl ms | speed-up vs pocl | pocl answers |\n")
        f.write("|---|---|---|---:|---:|---:|---:|---|\n")
        for r in rows:
            f.write(f"| {r['kernel']} | {r['global']} | {r['local']} | "
                    f"{r['kw_vec_ms']:.3f} | {r['kw_novec_ms']:.3f} | "
                    f"{r['pocl_ms']:.3f} | {r['speedup_vs_pocl']:.2f}x | "
                    f"{'agree' if r['pocl_agrees'] else 'differ'} |\n")
        f.write(f"\nGeomean speed-up vs pocl: **{geo:.2f}x**\n")
    print(f"geomean speed-up vs pocl: {geo:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
