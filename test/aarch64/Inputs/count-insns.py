#!/usr/bin/env python3
"""Guest instructions per element of one loop of sve-count.c: runs it
under qemu-aarch64 with -d in_asm,exec,nochain at two sizes and divides
the difference of the dynamic instruction counts by the difference of the
sizes (start-up cancels), then subtracts the same for the program without
the loop ("none": the arrays' initialisation, which gcc vectorizes).
usage: count-insns.py BINARY VL_BYTES LOOP..."""
import re, subprocess, sys, tempfile, os

def count(binary, loop, n, vl):
    with tempfile.NamedTemporaryFile(suffix=".log", delete=False) as f:
        log = f.name
    subprocess.run(["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu", "-cpu",
                    f"max,sve-default-vector-length={vl}", "-d",
                    "in_asm,exec,nochain", "-D", log, binary, loop, str(n)],
                   check=True)
    sizes, total, cur = {}, 0, None
    with open(log, errors="replace") as f:
        for line in f:
            if line.startswith("IN:"):
                cur = None
                continue
            m = re.match(r"0x([0-9a-f]+):\s", line)
            if m and cur is not None:
                sizes[cur] += 1
                continue
            if m:
                cur = int(m.group(1), 16)
                sizes[cur] = 1
                continue
            t = re.search(r"Trace .*?/([0-9a-f]+)/", line)
            if t:
                total += sizes.get(int(t.group(1), 16), 0)
            cur = None if not m else cur
    os.unlink(log)
    return total

def per_element(binary, loop, vl, n1=1024, n2=5120):
    return (count(binary, loop, n2, vl) - count(binary, loop, n1, vl)) / (n2 - n1)

b, vl = sys.argv[1], int(sys.argv[2])
base = per_element(b, "none", vl)
for loop in sys.argv[3:]:
    print(f"{loop} SVE {vl * 8} bits: "
          f"{per_element(b, loop, vl) - base:.2f} instructions/element")
