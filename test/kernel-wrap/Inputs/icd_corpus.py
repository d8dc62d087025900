"""Runs every corpus kernel's test configurations through the OpenCL
platform (kw-pocl, an ordinary OpenCL host program, with OCL_ICD_VENDORS
set to our .icd) and through kw-run, and compares the dumps byte for byte:
the platform must run the very work-group functions kw-run runs.

  icd_corpus.py KW_RUN KW_POCL ICD CORPUS_DIR TMP
"""
import json
import os
import subprocess
import sys

kwrun, kwpocl, icd, corpus, tmp = sys.argv[1:6]
spec = json.load(open(os.path.join(corpus, "corpus.json")))
env = dict(os.environ, OCL_ICD_VENDORS=icd, KW_THREADS="2")
bad = 0
for k in spec["kernels"]:
    for n, c in enumerate(x for x in k["configs"] if not x.get("bench")):
        src = os.path.join(corpus, k["file"])
        args = [src, "-k", k["name"], "--global", c["global"], "--local",
                c["local"]] + c.get("defines", [])
        for a in c["args"]:
            args += ["--arg", a]
        ours = os.path.join(tmp, f"{k['name']}.{n}.icd")
        ref = os.path.join(tmp, f"{k['name']}.{n}.kw")
        r1 = subprocess.run([kwpocl] + args + ["--dump", ours], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
        r2 = subprocess.run([kwrun, "-q"] + args + ["--dump", ref],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
        if r1.returncode or r2.returncode:
            print(f"{k['name']}.{n}: FAILED\n{r1.stdout}\n{r2.stdout}")
            bad += 1
            continue
        device = r1.stdout.splitlines()[0]
        same = open(ours, "rb").read() == open(ref, "rb").read()
        print(f"{k['name']}.{n}: {'same' if same else 'DIFFERENT'}")
        bad += not same
print(device)
print("all same" if not bad else f"{bad} different")
sys.exit(1 if bad else 0)
