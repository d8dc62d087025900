#!/usr/bin/env python3
"""Times the corpus kernels (their "bench" configuration in
kernel-wrap/corpus/corpus.json) with kernel-wrap (vectorized and --novec)
and with pocl (kw-pocl) on the same inputs, sizes and thread counts, and
checks the answers: ours vectorized against ours --novec (the corpus
tolerance) and pocl's against ours --novec (relative 1e-3). The same host
program that runs pocl (kw-pocl) also runs on kernel-wrap's own OpenCL
platform (OCL_ICD_VENDORS=build/icd/kernel-wrap.icd): that column includes
the launch through the ICD loader, and its answers must be kw-run's, byte
for byte. Exits 1 on a wrong answer.

  bench/kernels/run.py [--build build] [--threads 1,2] [--repeat 11]
                       [--rounds 3] [--only a,b [--update]] [--smoke]
                       [--md F] [--json F]

Each column is the minimum over --rounds rounds that run the four builds
one after the other (vectorized, --novec, our platform, pocl), so that a
slow spell of the machine reaches every column alike. A kernel whose
work-group function is the same machine code vectorized and --novec (the
plan kept every work-item loop scalar) is marked "same code": a difference
between those two columns is then the machine's, not the vectorizer's.
A kernel whose vectorized code is slower than --novec by more than 5% is
printed with SLOWER THAN --novec.

--only a,b --update re-runs those kernels and keeps every other row of
the existing --json, writing the whole table again (close calls re-run on
a quieter machine). --only without --update, and --smoke, write into
BUILD/bench/ unless --md and --json say where: the checked-in table
(bench/kernels/results.{md,json}) is always a whole run's.

--smoke runs each kernel's first (small) test configuration twice, at the
last thread count only: a check that the harness and the answers are right,
not a measurement. Without pocl (kw-pocl not built) the pocl columns are
left out.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
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


def wg_code(so, kernel):
    """The work-group function's instructions, without addresses."""
    out = run(["objdump", "-d", "--no-show-raw-insn",
               f"--disassemble=__kw_wg_{kernel}", so])
    body = out.split(f"<__kw_wg_{kernel}>:", 1)[-1]
    return [re.sub(r"\b[0-9a-f]+ <", "<", line.split(":", 1)[-1].strip())
            for line in body.splitlines() if line.strip()]


def compare(a, b, tol):
    r = subprocess.run([sys.executable, COMPARE, a, b] + tol,
                       stdout=subprocess.PIPE, text=True)
    return r.returncode == 0, r.stdout.strip().splitlines()[-1]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--threads", default="2")
    p.add_argument("--repeat", default="11")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--only", default="")
    p.add_argument("--smoke", action="store_true")
    # With --only: keep the other kernels' rows of the existing --json and
    # write the whole table again (re-running close calls).
    p.add_argument("--update", action="store_true")
    p.add_argument("--md", default=None)
    p.add_argument("--json", default=None)
    o = p.parse_args()
    # The checked-in table is a whole run's (or --update's, which keeps the
    # other rows): a run of some kernels, or a smoke run, writes into the
    # build directory unless told where.
    partial = (o.only and not o.update) or o.smoke
    dest = os.path.join(o.build, "bench") if partial else HERE
    os.makedirs(dest, exist_ok=True)
    o.md = o.md or os.path.join(dest, "results.md")
    o.json = o.json or os.path.join(dest, "results.json")
    kwrun = os.path.join(o.build, "bin", "kw-run")
    pocl = os.path.join(o.build, "bin", "kw-pocl")
    have_pocl = os.access(pocl, os.X_OK)
    icd = os.path.join(o.build, "icd", "kernel-wrap.icd")
    have_icd = have_pocl and os.path.exists(icd)
    threads = o.threads.split(",")
    repeat = o.repeat
    rounds = o.rounds
    if o.smoke:
        threads, repeat, rounds = threads[-1:], "2", 1
    only = set(filter(None, o.only.split(",")))
    spec = json.load(open(os.path.join(CORPUS, "corpus.json")))
    rows = []
    wrong = 0
    device = "pocl not built"
    tmp = tempfile.mkdtemp(prefix="kw-bench-")
    for k in spec["kernels"]:
        if only and k["name"] not in only:
            continue
        cfgs = [c for c in k["configs"] if bool(c.get("bench")) != o.smoke]
        c = cfgs[0]
        src = os.path.join(CORPUS, k["file"])
        defs = c.get("defines", [])
        sizes = ["-k", k["name"], "--global", c["global"], "--local",
                 c["local"], "--repeat", repeat]
        for a in c["args"]:
            sizes += ["--arg", a]
        f = lambda n: os.path.join(tmp, f"{k['name']}.{n}")
        run([kwrun, src, "--emit-so", f("vec.so"), "-q"] + defs)
        run([kwrun, src, "--emit-so", f("novec.so"), "-q", "--novec"] + defs)
        same = wg_code(f("vec.so"), k["name"]) == wg_code(f("novec.so"),
                                                           k["name"])
        for t in threads:
            env_icd = dict(os.environ, OCL_ICD_VENDORS=icd, KW_THREADS=t,
                           KW_CACHE_DIR=os.path.join(tmp, "cache"))
            env_pocl = dict(os.environ, POCL_MAX_PTHREAD_COUNT=t,
                            OCL_ICD_VENDORS="/etc/OpenCL/vendors/pocl.icd")
            best = {}
            def timed(name, cmd, env=None):
                out = run(cmd, env)
                best[name] = min(best.get(name, math.inf), min_ms(out))
                return out
            for _ in range(rounds):
                timed("vec", [kwrun, "--so", f("vec.so"), "--threads", t,
                              "--dump", f("vec")] + sizes)
                timed("novec", [kwrun, "--so", f("novec.so"), "--threads", t,
                                "--dump", f("novec")] + sizes)
                if have_icd:
                    timed("icd", [pocl, src, "--dump", f("icd")] + sizes +
                          defs, env_icd)
                if have_pocl:
                    out = timed("pocl", [pocl, src, "--dump", f("pocl")] +
                                sizes + defs, env_pocl)
                    device = re.search(r"device: (.*), build", out).group(1)
            vec, sca = best["vec"], best["novec"]
            ok, msg = compare(f("vec"), f("novec"),
                              ["--ulp", str(k.get("ulp", 0)),
                               "--atol", str(k.get("atol", 0.0))])
            row = {"kernel": k["name"], "threads": int(t),
                   "global": c["global"], "local": c["local"],
                   "defines": defs, "kw_vec_ms": vec, "kw_novec_ms": sca,
                   "same_code_as_novec": same,
                   "vec_matches_novec": ok, "vec_check": msg}
            wrong += not ok
            line = (f"{k['name']:13s} {t} thr  vec {vec:9.3f} ms  "
                    f"novec {sca:9.3f} ms{' (same code)' if same else ''}")
            if have_icd:
                ic = best["icd"]
                iok = open(f("icd"), "rb").read() == open(f("vec"), "rb").read()
                wrong += not iok
                row.update({"icd_ms": ic, "icd_matches_vec": iok})
                line += f"  icd {ic:9.3f} ms"
                line += "" if iok else "  ICD ANSWERS DIFFER"
            if have_pocl:
                pc = best["pocl"]
                pok, pmsg = compare(f("pocl"), f("novec"),
                                    ["--rtol", "1e-3", "--atol", "1e-4",
                                     "--ulp", "64"])
                wrong += not pok
                row.update({"pocl_ms": pc, "speedup_vs_pocl": pc / vec,
                            "pocl_agrees": pok, "pocl_check": pmsg})
                line += f"  pocl {pc:9.3f} ms  x{pc / vec:5.2f}"
                line += "" if pok else "  POCL ANSWERS DIFFER"
            line += "" if ok else "  VECTORIZED ANSWERS DIFFER"
            if not same and vec > 1.05 * sca:
                line += "  SLOWER THAN --novec"
            print(line, flush=True)
            rows.append(row)
    if o.update and os.path.exists(o.json):
        ran = {r["kernel"] for r in rows}
        order = [k["name"] for k in spec["kernels"]]
        kept = [r for r in json.load(open(o.json))["kernels"]
                if r["kernel"] not in ran]
        rows = sorted(kept + rows, key=lambda r: (order.index(r["kernel"])
                                                  if r["kernel"] in order
                                                  else len(order),
                                                  r["threads"]))
    res = {"threads": threads, "repeat": int(repeat), "rounds": rounds,
           "smoke": o.smoke,
           "device": device, "kernels": rows}
    with open(o.md, "w") as md:
        md.write(f"# kernel-wrap vs pocl ({device})\n\n")
        md.write(f"{'Smoke run (small sizes, not a measurement). ' if o.smoke else ''}"
                 f"Min of {rounds} rounds of {int(repeat) - 1} timed runs "
                 "after a warm-up run, the four builds one after the other "
                 "in each round; NDRange only (no compilation, no "
                 "transfers). \"same\": the work-group function is the "
                 "same machine code as --novec's (the plan kept its "
                 "work-item loops scalar). `bench/kernels/run.py` wrote "
                 "this file.\n\n")
        md.write("| kernel | threads | global | local | kernel-wrap ms | "
                 "--novec ms | vs --novec | our OpenCL platform ms | pocl ms | "
                 "speed-up vs pocl | answers |\n")
        md.write("|---|---:|---|---|---:|---:|---:|---:|---:|---:|---|\n")
        for r in rows:
            pc = f"{r['pocl_ms']:.3f}" if "pocl_ms" in r else "-"
            su = f"{r['speedup_vs_pocl']:.2f}x" if "pocl_ms" in r else "-"
            ic = f"{r['icd_ms']:.3f}" if "icd_ms" in r else "-"
            vn = ("same" if r["same_code_as_novec"] else
                  f"{r['kw_novec_ms'] / r['kw_vec_ms']:.2f}x")
            good = (r["vec_matches_novec"] and r.get("pocl_agrees", True)
                    and r.get("icd_matches_vec", True))
            md.write(f"| {r['kernel']} | {r['threads']} | {r['global']} | "
                     f"{r['local']} | {r['kw_vec_ms']:.3f} | "
                     f"{r['kw_novec_ms']:.3f} | {vn} | {ic} | {pc} | {su} | "
                     f"{'agree' if good else 'DIFFER'} |\n")
        for t in threads:
            sp = [r["speedup_vs_pocl"] for r in rows
                  if r["threads"] == int(t) and "speedup_vs_pocl" in r]
            if sp:
                geo = math.exp(sum(map(math.log, sp)) / len(sp))
                res[f"geomean_speedup_vs_pocl_{t}t"] = geo
                md.write(f"\nGeomean speed-up vs pocl, {t} thread(s): "
                         f"**{geo:.2f}x**\n")
                print(f"geomean speed-up vs pocl, {t} thread(s): {geo:.2f}x")
    json.dump(res, open(o.json, "w"), indent=1)
    if wrong:
        print(f"bench/kernels: {wrong} wrong answer(s)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
