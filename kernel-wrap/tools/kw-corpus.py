#!/usr/bin/env python3
"""Differential test of the kernel corpus: every kernel's vectorized
work-group function against its scalar one (kw-run --novec) on the same
inputs, for every test configuration of corpus.json.

  kw-corpus.py --kw-run build/bin/kw-run --corpus kernel-wrap/corpus \
               --tmp /tmp/x [--only saxpy,matmul] [--threads 2]
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if r.returncode:
        print("FAILED: " + " ".join(cmd) + "\n" + r.stdout)
    return r


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kw-run", required=True)
    p.add_argument("--corpus", required=True)
    p.add_argument("--tmp", required=True)
    p.add_argument("--only", default="")
    p.add_argument("--threads", default="2")
    p.add_argument("--vf", default="")
    o = p.parse_args()
    spec = json.load(open(os.path.join(o.corpus, "corpus.json")))
    only = set(filter(None, o.only.split(",")))
    os.makedirs(o.tmp, exist_ok=True)
    failures = 0
    for k in spec["kernels"]:
        if only and k["name"] not in only:
            continue
        src = os.path.join(o.corpus, k["file"])
        built = {}
        for n, c in enumerate(c for c in k["configs"] if not c.get("bench")):
            defs = c.get("defines", [])
            key = " ".join(defs)
            if key not in built:
                sos = []
                for mode in ("vec", "novec"):
                    so = os.path.join(o.tmp, f"{k['name']}.{len(built)}.{mode}.so")
                    cmd = [o.kw_run, src, "--emit-so", so, "-q"] + defs
                    if mode == "novec":
                        cmd.append("--novec")
                    elif o.vf:
                        cmd += ["--vf", o.vf]
                    if run(cmd).returncode:
                        failures += 1
                        sos = None
                        break
                    sos.append(so)
                built[key] = sos
            sos = built[key]
            if not sos:
                continue
            dumps = []
            for so in sos:
                d = so + f".{n}.dump"
                cmd = [o.kw_run, "--so", so, "-k", k["name"], "-q",
                       "--global", c["global"], "--local", c["local"],
                       "--threads", o.threads, "--dump", d]
                for a in c["args"]:
                    cmd += ["--arg", a]
                if run(cmd).returncode:
                    failures += 1
                    break
                dumps.append(d)
            if len(dumps) != 2:
                continue
            r = run([sys.executable, os.path.join(HERE, "kw-compare.py"),
                     dumps[0], dumps[1], "--ulp", str(k.get("ulp", 0)),
                     "--atol", str(k.get("atol", 0.0))])
            status = "ok" if r.returncode == 0 else "MISMATCH"
            failures += r.returncode != 0
            print(f"{k['name']} global={c['global']} local={c['local']} "
                  f"{key}: {status}: {r.stdout.strip().splitlines()[-1]}")
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
