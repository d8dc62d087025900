#!/usr/bin/env python3
"""Run the class e (AVX-512) variants of a fuzz batch on a CPU without AVX-512.

usage: emulate_e.py DIR --plugin=SO [--opt="-O2 ..."] [--cflags="..."]
                    [--plugin-args="-mllvm ..."] [--llvm-bin=DIR] [--gcc=gcc]

DIR is a gen_fuzz.py (or gen_abi_matrix.py) output with callee.c and
driver.c. What it does:

  1. callee.c -> LLVM IR with clang + the plugin at the batch's own options
     (`-S -emit-llvm` runs the whole optimization pipeline: this is the IR the
     backend gets for the real object; the e variants in it carry
     "+avx512f" and were widened for 16/32/64 lanes by the loop vectorizer
     with AVX-512's cost model).
  2. driver.c -> LLVM IR with plain clang -march=x86-64-v4 -DABI_EMULATED_E
     (the driver then runs class e only, whatever the CPU says). Built for
     AVX-512, clang passes the 512-bit vector arguments of the gcc-ABI
     declarations directly (<16 x float>, i32 masks), as in the callee.
  3. Checks that every _ZGVe declaration of the driver has the type of the
     callee's definition (the IR-level signature both sides lower).
  4. Rewrites both modules for x86-64-v3: drops every function's
     "target-cpu", "target-features", "tune-cpu", "min-legal-vector-width"
     and "prefer-vector-width" (llc -mcpu=x86-64-v3 supplies the target), and
     replaces vplan-ext's BOSCC register barriers on vectors wider than
     256 bits (`asm sideeffect "...", "=x,0"(<16 x i32> %v)`, an identity
     that only blocks hoisting; "x" has no 512-bit register without
     AVX-512) by `freeze` of the operand.
     Anything left that AVX2 cannot lower (llvm.x86.*512* intrinsics, other
     inline asm on wide vectors or zmm/k registers) is reported as CANNOT
     EMULATE, not skipped.
  5. llc -O2 -mcpu=x86-64-v3 both, link with gcc, run.

What this tests: the e variants' bodies (vecclone's lane loop, vplan-ext's
cuts, the loop vectorizer at 16+ lanes, gcc's bitmask mask convention read
by the body, wide returns through the hidden pointer) lane by lane against
the scalar function. What it does not test: the zmm register ABI itself.
Both objects are lowered by the same backend without AVX-512, so a 512-bit
argument travels as two ymm halves on both sides; the real zmm convention is
covered by the name and IR signature checks here and by execution only on
AVX-512 machines (fuzz-ci-avx512.test, abi-gcc-driver-avx512.test).

Prints one line starting with "emulated e:" and writes DIR/drv-e.log.
Exit status: 0 clean, 1 mismatch (or missing variant, signature mismatch),
2 cannot emulate, 3 build failure.
"""
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True

DROP_ATTRS = ("target-cpu", "target-features", "tune-cpu", "min-legal-vector-width",
              "prefer-vector-width")
ATTR_RE = re.compile(r' "(%s)"="[^"]*"' % "|".join(re.escape(a) for a in DROP_ATTRS))
# %r = [tail ]call <N x T> asm sideeffect "...", "=x,0"(<N x T> %v)[ #k][, !srcloc ...]
# (the operand may be a constant with parentheses: `splat (i32 3)`, seed 130037)
BARRIER_RE = re.compile(
    r'^(\s*%[-\w.]+ = )(?:tail |notail )?call (<(\d+) x (\w+)>) asm sideeffect "[^"]*", "=x,0"'
    r'\(<\d+ x \w+> ((?:[^()]|\([^()]*\))+)\)[^\n]*$', re.M)
BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "half": 16, "float": 32, "double": 64, "ptr": 64}


def run(cmd, log):
    """Exit status of cmd, 124 (as timeout(1)) when it runs longer than
    FUZZ_COMPILE_TIMEOUT seconds (300): a hang fails like a crash."""
    with open(log, "w") as fh:
        try:
            return subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT,
                                  timeout=float(os.environ.get("FUZZ_COMPILE_TIMEOUT", "300"))).returncode
        except subprocess.TimeoutExpired:
            fh.write("timed out (hang)\n")
            return 124


def first_lines(path, pat, n=3):
    out = []
    try:
        with open(path) as fh:
            for line in fh:
                if re.search(pat, line):
                    out.append(line.strip())
                    if len(out) == n:
                        break
    except OSError:
        pass
    return " | ".join(out)


def rewrite(text):
    """IR for AVX-512 -> IR llc can lower for x86-64-v3. Returns (text, problems)."""
    text = ATTR_RE.sub("", text)
    n_barriers = 0

    def barrier(m):
        nonlocal n_barriers
        if int(m.group(3)) * BITS.get(m.group(4), 64) <= 256:
            return m.group(0)  # fits a ymm register: leave as compiled
        n_barriers += 1
        return "%sfreeze %s %s" % (m.group(1), m.group(2), m.group(5))

    text = BARRIER_RE.sub(barrier, text)
    problems = []
    for name in sorted(set(re.findall(r"@(llvm\.x86\.[\w.]+)", text))):
        if "512" in name or "avx10" in name or ".k" in name:
            problems.append("intrinsic %s needs AVX-512" % name)
    for m in re.finditer(r'asm (?:sideeffect )?(?:inteldialect )?"[^"]*", "([^"]*)"\(([^)]*)\)', text):
        cons, args = m.group(1), m.group(2)
        wide = any(int(n) * BITS.get(t, 64) > 256 for n, t in re.findall(r"<(\d+) x (\w+)>", m.group(0)))
        if wide or re.search(r"zmm|\{k\d\}|\bv\b|=v|\^Y", cons):
            problems.append("inline asm %r on %s" % (cons, args[:60]))
    return text, n_barriers, sorted(set(problems))


SIG_RE = re.compile(r"^(define|declare) ([^@]*)@(_ZGVe\w+)\((.*)\)[^)]*$", re.M)
TYPE_RE = re.compile(r"<\d+ x \w+>|\[\d+ x [^\]]+\]|\bi\d+\b|\bfloat\b|\bdouble\b|\bptr\b|\bvoid\b")


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def abi_type(t):
    """IR type -> what the x86-64 backend passes it as. clang and the plugin
    coerce a 64-bit vector to double: the low half of an xmm register, or
    an 8-byte stack slot once xmm0-7 are taken, where clang passes it
    `byval` instead (same slot)."""
    m = re.match(r"(?:ptr .*byval\()?<(\d+) x (\w+)>\)?", t)
    if t == "double" or (m and int(m.group(1)) * BITS.get(m.group(2), 64) == 64):
        return "xmm64"
    return t.split()[0] if t.startswith("ptr") else t


def signatures(text):
    sigs = {}
    for kind, head, name, args in SIG_RE.findall(text):
        rt = TYPE_RE.findall(head)
        ats = [a if "byval(" in a else TYPE_RE.match(a).group(0) if TYPE_RE.match(a) else a.split()[0]
               for a in split_args(args)]
        sigs[name] = (kind, abi_type(rt[-1] if rt else "?"), tuple(abi_type(a) for a in ats))
    return sigs


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
    if len(args) != 1 or "plugin" not in opts:
        sys.exit(__doc__)
    d = args[0]
    bin_ = opts.get("llvm-bin", "/usr/lib/llvm-22/bin")
    gcc = opts.get("gcc", "gcc")
    opt = opts.get("opt", "-O2").split()
    cflags = opts.get("cflags", "-fopenmp-simd -ffp-contract=off -w").split()
    P = lambda f: os.path.join(d, f)  # noqa: E731

    def fail(code, what, log=None, pat="error|ERROR"):
        extra = first_lines(log, pat) if log else ""
        print("emulated e: %s%s" % (what, (": " + extra) if extra else ""))
        sys.exit(code)

    if run([bin_ + "/clang", "-fpass-plugin=" + opts["plugin"]] + opts.get("plugin-args", "").split() + opt + cflags +
           ["-S", "-emit-llvm", P("callee.c"), "-o", P("e-callee.ll")], P("e-callee.log")):
        fail(3, "BUILD FAILED (callee to IR, %s)" % " ".join(opt), P("e-callee.log"))
    if run([bin_ + "/clang", "-O0", "-march=x86-64-v4", "-DABI_EMULATED_E", "-Wno-psabi", "-w",
            "-S", "-emit-llvm", P("driver.c"), "-o", P("e-driver.ll")], P("e-driver.log")):
        fail(3, "BUILD FAILED (driver to IR)", P("e-driver.log"))
    callee = open(P("e-callee.ll")).read()
    driver = open(P("e-driver.ll")).read()

    # IR signatures: the gcc-ABI declarations as clang lowers them for
    # AVX-512 against our definitions.
    defs, decls = signatures(callee), signatures(driver)
    bad, nsig = [], 0
    for name, (kind, rt, ats) in sorted(decls.items()):
        if kind != "declare":
            continue
        if name not in defs:
            continue  # the driver reports it as MISSING when run
        nsig += 1
        if defs[name][1:] != (rt, ats):
            bad.append("%s: driver %s(%s), callee %s(%s)" % (
                name, rt, ", ".join(ats), defs[name][1], ", ".join(defs[name][2])))
    if bad:
        with open(P("drv-e.log"), "w") as fh:
            fh.write("".join("MISMATCH IR signature %s\n" % b for b in bad))
        fail(1, "MISMATCH (IR signature of %d e variant(s)): %s" % (len(bad), bad[0]))

    callee, nb_c, prob_c = rewrite(callee)
    driver, nb_d, prob_d = rewrite(driver)
    problems = prob_c + prob_d
    if problems:
        with open(P("e-cannot.txt"), "w") as fh:
            fh.write("\n".join(problems) + "\n")
        fail(2, "CANNOT EMULATE (%d construct(s) need AVX-512): %s" % (len(problems), "; ".join(problems[:3])))
    with open(P("e-callee-v3.ll"), "w") as fh:
        fh.write(callee)
    with open(P("e-driver-v3.ll"), "w") as fh:
        fh.write(driver)
    for f in ("callee", "driver"):
        if run([bin_ + "/llc", "-O2", "-mcpu=x86-64-v3", "-relocation-model=pic", "-filetype=obj",
                P("e-%s-v3.ll" % f), "-o", P("e-%s.o" % f)], P("e-%s-llc.log" % f)):
            if "Cannot select" in open(P("e-%s-llc.log" % f)).read():
                fail(2, "CANNOT EMULATE (%s: the x86-64-v3 backend cannot select it)" % f,
                     P("e-%s-llc.log" % f), "Cannot select|LLVM ERROR")
            fail(3, "BUILD FAILED (llc -mcpu=x86-64-v3, %s)" % f, P("e-%s-llc.log" % f), "error|ERROR")
    if run([gcc, P("e-driver.o"), P("e-callee.o"), "-o", P("drv-e")], P("e-link.log")):
        fail(3, "BUILD FAILED (link)", P("e-link.log"))
    with open(P("drv-e.log"), "w") as fh:
        rc = subprocess.run([P("drv-e"), "--require=e"], stdout=fh, stderr=subprocess.STDOUT).returncode
    ran = first_lines(P("drv-e.log"), r"^class e ", 1)
    m = re.search(r"ran (\d+) variants", ran)
    note = "%d IR signatures match, %d BOSCC barrier(s) on 512-bit vectors replaced by freeze" % (nsig, nb_c)
    if rc == 0 and m:
        print("emulated e: ran %s variants (%s)" % (m.group(1), note))
        sys.exit(0)
    fail(1, "MISMATCH (%s)" % note, P("drv-e.log"), "MISMATCH|MISSING|CRASH|FAILED|did not run")


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, KeyError, AttributeError) as e:
        # A tool error is not a mismatch: fuzz.sh reports exit 3 as BUILD FAILED.
        print("emulated e: BUILD FAILED (emulate_e.py: %s: %s)" % (type(e).__name__, e))
        sys.exit(3)
