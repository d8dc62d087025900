#!/usr/bin/env python3
"""Compare two bench builds (two plugins, one harness) for regressions.

On this kind of machine a tiny workload's ratio moves by up to 20% when
nothing but the addresses of the code changed (another variant in the same
object grew): the checked-in full run cannot tell that from a regression.
So a change is checked in two steps, both on two build dirs made by
`bench/run.sh` with the same sources and two plugins:

  bench/compare.py code OLD NEW
      which functions of our objects (variants, caller loops) have other
      instructions in NEW (addresses and register-free offsets aside);
      a workload none of whose code changed cannot have regressed
  bench/compare.py time OLD NEW [--filter RE] [--rounds N]
      runs OLD's and NEW's vecclone-bench in turn, N rounds, and prints per
      workload and configuration the median ratio to gcc's clone in each
      and NEW/OLD (the 5% rule of the bench applies to this number)

Example:
  BENCH_BUILD=/tmp/b-old VECCLONE_PLUGIN=old/VecClone.so \\
      bench/run.sh --benchmark_filter=nbody/
  BENCH_BUILD=/tmp/b-new bench/run.sh --benchmark_filter=nbody/
  bench/compare.py code /tmp/b-old /tmp/b-new
  bench/compare.py time /tmp/b-old /tmp/b-new --filter '^nbody/'
"""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys

ADDRESS = re.compile(r"^\s*[0-9a-f]+:\s*")
TARGET = re.compile(r"\b[0-9a-f]+ <([^>+]*)(\+0x[0-9a-f]+)?>")


def functions(obj):
    """Function name -> its instructions, without addresses or comments."""
    out = subprocess.check_output(
        ["objdump", "-d", "--no-show-raw-insn", obj], text=True)
    funcs = collections.OrderedDict()
    current = None
    for line in out.splitlines():
        head = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if head:
            current = funcs.setdefault(head.group(1), [])
            continue
        if current is None or not line.strip():
            continue
        insn = TARGET.sub(r"<\1>", ADDRESS.sub("", line))
        insn = insn.split("#")[0].strip()
        # Padding after the last function depends on what follows it.
        if insn.startswith(("nop", "cs nop", "data16", "xchg   %ax,%ax")):
            continue
        current.append(insn)
    return funcs


def compare_code(old, new):
    changed_any = False
    for obj in sorted(os.listdir(new)):
        if not (obj.endswith(".o") and obj.startswith("ours")):
            continue
        if not os.path.exists(os.path.join(old, obj)):
            print(f"{obj}: only in {new}")
            continue
        before = functions(os.path.join(old, obj))
        after = functions(os.path.join(new, obj))
        changed = [f for f in after if before.get(f) != after[f]]
        gone = [f for f in before if f not in after]
        if changed or gone:
            changed_any = True
            print(f"{obj}: {len(changed)} of {len(after)} functions changed")
            for f in changed:
                print(f"  {f}")
            for f in gone:
                print(f"  {f} (only in {old})")
    if not changed_any:
        print("no function of our objects changed")


def run(binary, pattern):
    out = subprocess.check_output(
        [binary, f"--benchmark_filter={pattern}", "--benchmark_format=json"],
        stderr=subprocess.DEVNULL, text=True)
    return {b["name"]: b["real_time"] for b in json.loads(out)["benchmarks"]}


def ratios_to_gcc(times):
    """(workload, config, size) -> time / gcc's clone's time, same -march."""
    out = {}
    for name, t in times.items():
        workload, config, size = name.split("/")
        if not config.startswith("ours"):
            continue
        gcc = times.get(f"{workload}/gcc_{config.split('_')[-1]}/{size}")
        if gcc:
            out[(workload, config, size)] = t / gcc
    return out


def compare_time(old, new, pattern, rounds):
    samples = {"old": collections.defaultdict(list),
               "new": collections.defaultdict(list)}
    for _ in range(rounds):
        for tag, build in (("old", old), ("new", new)):
            binary = os.path.join(build, "vecclone-bench")
            for key, r in ratios_to_gcc(run(binary, pattern)).items():
                samples[tag][key].append(r)
    print(f"{'workload':10} {'config':14} {'size':>6}  old    new    new/old")
    worst = 0.0
    for key in sorted(samples["new"]):
        if key not in samples["old"]:
            continue
        o = statistics.median(samples["old"][key])
        n = statistics.median(samples["new"][key])
        worst = max(worst, n / o)
        flag = "  <- over 5%" if n / o > 1.05 else ""
        print(f"{key[0]:10} {key[1]:14} {key[2]:>6}  {o:.3f}  {n:.3f}  "
              f"{n / o:.2f}{flag}")
    print(f"worst new/old: {worst:.2f} (medians of {rounds} rounds)")


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["code", "time"])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--filter", default="", help="Google Benchmark filter")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    if args.mode == "code":
        compare_code(args.old, args.new)
    else:
        compare_time(args.old, args.new, args.filter, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
