#!/usr/bin/env python3
"""Differential fuzzing of kernel-wrap: random OpenCL C kernels
(kernel-wrap/tools/kw_fuzz_gen.py), each run vectorized, --novec and on
pocl, every output buffer compared bit for bit.

usage: scripts/kernel-fuzz.py [-n N] [-s FIRST_SEED] [-j JOBS] [-o OUTDIR]
                              [--kw-run PATH] [--kw-pocl PATH] [--no-pocl]
                              [--features LIST] [--keep] [--no-verify-plan] [-v]

Case SEED (FIRST_SEED .. FIRST_SEED + N - 1, default 1..100) is one kernel.
Its kernel is compiled twice with kw-run (--emit-so: vectorized, and
--novec), and both are run at each of the case's local sizes (the all-ones
group, the largest, one of 4/8/16/64 items and one more at random; 1-3
dimensions) on the same seeded inputs; the dumps of every buffer must be
identical. Kernels whose math pocl need not match (exp, log, sin, cos, mad)
are not run on pocl; the others run on pocl (kw-pocl with
OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd) at up to two local sizes and
must give --novec's answers bit for bit. pocl is skipped when kw-pocl or
pocl's ICD is missing, or with --no-pocl.

Failures:
  CRASH     kw-run failed to compile a kernel (valid kernels must compile),
            or crashed or timed out running it (compile 300 s, run 60 s);
  MISMATCH  vectorized and --novec differ: the buffer, the first differing
            index, both values, how many differ;
  POCL      pocl and --novec differ (or pocl failed), same report. Either
            kernel-wrap's scalar lowering or pocl is wrong: triage by hand;
            a construct pocl gets wrong is excluded from the comparison in
            the generator. pocl over 120 s (it looped forever in one
            kernel with many barriers) is kept as POCL-SLOW and not counted
            as a failure.
Each failing case is kept in OUTDIR/fail-SEED/ (kernel.cl, case.json, the
dumps, repro.sh: the failing configuration's commands) and named with a
one-line repro command. OUTDIR defaults to build/kernel-fuzz.

Prints a line per failure, a progress line every 25 cases, and a summary
(cases, runs, the features the kernels used, crashes, mismatches, pocl
differences). Exit status 0 only when all three counts are zero.
--features LIST: the generator's features (comma-separated, default all).
Vectorized builds run in vplan-ext's verify mode (-vplan-ext-verify-plan
and -vplan-ext-verify-vectorizer through a KW_OPT wrapper): a work-item
loop whose cut differs from its plan, or a lane loop the plan priced as
vector code that the loop vectorizer declines, fails to compile, a CRASH;
--no-verify-plan turns both off.
--keep keeps every case's directory (OUTDIR/case-SEED/), not just failures.
--reduce runs creduce (at most --reduce-time seconds, default 900) on each
failing kernel: OUTDIR/fail-SEED/reduced/kernel.cl. Its test,
reduce-test.sh, is written for every failure (to run creduce by hand): the
same error line for a crash, a difference between the same two runs
otherwise, and no uninitialized values (clang -Werror=uninitialized).
"""
import argparse
import concurrent.futures
import json
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "kernel-wrap", "tools"))
import kw_fuzz_gen as gen  # noqa: E402

POCL_ICD = "/etc/OpenCL/vendors/pocl.icd"
COMPILE_TIMEOUT = 300
RUN_TIMEOUT = 60
POCL_LOCALS = 2      # local sizes per case run on pocl (each builds anew)
POCL_TIMEOUT = 120


class Failure(Exception):
    """A failing case: its kind (CRASH, NOISE, MISMATCH, POCL), a one-line
    message, the commands that show it."""

    def __init__(self, kind, message, commands):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.commands = commands


# ---- running the tools ----------------------------------------------------

def run_tool(cmd, cwd, timeout, env=None):
    """Runs a command; returns (exit status or 'TIMEOUT', stderr tail)."""
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, timeout=timeout,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    except subprocess.TimeoutExpired:
        return "TIMEOUT", ""
    return p.returncode, error_summary(p.stderr.decode(errors="replace"))


def error_summary(text):
    """The line of a tool's error output that says what went wrong (an LLVM
    error, a failed assertion, the verifier's complaint), else its last."""
    lines = [l.strip() for l in text.strip().splitlines() if l.strip()]
    keys = ("LLVM ERROR", "Assertion", "error:", "does not dominate", "kw-run:", "kw-pocl:")
    picked = [l for l in lines if any(k in l for k in keys) and not l.startswith("#")]
    return " | ".join((picked or lines[-1:])[:3])


def status_text(status, err):
    if status == "TIMEOUT":
        return "timed out"
    if isinstance(status, int) and status < 0:
        return f"killed by signal {-status}" + (f": {err}" if err else "")
    return f"exit {status}" + (f": {err}" if err else "")


# The builds of a case: (name, kw-run flags, opt flags). The reference,
# the default vectorized one, and one more with an option chosen by the
# seed (another width, another vectorized dimension, an AVX2 or SSE4
# target, lockstep rounds), in every other case also with
# -vplan-min-speedup=0 (every lane loop vectorized, not only those the
# cost model expects to win; given to opt through a KW_OPT wrapper).
NOVEC = ("novec", ["--novec"], [])
VEC = ("vec", [], [])
ALT_FLAGS = [["--vf", "4"], ["--march", "x86-64-v3"], ["--vf", "8"],
             ["--lockstep"], ["--march", "x86-64-v2"], ["--vf", "16"],
             ["--dim", "1"], ["--dim", "2"]]


def alt_build(case):
    usable = [f for f in ALT_FLAGS if f[0] != "--dim" or int(f[1]) < case["dims"]]
    flags = usable[case["seed"] % len(usable)]
    opt = ["-vplan-min-speedup=0"] if (case["seed"] // len(ALT_FLAGS)) % 2 == 0 else []
    return ("alt", flags, opt)


def reference_for(build):
    """The --novec build a vectorized one is compared with: for another
    --march, --novec for that target too (`mad` is fused where the target
    has FMA and not on x86-64-v2: seed 11110 differed by that alone)."""
    flags = build[1]
    if "--march" not in flags:
        return NOVEC
    march = flags[flags.index("--march") + 1]
    return ("novec-" + march, ["--novec", "--march", march], [])


def build_text(build):
    name, flags, opt = build
    if name.startswith("novec"):
        return " ".join(flags)
    return "vectorized" + "".join(" " + f for f in flags + opt)


def launch_args(case, local, threads):
    args = ["-k", case["kernel"], "--global", ",".join(map(str, case["global"])),
            "--local", ",".join(map(str, local)), "--seed", str(case["seed"]),
            "--threads", str(threads)]
    if case.get("offset"):
        args += ["--offset", ",".join(map(str, case["offset"]))]
    for spec in case["args"]:
        args += ["--arg", spec]
    return args


def local_name(local):
    return "x".join(map(str, local))


# ---- comparing dumps ------------------------------------------------------

def read_dump(path):
    """kw-run's --dump: `argN TYPE COUNT` headers, one value a line."""
    bufs = []
    with open(path) as f:
        for line in f.read().splitlines():
            if line.startswith("arg"):
                name, typ, _ = line.split()
                bufs.append((int(name[3:]), typ, []))
            elif line:
                bufs[-1][2].append(line)
    return bufs


def first_difference(a_path, b_path, names):
    """None when the dumps are identical, else a description of the first
    differing buffer."""
    a, b = read_dump(a_path), read_dump(b_path)
    if [(i, t, len(v)) for i, t, v in a] != [(i, t, len(v)) for i, t, v in b]:
        return "the dumps hold different buffers"
    for (i, typ, va), (_, _, vb) in zip(a, b):
        diff = [k for k, (x, y) in enumerate(zip(va, vb)) if x != y]
        if diff:
            k = diff[0]
            return (f"arg{i} {names[i]} ({typ}[{len(va)}]) index {k}: "
                    f"{va[k]} vs {vb[k]} ({len(diff)} of {len(va)} differ)")
    return None


# ---- one case -------------------------------------------------------------

class Fuzzer:
    def __init__(self, opts):
        self.o = opts
        self.pocl = (not opts.no_pocl and os.access(opts.kw_pocl, os.X_OK)
                     and os.path.exists(POCL_ICD))
        self.pocl_env = dict(os.environ, OCL_ICD_VENDORS=POCL_ICD,
                             POCL_MAX_PTHREAD_COUNT="1")
        self.opt_wrappers = {}

    def opt_wrapper(self, opt):
        """A script kw-run runs as opt (KW_OPT) that adds \p opt's flags."""
        key = " ".join(opt)
        if key not in self.opt_wrappers:
            path = os.path.join(self.o.out, "opt" + "".join(re.sub(r"[^A-Za-z0-9]", "", f) for f in opt))
            real = os.environ.get("KW_OPT", "/usr/lib/llvm-22/bin/opt")
            with open(path, "w") as f:
                # after the arguments: the plugin's options exist once it is loaded
                f.write(f'#!/bin/sh\nexec {shlex.quote(real)} "$@" {key}\n')
            os.chmod(path, 0o755)
            self.opt_wrappers[key] = path
        return self.opt_wrappers[key]

    def build_env(self, build):
        """(environment, shell prefix) a build compiles with. Vectorized
        builds run in verify mode (-vplan-ext-verify-plan and
        -vplan-ext-verify-vectorizer: a lane loop whose cut differs from its
        plan, or that the vectorizer declines where the plan priced vector
        code, is a compile error, so a CRASH) unless --no-verify-plan."""
        opt = build[2]
        if self.o.verify_plan and "--novec" not in build[1]:
            opt = ["-vplan-ext-verify-plan", "-vplan-ext-verify-vectorizer"] + opt
        if not opt:
            return None, ""
        path = self.opt_wrapper(opt)
        return dict(os.environ, KW_OPT=path), f"env KW_OPT={shlex.quote(path)} "

    def compile(self, work, build):
        name, flags, _ = build
        env, prefix = self.build_env(build)
        temps = name + ".tmp"
        cmd = [self.o.kw_run, "kernel.cl", "-q", "--emit-so", name + ".so",
               "--keep-temps", temps] + flags
        status, err = run_tool(cmd, work, COMPILE_TIMEOUT, env)
        if status != 0:
            raise Failure("CRASH", f"compiling {build_text(build)}: {status_text(status, err)}",
                          [prefix + self.shell(cmd)])
        # A compile that succeeds says nothing: a warning or a remark nobody
        # asked for (clang's location-less "loop not vectorized") breaks
        # -Werror builds and buries real diagnostics.
        for log in sorted(glob.glob(os.path.join(work, temps, "log.*.txt"))):
            with open(log) as f:
                noise = [l for l in f.read().splitlines() if "warning:" in l or "remark:" in l]
            if noise:
                raise Failure("NOISE", f"compiling {build_text(build)}: {noise[0]}",
                              [prefix + self.shell(cmd)])

    def run(self, case, work, local, build, threads):
        name, flags, _ = build
        dump = f"{name}-{local_name(local)}.txt"
        args = launch_args(case, local, threads) + ["--dump", dump]
        status, err = run_tool([self.o.kw_run, "--so", name + ".so", "-q"] + args,
                               work, RUN_TIMEOUT)
        if status != 0:
            src = [self.o.kw_run, "kernel.cl", "-q"] + flags + args
            raise Failure("CRASH", f"running {build_text(build)} at --local {local_name(local)}: "
                          f"{status_text(status, err)}", [self.build_env(build)[1] + self.shell(src)])
        return dump

    def run_pocl(self, case, work, local):
        args = launch_args(case, local, 1) + ["--dump", f"pocl-{local_name(local)}.txt"]
        cmd = [self.o.kw_pocl, "kernel.cl"] + args
        status, err = run_tool(cmd, work, POCL_TIMEOUT, self.pocl_env)
        if status == "TIMEOUT":
            # seed 4051: pocl's work-group function for a kernel with 14
            # barriers (some in loops, all loops bounded) never returned:
            # noted and kept, not a failure of ours
            raise Failure("POCL-SLOW", f"pocl ran over {POCL_TIMEOUT} s at --local {local_name(local)}",
                          ["env OCL_ICD_VENDORS=" + POCL_ICD + " " + self.shell(cmd)])
        if status != 0:
            raise Failure("POCL", f"pocl failed at --local {local_name(local)}: "
                          f"{status_text(status, err)}",
                          ["env OCL_ICD_VENDORS=" + POCL_ICD + " " + self.shell(cmd)])
        return f"pocl-{local_name(local)}.txt"

    def shell(self, cmd):
        return " ".join(shlex.quote(c) for c in cmd)

    def differential(self, case, work, local, pairs, threads):
        """Every vectorized build against its --novec reference at one
        local size; returns the plain --novec run's dump."""
        refs = {}
        for build, ref_build in pairs:
            if ref_build[0] not in refs:
                refs[ref_build[0]] = self.run(case, work, local, ref_build, 1)
            ref = refs[ref_build[0]]
            got = self.run(case, work, local, build, threads)
            diff = first_difference(os.path.join(work, got), os.path.join(work, ref),
                                    case["names"])
            if diff:
                args = launch_args(case, local, threads)
                cmds = [self.build_env(build)[1] +
                        self.shell([self.o.kw_run, "kernel.cl", "-q"] + build[1] + args + ["--dump", "vec.txt"]),
                        self.shell([self.o.kw_run, "kernel.cl", "-q"] + ref_build[1] + args + ["--dump", "novec.txt"]),
                        self.shell([sys.executable, os.path.join(ROOT, "kernel-wrap/tools/kw-compare.py"),
                                    "vec.txt", "novec.txt"])]
                raise Failure("MISMATCH", f"{build_text(build)} vs {build_text(ref_build)} at --local "
                              f"{local_name(local)}: {diff}", cmds)
        return refs["novec"]

    def against_pocl(self, case, work, local, ref):
        got = self.run_pocl(case, work, local)
        diff = first_difference(os.path.join(work, got), os.path.join(work, ref),
                                case["names"])
        if diff:
            args = launch_args(case, local, 1)
            cmds = ["env OCL_ICD_VENDORS=" + POCL_ICD + " " +
                    self.shell([self.o.kw_pocl, "kernel.cl"] + args + ["--dump", "pocl.txt"]),
                    self.shell([self.o.kw_run, "kernel.cl", "-q", "--novec"] + args + ["--dump", "novec.txt"]),
                    self.shell([sys.executable, os.path.join(ROOT, "kernel-wrap/tools/kw-compare.py"),
                                "pocl.txt", "novec.txt"])]
            raise Failure("POCL", f"pocl vs --novec at --local {local_name(local)}: {diff}", cmds)

    def case(self, seed):
        """Runs case SEED; returns a result dict."""
        work = os.path.join(self.o.out, f"case-{seed}")
        shutil.rmtree(work, ignore_errors=True)
        case = gen.generate(seed, work, self.o.features)
        res = {"seed": seed, "features": case["features"], "runs": 0, "pocl_runs": 0,
               "locals": len(case["locals"])}
        alt = alt_build(case)
        pairs = [(VEC, NOVEC), (alt, reference_for(alt))]
        try:
            for build in [NOVEC, VEC, alt] + ([pairs[1][1]] if pairs[1][1] != NOVEC else []):
                self.compile(work, build)
            refs = {}
            for n, local in enumerate(case["locals"]):
                # the last local size runs the vectorized code on 2 threads
                threads = 2 if n == len(case["locals"]) - 1 else 1
                refs[local_name(local)] = (local, self.differential(case, work, local, pairs, threads))
            if self.pocl and case["pocl"]:
                for local, ref in pocl_choice(case, refs):
                    self.against_pocl(case, work, local, ref)
        except Failure as f:
            count_runs(work, res)
            res.update(kind=f.kind, message=f.message)
            res["dir"] = self.keep_failure(seed, work, f)
            return res
        res["kind"] = "ok"
        count_runs(work, res)
        if not self.o.keep:
            shutil.rmtree(work, ignore_errors=True)
        return res

    def keep_failure(self, seed, work, f):
        dest = os.path.join(self.o.out, f"fail-{seed}")
        shutil.rmtree(dest, ignore_errors=True)
        os.rename(work, dest)
        with open(os.path.join(dest, "repro.sh"), "w") as out:
            out.write("#!/bin/sh\n")
            out.write(f"# kernel-fuzz seed {seed}: {f.kind}: {f.message}\n")
            out.write('cd "$(dirname "$0")"\n')
            for c in f.commands:
                out.write(c + "\n")
        if f.kind != "POCL-SLOW":
            write_reduce_test(dest, f)
        if self.o.reduce and f.kind != "POCL-SLOW":
            reduce_case(dest, self.o.reduce_time)
        return dest


CLANG_CHECK = ("/usr/lib/llvm-22/bin/clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header "
               "--target=x86_64-unknown-linux-gnu -fsyntax-only -Werror=uninitialized "
               "-Werror=sometimes-uninitialized -Werror=implicit-function-declaration kernel.cl")


def write_reduce_test(dest, f):
    """reduce-test.sh: creduce's test that kernel.cl still fails the same
    way (and is still a kernel clang takes without uninitialized values).
    A crash: the command fails with the same error line; a difference: the
    runs succeed and the comparison (the last command) fails."""
    lines = ["#!/bin/bash", CLANG_CHECK + " 2>/dev/null || exit 1"]
    if f.kind == "NOISE":
        lines.append(f"timeout {COMPILE_TIMEOUT} {f.commands[0]} > /dev/null 2>&1 || exit 1")
        lines.append("cat *.tmp/log.*.txt | grep -qE 'warning:|remark:'")
    elif f.kind == "CRASH":
        lines.append(f"timeout {COMPILE_TIMEOUT} {f.commands[0]} 2> err.txt && exit 1")
        key = f.message.split(": ", 2)[-1].split(" | ")[0]
        if "/tmp/" not in key and "timed out" not in key:
            lines.append(f"grep -qF {shlex.quote(key)} err.txt")
    else:
        for c in f.commands[:-1]:
            lines.append(f"timeout {RUN_TIMEOUT} {c} > /dev/null 2>&1 || exit 1")
        lines.append(f"! {f.commands[-1]} > /dev/null 2>&1")
    path = os.path.join(dest, "reduce-test.sh")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
    os.chmod(path, 0o755)


def reduce_case(dest, seconds):
    """creduce on a copy of the failing kernel: DEST/reduced/kernel.cl."""
    red = os.path.join(dest, "reduced")
    os.makedirs(red, exist_ok=True)
    shutil.copy(os.path.join(dest, "kernel.cl"), red)
    shutil.copy(os.path.join(dest, "reduce-test.sh"), red)
    try:
        subprocess.run(["creduce", "--n", "1", "--timeout", "120", "./reduce-test.sh", "kernel.cl"],
                       cwd=red, timeout=seconds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (subprocess.TimeoutExpired, FileNotFoundError):
        pass


def count_runs(work, res):
    """The runs made, from their dumps: kw-run's (vec-, alt-, novec-) and
    pocl's."""
    dumps = [f for f in os.listdir(work) if f.endswith(".txt") and "-" in f]
    res["pocl_runs"] = sum(f.startswith("pocl-") for f in dumps)
    res["runs"] = len(dumps) - res["pocl_runs"]


def pocl_choice(case, refs):
    """The local sizes run on pocl: the largest group and one more."""
    items = list(refs.values())
    chosen = [items[1] if len(items) > 1 else items[0]]
    rest = [x for x in items if x is not chosen[0]]
    if rest:
        chosen.append(rest[case["seed"] % len(rest)])
    return chosen[:POCL_LOCALS]


# ---- the run --------------------------------------------------------------

def report_line(r):
    return (f"seed {r['seed']}: {r['kind']}: {r['message']}\n"
            f"  repro: sh {os.path.join(r['dir'], 'repro.sh')}")


def summary(results, first, n, pocl):
    runs = sum(r["runs"] for r in results)
    pruns = sum(r["pocl_runs"] for r in results)
    locals_ = sum(r["locals"] for r in results)
    print(f"kernel-fuzz: {len(results)} cases (seeds {first}..{first + n - 1}), "
          f"{locals_} local sizes, {runs} kw-run runs, {pruns} pocl runs"
          + ("" if pocl else " (pocl not available or --no-pocl)"))
    counts = {}
    for r in results:
        for f in r["features"]:
            counts[f] = counts.get(f, 0) + 1
    print("features: " + ", ".join(f"{f} {counts.get(f, 0)}" for f in gen.FEATURES))
    kinds = {"CRASH": 0, "NOISE": 0, "MISMATCH": 0, "POCL": 0, "POCL-SLOW": 0}
    for r in results:
        if r["kind"] in kinds:
            kinds[r["kind"]] += 1
    print(f"crashes: {kinds['CRASH']}")
    print(f"mismatches: {kinds['MISMATCH']}")
    print(f"pocl differences: {kinds['POCL']}")
    print(f"compiles with warnings or remarks: {kinds['NOISE']}")
    if kinds["POCL-SLOW"]:
        print(f"pocl over {POCL_TIMEOUT} s (not counted): {kinds['POCL-SLOW']}")
    for r in sorted(results, key=lambda r: r["seed"]):
        if r["kind"] != "ok":
            print(f"  seed {r['seed']} {r['kind']}: sh {os.path.join(r['dir'], 'repro.sh')}")
    return kinds["CRASH"] + kinds["NOISE"] + kinds["MISMATCH"] + kinds["POCL"]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-n", type=int, default=100)
    p.add_argument("-s", "--seed", type=int, default=1)
    p.add_argument("-j", "--jobs", type=int, default=1)
    p.add_argument("-o", "--out", default=os.path.join(ROOT, "build", "kernel-fuzz"))
    p.add_argument("--kw-run", default=os.path.join(ROOT, "build", "bin", "kw-run"))
    p.add_argument("--kw-pocl", default=None)
    p.add_argument("--no-pocl", action="store_true")
    p.add_argument("--no-verify-plan", dest="verify_plan", action="store_false")
    p.add_argument("--features", default="all")
    p.add_argument("--keep", action="store_true")
    p.add_argument("--reduce", action="store_true")
    p.add_argument("--reduce-time", type=int, default=900)
    p.add_argument("-v", "--verbose", action="store_true")
    o = p.parse_args(argv)
    o.kw_run = os.path.abspath(o.kw_run)
    if o.kw_pocl is None:
        o.kw_pocl = os.path.join(os.path.dirname(o.kw_run), "kw-pocl")
    o.kw_pocl = os.path.abspath(o.kw_pocl)
    o.out = os.path.abspath(o.out)
    o.features = gen.parse_features(o.features)
    return o


def main(argv):
    o = parse_args(argv)
    if not os.access(o.kw_run, os.X_OK):
        print(f"kernel-fuzz: no kw-run at {o.kw_run} (build first, or --kw-run)")
        return 2
    os.makedirs(o.out, exist_ok=True)
    fz = Fuzzer(o)
    lock = threading.Lock()
    results = []

    def one(seed):
        r = fz.case(seed)
        with lock:
            results.append(r)
            if r["kind"] != "ok":
                print(report_line(r), flush=True)
            elif o.verbose:
                print(f"seed {seed}: ok ({r['runs']} runs, {r['pocl_runs']} on pocl)", flush=True)
            if len(results) % 25 == 0:
                print(f"... {len(results)} of {o.n} cases", flush=True)

    seeds = range(o.seed, o.seed + o.n)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, o.jobs)) as ex:
        list(ex.map(one, seeds))
    return 1 if summary(results, o.seed, o.n, fz.pocl) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
