#!/usr/bin/env python3
"""Turns the benchmark's JSON into the markdown table of bench/README.md.

usage: report.py RESULTS.json [--calls calls.txt]

Time per element = the median over repetitions of real_time / N.
A ratio is ours / other: below 1.00 means our variant is faster.
"""
import argparse
import json
import statistics
import sys

UNIT = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
KERNELS = ["straight", "ifelse", "saxpy", "imix", "mandel", "aos3", "heavy", "nbody"]
KERNEL_DESC = {
    "straight": "straight line (mul/add/div/sqrt), `vv`",
    "ifelse": "if/else, several ops per side, `vv`",
    "saxpy": "`uniform(p) linear(i)` reading `p[i]`, `ulv`",
    "imix": "int mix (mul/shift/rotate/xor/min/select), `vv`",
    "mandel": "Mandelbrot escape loop (per-lane trip count, up to 256), `vv`",
    "aos3": "AoS stride 3: norm of point `p[3i..3i+2]` plus y, `ulv`",
    "heavy": "heavy if/else (BOSCC), signs in runs of 32 elements, `vv`",
    "nbody": "pull of 64 bodies (a uniform inner loop), `vvuuu`",
}


def fmt(x):
    return "—" if x is None else f"{x:.3f}"


def ratio(a, b):
    return "—" if a is None or b is None else f"{a / b:.2f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--calls")
    args = ap.parse_args()
    with open(args.json) as f:
        data = json.load(f)
    ctx = data.get("context", {})

    runs = {}  # (kernel, cfg, n) -> [ns/element]
    for b in data.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration" or b.get("error_occurred"):
            continue
        name = b.get("run_name", b["name"])
        parts = name.split("/")  # kernel/config/N[/iterations:1...]
        if len(parts) < 3 or not parts[2].isdigit():
            continue
        kernel, cfg, n = parts[0], parts[1], int(parts[2])
        ns = b["real_time"] * UNIT[b.get("time_unit", "ns")] / n
        runs.setdefault((kernel, cfg, n), []).append(ns)
    t = {k: statistics.median(v) for k, v in runs.items()}
    sizes = sorted({k[2] for k in t})
    reps = max((len(v) for v in runs.values()), default=0)

    def get(kernel, cfg, n):
        return t.get((kernel, cfg, n))

    out = []
    w = out.append
    w("# vecclone benchmark")
    w("")
    w(f"Host: {ctx.get('host_name', '?')}, {ctx.get('num_cpus', '?')} CPUs at "
      f"{ctx.get('mhz_per_cpu', '?')} MHz; {ctx.get('date', '')}. "
      f"Median of {reps} repetition(s); ns per element (lower is better); "
      "ratio = ours / other (below 1.00: ours is faster).")
    if ctx.get("vecclone.smoke") == "1":
        w("")
        w("**Smoke run: one iteration each, the times mean nothing.**")
    if ctx.get("vecclone.have_ours") == "0":
        w("")
        w("**Built without the plugin: no `ours` columns.**")
    skipped = sorted(k[len("skipped/"):] for k in ctx if k.startswith("skipped/"))
    if skipped:
        w("")
        w("Not run on this CPU (no AVX-512): " + ", ".join(f"`{c}`" for c in skipped) + ".")
    w("")

    # Correctness summary.
    checks = {k[len("check/"):]: v for k, v in ctx.items() if k.startswith("check/")}
    wrong = sorted(k for k, v in checks.items() if v != "ok")
    if wrong:
        w("**WRONG ANSWERS (not timed): " + ", ".join(wrong) + "**")
    else:
        w(f"Correctness: all {len(checks)} loop/kernel pairs give the scalar "
          "reference's answers bit for bit (checked before timing).")
    w("")

    w("## AVX2 callers (`-march=x86-64-v3`)")
    w("")
    w("| kernel | N | ours: gcc caller → our `d` variant | gcc caller → gcc's clone "
      "| clang, body inlined | plain clang (scalar calls) "
      "| ours / gcc clone | ours / clang inlined | ours / plain clang |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for k in KERNELS:
        for n in sizes:
            o, g, i, p = (get(k, c, n) for c in ("ours_v3", "gcc_v3", "inl", "plain"))
            if all(x is None for x in (o, g, i, p)):
                continue
            w(f"| {k} | {n} | {fmt(o)} | {fmt(g)} | {fmt(i)} | {fmt(p)} "
              f"| {ratio(o, g)} | {ratio(o, i)} | {ratio(o, p)} |")
    w("")
    w("## Extras: AVX-512 gcc callers (`-march=x86-64-v4`, `e` variants) "
      "and a clang + vecclone caller (v3)")
    w("")
    w("| kernel | N | ours: gcc v4 caller → our `e` variant | gcc v4 caller → gcc's clone "
      "| ours / gcc clone (v4) | clang + vecclone caller → our variant "
      "| that / clang inlined |")
    w("|---|---:|---:|---:|---:|---:|---:|")
    for k in KERNELS:
        for n in sizes:
            o4, g4, oc, i = (get(k, c, n) for c in ("ours_v4", "gcc_v4", "ours_clang", "inl"))
            if all(x is None for x in (o4, g4, oc)):
                continue
            w(f"| {k} | {n} | {fmt(o4)} | {fmt(g4)} | {ratio(o4, g4)} "
              f"| {fmt(oc)} | {ratio(oc, i)} |")
    w("")
    w("## User `omp simd` loops, body inlined (clang-22 -O3 -march=x86-64-v3)")
    w("")
    w("The kernel's body written inside the caller's `#pragma omp simd` loop. "
      "Plain clang vectorizes it unless it holds an inner loop (`mandel`); "
      "with the plugin, vplan-ext strip-mines and cuts such loops.")
    w("")
    w("| kernel | N | plain clang | clang + vecclone | gcc 12 (its clone, for reference) | ours / plain clang |")
    w("|---|---:|---:|---:|---:|---:|")
    for k in KERNELS:
        for n in sizes:
            i, oi, g = (get(k, c, n) for c in ("inl", "ours_inl", "gcc_v3"))
            if all(x is None for x in (i, oi)):
                continue
            w(f"| {k} | {n} | {fmt(i)} | {fmt(oi)} | {fmt(g)} | {ratio(oi, i)} |")
    w("")
    w("Kernels: " + "; ".join(f"`{k}`: {d}" for k, d in KERNEL_DESC.items()) + ".")

    if args.calls:
        calls = {}
        try:
            with open(args.calls) as f:
                for line in f:
                    parts = line.split()
                    if len(parts) >= 2:
                        calls[(parts[0], parts[1])] = parts[2:]
        except OSError:
            pass
        if calls:
            w("")
            w("## What each caller loop calls (from its disassembly)")
            w("")
            cfgs = sorted({c for c, _ in calls})
            w("| loop | " + " | ".join(KERNELS) + " |")
            w("|---|" + "---|" * len(KERNELS))
            for c in cfgs:
                cells = []
                for k in KERNELS:
                    syms = calls.get((c, k), [])
                    cells.append(" ".join(f"`{s}`" for s in syms) if syms else "(no call)")
                w(f"| {c} | " + " | ".join(cells) + " |")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
