#!/usr/bin/env python3
"""Turns the benchmark's raw results into latest.json, latest.md and a chart.

usage: report.py GBENCH.json --json OUT.json --md OUT.md [--png OUT.png]
                 [--calls calls.txt] [--compile-time ct.json]
                 [--check-asm check-asm.txt] [--remarks remarks.txt]

Time per element = the median over repetitions of cpu_time / N (the process's
CPU time: on a shared machine, time preempted by others does not count).
A ratio is ours / other: below 1.00 means ours is faster. The geometric mean
of a ratio is taken over every kernel and size measured for both sides.
"""
import argparse
import json
import math
import os
import platform
import statistics
import sys

UNIT = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
KERNELS = ["straight", "ifelse", "saxpy", "imix", "mandel", "aos3", "heavy",
           "nbody", "bscholes", "ray", "noise", "cond", "logger", "bsfast", "aos3e"]
KERNEL_DESC = {
    "straight": "straight line (mul/add/div/sqrt), `vv`",
    "ifelse": "if/else, several ops per side, `vv`",
    "saxpy": "`uniform(p) linear(i)` reading `p[i]`, `ulv`",
    "imix": "int mix (mul/shift/rotate/xor/min/select), `vv`",
    "mandel": "Mandelbrot escape loop (per-lane trip count, up to 256), `vv`",
    "aos3": "AoS stride 3: norm of point `p[3i..3i+2]` plus y, `ulv`",
    "heavy": "heavy if/else (BOSCC), signs in runs of 32 elements, `vv`",
    "nbody": "pull of 64 bodies (a uniform inner loop), `vvuuu`",
    "bscholes": "Black-Scholes call price: logf, 3 expf (scalar libm), sqrtf, normal CDF, `vvuuu`",
    "ray": "ray-sphere intersection: miss / near root / far root branches, Lambert shade, `vv`",
    "noise": "2-D Perlin-style noise: floor, hashing through a uniform table (gathers), `uvv`",
    "cond": "conditional call `a[i] > 0 ? f(a[i], b[i]) : b[i]` (masked variant), `vv`",
    "logger": "calls a logger without a vector variant when out of range (lane by lane, in order), `vv`",
    "bsfast": "`bscholes` built with `-fopenmp -ffast-math` (glibc declares expf/logf simd: libmvec), "
              "checked with a 1e-4 relative tolerance, `vvuuu`",
    "aos3e": "`aos3` at default FP flags: math-errno on (every object built without "
             "`-fno-math-errno`; `-ffp-contract=off` kept, so checked bit for bit): "
             "gcc 12's clone keeps sqrtf's errno path and runs the lanes one at a time, `ulv`",
}
# Configuration kinds, in table order: (key prefix, column title).
KINDS = [
    ("ours", "ours: gcc caller → our variant"),
    ("oursclang", "ours: clang+plugin caller → our variant"),
    ("gcc", "gcc caller → gcc's clone"),
    ("plain", "plain clang-22 (scalar calls)"),
    ("inl", "clang-22, body inlined (ideal)"),
]
OURS = ["ours", "oursclang"]
OTHERS = [("gcc", "gcc clone"), ("plain", "plain clang"), ("inl", "clang inlined")]
LEVELS = [
    ("v2", "`-march=x86-64-v2` (SSE4.2: gcc callers call the `b` variants)"),
    ("v3", "`-march=x86-64-v3` (AVX2: `d` variants)"),
    ("v4", "`-march=x86-64-v4` (AVX-512: `e` variants)"),
]


def fmt(x):
    return "—" if x is None else f"{x:.3f}"


def fratio(x):
    return "—" if x is None else f"{x:.2f}"


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def load_times(data):
    runs = {}  # (kernel, cfg, n) -> [ns/element]
    for b in data.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration" or b.get("error_occurred"):
            continue
        name = b.get("run_name", b["name"])
        parts = name.split("/")  # kernel/config/N[/iterations:1...]
        if len(parts) < 3 or not parts[2].isdigit():
            continue
        kernel, cfg, n = parts[0], parts[1], int(parts[2])
        # CPU time, not wall time: the machine is shared, and time spent
        # preempted by other processes should not count against whichever
        # benchmark happened to be running.
        ns = b["cpu_time"] * UNIT[b.get("time_unit", "ns")] / n
        runs.setdefault((kernel, cfg, n), []).append(ns)
    return runs


def read_calls(path):
    calls = {}
    if not path:
        return calls
    try:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2:
                    calls[(parts[0], parts[1])] = parts[2:]
    except OSError:
        pass
    return calls


def read_text(path):
    if not path:
        return None
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def chart(path, t, sizes, levels, title):
    """Speedup over plain clang per kernel, one panel per -march level."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report: matplotlib not found (apt-get install python3-matplotlib): "
              "no chart", file=sys.stderr)
        return False
    n = max(sizes)
    kinds = [("gcc", "gcc caller → gcc clone", "#999999"),
             ("ours", "gcc caller → our variant", "#1f77b4"),
             ("oursclang", "clang+plugin caller → our variant", "#2ca02c"),
             ("inl", "clang, body inlined (ideal)", "#ff7f0e")]
    fig, axes = plt.subplots(len(levels), 1, figsize=(13, 3.6 * len(levels)),
                             squeeze=False)
    width = 0.8 / len(kinds)
    for ax, (lv, desc) in zip(axes[:, 0], levels):
        for j, (kind, label, color) in enumerate(kinds):
            xs, ys = [], []
            for i, k in enumerate(KERNELS):
                p = t.get((k, f"plain_{lv}", n))
                v = t.get((k, f"{kind}_{lv}", n))
                if p and v:
                    xs.append(i + (j - (len(kinds) - 1) / 2) * width)
                    ys.append(p / v)
            ax.bar(xs, ys, width, label=label, color=color)
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_xticks(range(len(KERNELS)))
        ax.set_xticklabels(KERNELS)
        ax.set_ylabel("speedup over plain clang")
        ax.set_title(f"x86-64-{lv}, N = {n}")
        ax.grid(axis="y", which="both", alpha=0.3)
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=4, fontsize=9,
               bbox_to_anchor=(0.5, 0.965))
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return True


def geomean_table(w, levels, geo):
    """The geomean of ours / each comparator, one row per -march level."""
    w("| `-march` | ours (gcc caller) / gcc clone | / plain clang | / clang inlined "
      "| ours (clang caller) / gcc clone | / plain clang | / clang inlined |")
    w("|---|---:|---:|---:|---:|---:|---:|")
    for lv, _ in levels:
        cells = [fratio(geo.get(f"{o}_{lv}/{other}_{lv}")) for o in OURS for other, _ in OTHERS]
        w(f"| x86-64-{lv} | " + " | ".join(cells) + " |")


def summary_md(machine, reps, sizes, levels, geo, t, ct, wrong, skipped):
    """The README's bench section: machine, geomeans, the AVX2 table at the
    largest size, compile time, chart."""
    n = max(sizes)
    md = []
    w = md.append
    w(f"Latest full run (`bench/run.sh`) on {machine['cpu']}, "
      f"{machine['num_cpus']} CPUs at {machine['mhz_per_cpu']} MHz, a shared "
      f"virtual machine (load average {machine['load_avg']}), "
      f"{machine['date']}; median of {reps} repetitions. "
      + ("**WRONG ANSWERS: " + ", ".join(wrong) + "**. " if wrong else
         "Every configuration's answers were checked against the scalar "
         "reference first (bit for bit; the fast-math `bsfast` within 1e-4). ")
      + ("Not run here (no AVX-512): the x86-64-v4 configurations. " if skipped else "")
      + "Ratios are ours / other: below 1.00 ours is faster. Full tables: "
      "[bench/results/latest.md](bench/results/latest.md).")
    w("")
    w(f"Geometric mean over the {len(KERNELS)} kernels and both sizes "
      f"({', '.join(str(x) for x in sizes)}):")
    w("")
    geomean_table(w, levels, geo)
    w("")
    if any(lv == "v3" for lv, _ in levels):
        w(f"`-march=x86-64-v3` (AVX2), N = {n}, ns per element:")
        w("")
        w("| workload | ours: gcc caller | ours: clang caller | gcc clone | plain clang "
          "| clang, inlined | ours / gcc clone | ours / plain | ours / inlined |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for k in KERNELS:
            o, oc, g, p, i = (t.get((k, f"{c}_v3", n)) for c in
                              ("ours", "oursclang", "gcc", "plain", "inl"))
            if o is None and g is None:
                continue
            w(f"| {k} | {fmt(o)} | {fmt(oc)} | {fmt(g)} | {fmt(p)} | {fmt(i)} "
              f"| {fratio(ratio(o, g))} | {fratio(ratio(o, p))} | {fratio(ratio(o, i))} |")
        w("")
    if ct:
        res = ct["results"]
        c, o, g = (res.get(x, {}).get("median_cpu_s") for x in ("clang", "clang+ours", "gcc"))
        if c and o and g:
            w(f"Compile time, {ct['functions']} `declare simd` functions at -O2: "
              f"clang {c:.2f} s, clang + plugin {o:.2f} s "
              f"({res['clang+ours']['zgv_symbols']} variants defined; "
              f"{o / c:.1f}x plain clang), gcc {g:.2f} s "
              f"({res['gcc']['zgv_symbols']} clones; plugin / gcc = {o / g:.2f}).")
            w("")
    w("![speedup over plain clang per workload](bench/results/latest.png)")
    return "\n".join(md)


BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def update_readme(path, body):
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return
    a, b = text.find(BEGIN), text.find(END)
    if a < 0 or b < a:
        print(f"report: no {BEGIN} ... {END} block in {path}: not updated",
              file=sys.stderr)
        return
    text = text[:a + len(BEGIN)] + "\n" + body + "\n" + text[b:]
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gbench")
    ap.add_argument("--json", required=True)
    ap.add_argument("--md", required=True)
    ap.add_argument("--png")
    ap.add_argument("--calls")
    ap.add_argument("--compile-time")
    ap.add_argument("--check-asm")
    ap.add_argument("--remarks")
    ap.add_argument("--readme", help="replace the block between the markers "
                    "<!-- bench:begin --> and <!-- bench:end --> of this file "
                    "with a summary (table, chart, machine)")
    args = ap.parse_args()
    with open(args.gbench) as f:
        data = json.load(f)
    ctx = data.get("context", {})
    smoke = ctx.get("vecclone.smoke") == "1"

    runs = load_times(data)
    t = {k: statistics.median(v) for k, v in runs.items()}
    sizes = sorted({k[2] for k in t}) or [0]
    reps = max((len(v) for v in runs.values()), default=0)
    cfgs = {k[1] for k in t}
    levels = [(lv, d) for lv, d in LEVELS if any(c.endswith("_" + lv) for c in cfgs)]

    def get(kernel, cfg, n):
        return t.get((kernel, cfg, n))

    # Ratios and their geometric means.
    ratios, geo = {}, {}
    for lv, _ in levels:
        for o in OURS:
            for other, _ in OTHERS:
                key = f"{o}_{lv}/{other}_{lv}"
                r = {}
                for k in KERNELS:
                    for n in sizes:
                        x = ratio(get(k, f"{o}_{lv}", n), get(k, f"{other}_{lv}", n))
                        if x is not None:
                            r[f"{k}/{n}"] = round(x, 4)
                if r:
                    ratios[key] = r
                    geo[key] = round(geomean(r.values()), 4)
    ct = None
    if args.compile_time and os.path.exists(args.compile_time):
        with open(args.compile_time) as f:
            ct = json.load(f)
    checks = {k[len("check/"):]: v for k, v in ctx.items() if k.startswith("check/")}
    wrong = sorted(k for k, v in checks.items() if v != "ok")
    skipped = sorted(k[len("skipped/"):] for k in ctx if k.startswith("skipped/"))
    calls = read_calls(args.calls)
    machine = {
        "host": ctx.get("host_name", "?"),
        "cpu": cpu_model(),
        "num_cpus": ctx.get("num_cpus"),
        "mhz_per_cpu": ctx.get("mhz_per_cpu"),
        "caches": ctx.get("caches"),
        "load_avg": ctx.get("load_avg"),
        "date": ctx.get("date"),
    }

    # Workloads where ours loses to gcc's clone by more than 5%.
    slower = []
    for lv, _ in levels:
        for k in KERNELS:
            for n in sizes:
                x = ratio(get(k, f"ours_{lv}", n), get(k, f"gcc_{lv}", n))
                if x is not None and x > 1.05:
                    slower.append(f"{k}/{n} at {lv}: ours {x:.2f}x gcc's clone's time")

    out = {
        "machine": machine,
        "smoke": smoke,
        "repetitions": reps,
        "sizes": sizes,
        "unit": "ns per element (median over repetitions of cpu_time / N)",
        "correctness": {"checked": checks, "wrong": wrong},
        "skipped": skipped,
        "times": {f"{k}/{c}/{n}": round(v, 5) for (k, c, n), v in sorted(t.items())},
        "samples": {f"{k}/{c}/{n}": [round(x, 5) for x in v]
                    for (k, c, n), v in sorted(runs.items())},
        "ratios": ratios,
        "geomean": geo,
        "slower_than_gcc_clone": slower,
        "compile_time": ct,
        "calls": {f"{c}/{k}": v for (c, k), v in sorted(calls.items())},
        # The raw per-iteration JSON stays in the build dir (gbench.json).
        "google_benchmark_context": ctx,
    }
    with open(args.json, "w") as f:
        json.dump(out, f, indent=1)

    md = []
    w = md.append
    w("# vecclone benchmark")
    w("")
    w(f"Machine: {machine['cpu']}, {machine['num_cpus']} CPUs at "
      f"{machine['mhz_per_cpu']} MHz (host `{machine['host']}`, load average "
      f"{machine['load_avg']}); {machine['date']}. Median of {reps} "
      "repetition(s), run in random order; CPU ns per element (lower is better); "
      "ratio = ours / other (below 1.00: ours is faster).")
    if smoke:
        w("")
        w("**Smoke run: one iteration each, the times mean nothing.**")
    if ctx.get("vecclone.have_ours") == "0":
        w("")
        w("**Built without the plugin: no `ours` columns.**")
    if skipped:
        w("")
        w("Not run on this CPU (no AVX-512): " + ", ".join(f"`{c}`" for c in skipped) + ".")
    w("")
    if wrong:
        w("**WRONG ANSWERS (not timed): " + ", ".join(wrong) + "**")
    else:
        w(f"Correctness: all {len(checks)} loop/kernel pairs give the scalar "
          "reference's answers bit for bit (`bsfast`: within 1e-4 relative), and "
          "`logger` logs the same values in the same order (checked before timing).")
    w("")
    if args.png and not smoke:
        w(f"![speedup over plain clang]({os.path.basename(args.png)})")
        w("")

    w("## Summary: geometric mean of ours / comparator over all kernels and sizes")
    w("")
    geomean_table(w, levels, geo)
    w("")

    for lv, desc in levels:
        w(f"## {desc}")
        w("")
        w("| kernel | N | " + " | ".join(title for _, title in KINDS)
          + " | ours / gcc clone | ours / plain | ours / inlined "
          "| clang+ours / gcc clone | clang+ours / plain | clang+ours / inlined |")
        w("|---|---:|" + "---:|" * (len(KINDS) + 6))
        for k in KERNELS:
            for n in sizes:
                v = {kind: get(k, f"{kind}_{lv}", n) for kind, _ in KINDS}
                if all(x is None for x in v.values()):
                    continue
                rs = [fratio(ratio(v[o], v[other])) for o in OURS for other, _ in OTHERS]
                w(f"| {k} | {n} | " + " | ".join(fmt(v[kind]) for kind, _ in KINDS)
                  + " | " + " | ".join(rs) + " |")
        w("")
    if not levels:
        w("(no timings)")
        w("")
    skipped_levels = [lv for lv, _ in LEVELS if lv not in dict(levels)]
    if skipped_levels:
        w("Not measured here: " + ", ".join(f"x86-64-{lv}" for lv in skipped_levels)
          + " (the CPU lacks the ISA; those loops are built, and their calls are "
          "listed below).")
        w("")

    w("## Callees built `-fno-inline` (gcc -march=x86-64-v3 callers)")
    w("")
    w("Our callee object built with `-fno-inline` (every function `noinline`): "
      "a variant is a copy of the body whatever the inliner says, so it should "
      "run as fast as the default build, and at least as fast as gcc's clone.")
    w("")
    w("| kernel | N | ours -fno-inline | ours | gcc clone | -fno-inline / ours | -fno-inline / gcc clone |")
    w("|---|---:|---:|---:|---:|---:|---:|")
    ni_own, ni_gcc = [], []
    for k in KERNELS:
        for n in sizes:
            ni, o, g = get(k, "oursni_v3", n), get(k, "ours_v3", n), get(k, "gcc_v3", n)
            if ni is None:
                continue
            ni_own.append(ratio(ni, o))
            ni_gcc.append(ratio(ni, g))
            w(f"| {k} | {n} | {fmt(ni)} | {fmt(o)} | {fmt(g)} | "
              f"{fratio(ratio(ni, o))} | {fratio(ratio(ni, g))} |")
    w(f"| geomean | | | | | {fratio(geomean(ni_own))} | {fratio(geomean(ni_gcc))} |")
    w("")

    w("## User `omp simd` loops, body inlined (clang-22 -O3 -march=x86-64-v3)")
    w("")
    w("The kernel's body written inside the caller's `#pragma omp simd` loop. "
      "Plain clang vectorizes it unless it holds an inner loop (`mandel`, "
      "`nbody`) or a call without a vector form; with the plugin, vplan-ext "
      "strip-mines and cuts divergent inner loops.")
    w("")
    w("| kernel | N | plain clang | clang + vecclone | ours / plain clang |")
    w("|---|---:|---:|---:|---:|")
    for k in KERNELS:
        for n in sizes:
            i, oi = get(k, "inl_v3", n), get(k, "oursinl_v3", n)
            if i is None and oi is None:
                continue
            w(f"| {k} | {n} | {fmt(i)} | {fmt(oi)} | {fratio(ratio(oi, i))} |")
    w("")

    w("## Compile time")
    w("")
    if ct:
        res = ct["results"]
        base = res.get("clang", {}).get("median_cpu_s")
        w(f"One file of {ct['functions']} `declare simd` functions (four kinds of "
          "body; `bench/compile_time.py`), `-O2 -fopenmp-simd -c`, median CPU "
          f"time of {ct['reps']} compile(s).")
        w("")
        w("| compiler | median CPU s | median wall s | `_ZGV` symbols defined | vs plain clang | vs gcc |")
        w("|---|---:|---:|---:|---:|---:|")
        g = res.get("gcc", {}).get("median_cpu_s")
        for name in ("clang", "clang+ours", "gcc"):
            r = res.get(name)
            if not r:
                continue
            c = r["median_cpu_s"]
            w(f"| {name} | {c:.3f} | {r['median_wall_s']:.3f} | {r['zgv_symbols']} "
              f"| {fratio(ratio(c, base))} | {fratio(ratio(c, g))} |")
        w("")
        w("Plain clang defines no variants (only the attributes); the plugin "
          "defines every promised variant plus gcc's extra names; gcc defines its "
          "clones.")
    else:
        w("(not measured)")
    w("")

    w("## Where ours is not vectorized or slower than gcc's clone")
    w("")
    rem = read_text(args.remarks)
    rem_lines = [l for l in (rem or "").splitlines() if "remark:" in l]
    if rem_lines:
        w("`-Rpass-missed=vecclone` on our callee object:")
        w("")
        w("```")
        md.extend(rem_lines)
        w("```")
    else:
        w("No `-Rpass-missed=vecclone` remark on our callee object: every variant "
          "was widened.")
    w("")
    # The fast-math variants: libmvec or scalar libm calls (check-asm.txt).
    asm_text = read_text(args.check_asm) or ""
    for line in asm_text.splitlines():
        f = line.split()
        if f and f[0].startswith("_ZGV") and "fm_bscholes" in f[0] and len(f) >= 11:
            callees = f[10].split(",")
            mvec = [c for c in callees if c.startswith("_ZGV")]
            scalar = [c for c in callees if c in ("expf", "logf")]
            if mvec:
                w(f"`{f[0]}` (the `-fopenmp -ffast-math` build) calls libmvec: "
                  + ", ".join(f"`{c}`" for c in callees) + ".")
                w("")
            elif scalar:
                w(f"**`{f[0]}` (the `-fopenmp -ffast-math` build) calls the scalar "
                  f"{'/'.join(scalar)} lane by lane ({f[6]} calls), not libmvec's "
                  "vector entry points.**")
                w("")
    if slower:
        w("Slower than gcc's clone (gcc caller, >5%): " + "; ".join(slower) + ".")
    else:
        w("Nowhere slower than gcc's clone by more than 5% (gcc caller).")
    w("")

    w("Kernels: " + "; ".join(f"`{k}`: {d}" for k, d in KERNEL_DESC.items()) + ".")
    if calls:
        w("")
        w("## What each caller loop calls (from its disassembly)")
        w("")
        w("The main vector call, then the scalar call of the remainder loop; "
          "`(no call)` for an inlined body.")
        w("")
        w("| loop | " + " | ".join(KERNELS) + " |")
        w("|---|" + "---|" * len(KERNELS))
        for c in sorted({c for c, _ in calls} | {c for c in cfgs}):
            cells = []
            for k in KERNELS:
                syms = calls.get((c, k), [])
                cells.append(" ".join(f"`{s}`" for s in syms) if syms else "(no call)")
            w(f"| {c} | " + " | ".join(cells) + " |")
    asm = read_text(args.check_asm)
    if asm:
        w("")
        w("## Assembly of our variants (bench/check-asm.sh)")
        w("")
        w("```")
        md.extend(asm.rstrip("\n").splitlines())
        w("```")
    with open(args.md, "w") as f:
        f.write("\n".join(md) + "\n")

    if args.readme and not smoke:
        update_readme(args.readme, summary_md(machine, reps, sizes, levels, geo, t, ct,
                                              wrong, skipped))

    if args.png:
        title = f"{machine['cpu']}, {machine['num_cpus']} CPUs; {machine['date']}"
        if smoke:
            title = "SMOKE RUN (times mean nothing): " + title
        if levels:
            chart(args.png, t, sizes, levels, title)
    return 0


if __name__ == "__main__":
    sys.exit(main())
