#!/usr/bin/env python3
"""-Werror builds of every C/C++ test input (issue 19 item 17).

usage: werror_inputs.py [--remarks] CLANG PLUGIN ROOT [CFLAGS...]

For every .c/.cpp file under ROOT/test/*/Inputs, ROOT/bench/src and
ROOT/examples that plain clang compiles with -Werror: clang with the
plugin must compile it with -Werror too. Files that are meant to draw a
vecclone warning say `vecclone-expects-warning` in a comment and are
compiled without -Werror. Every file, also one plain clang cannot build
with -Werror (its own omp simd loops warn), is compiled with the plugin
once more without it (with --remarks, with every remark of ours asked
for): no diagnostic or remark may lack a source location (`<unknown>:0:0`, none at
all, or clang's note that it found none). Prints one line per failure and
a summary `N passed, N failed`.
"""
import concurrent.futures
import glob
import os
import re
import subprocess
import sys


LOCATED = re.compile(r"^[^\s:][^:]*:\d+:\d+: (warning|error|remark)")


REMARKS = [f"-R{kind}=vecclone|vplan-ext"
           for kind in ("pass", "pass-missed", "pass-analysis")]


def locationless(stderr):
    """Diagnostics and remarks without a source location (`<unknown>:0:0`,
    none, or clang's note that it could not find the remark's)."""
    return [l for l in stderr.splitlines()
            if (re.search(r"\b(warning|error|remark):", l)
                and (not LOCATED.match(l) or l.startswith("<unknown>"))
                and not re.search(r"\d+ (warnings?|errors?)( and \d+ errors?)? generated", l))
            or "could not determine the original source location" in l]


def compile_one(args):
    clang, plugin, src, cflags, remarks = args
    text = open(src, errors="replace").read()
    werror = [] if "vecclone-expects-warning" in text else ["-Werror"]
    lang = ["-x", "c++", "-std=c++17"] if src.endswith(".cpp") else ["-x", "c"]
    base = ["-c", "-o", os.devnull, "-fopenmp-simd", *cflags, *lang,
            "-I", os.path.dirname(src), src]
    ours = subprocess.run([clang, "-fpass-plugin=" + plugin, *base,
                           *(REMARKS if remarks else [])],
                          capture_output=True, text=True)
    bad = locationless(ours.stderr)
    if bad:
        return src, "failed", bad[:3]
    # Not a warning: the -Werror build would be this one (a third of the
    # compiles this test makes).
    if werror and ours.returncode == 0 and "warning:" not in ours.stderr:
        return src, "passed", ""
    plain = subprocess.run([clang, *base, *werror], capture_output=True,
                           text=True)
    if plain.returncode != 0:
        return src, "skipped", ""
    ours = subprocess.run([clang, "-fpass-plugin=" + plugin, *base, *werror],
                          capture_output=True, text=True)
    if ours.returncode != 0:
        return src, "failed", ours.stderr.strip().splitlines()[:3]
    return src, "passed", ""


def main():
    args = sys.argv[1:]
    remarks = "--remarks" in args
    if remarks:
        args.remove("--remarks")
    clang, plugin, root, *cflags = args
    files = sorted(
        glob.glob(os.path.join(root, "test", "*", "Inputs", "*.c")) +
        glob.glob(os.path.join(root, "test", "*", "Inputs", "*.cpp")) +
        glob.glob(os.path.join(root, "bench", "src", "*.c")) +
        glob.glob(os.path.join(root, "examples", "*", "*.c")))
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for src, verdict, why in pool.map(
                compile_one,
                [(clang, plugin, f, cflags, remarks) for f in files]):
            counts[verdict] += 1
            if verdict == "failed":
                print(f"FAILED {os.path.relpath(src, root)}: {why}")
    print(f"werror: {counts['passed']} passed, {counts['failed']} failed, "
          f"{counts['skipped']} skipped (plain clang fails too)")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
