#!/usr/bin/env python3
"""Random declare-simd functions for differential fuzzing (issue 7).

usage: gen_fuzz.py SEED COUNT OUTDIR [--first=K] [--only=fzK,...] [--narrow-helpers] [--lockstep-reads]

Writes into OUTDIR:
  callee.c   a few fixed declare-simd helpers, then COUNT random functions
             fz<K>..: random scalar return and parameter types, random clause
             mixes (uniform, linear with constant or uniform-variable steps,
             vector, inbranch / notinbranch / both, sometimes simdlen),
             bodies with divergent if/else, loops with bounded trip counts,
             break / continue / early return, reads through uniform and
             linear pointers, writes through linear pointers (and through
             uniform pointers at a linear index), calls to the helpers.
  driver.c   gen_abi_matrix.py's gcc-ABI driver for these functions: every
             b/c/d/e variant called directly (masks: all, none, one, random),
             every active lane compared with the scalar function, buffers
             behind pointers compared byte for byte.
  caller.c   an `omp simd` loop per function (built by gcc and by clang with
             the plugin), over arrays that end right before an unmapped page,
             with a trip count that is not a multiple of any vector length;
             masked functions are called under a per-element condition.
             Results and memory compared with a scalar loop. Prints
             `mismatches: N`.
  cases.txt  one line per random function: its name and pragma.

Every body is free of undefined behaviour: integer arithmetic is unsigned,
divisors are forced odd, shift counts are constants below the width, loops
are bounded, floating-point values never become integers, and a lane only
writes memory no other lane reads or writes (its own linear slot).
Deterministic for a seed. --first=K numbers the functions from K (so that a
case keeps its name across batches); --only keeps just the named cases (and
the helpers) of the same sequence: a failing case on its own.
"""
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "abi"))
import gen_abi_matrix as abi  # noqa: E402
from gen_abi_matrix import F, P, TYPES, is_ptr, pointee, ctype  # noqa: E402

INT_TYPES = ["schar", "uchar", "short", "ushort", "int", "uint", "long", "ulong"]
FP_TYPES = ["float", "double"]
SCALARS = INT_TYPES + FP_TYPES

# Declare-simd helpers the random bodies call (they are tested as cases too).
HELPERS = [
    F("fz_hu", "uint", [P("uint", "a"), P("uint", "b")],
      "unsigned r = a * 2654435761u ^ (b >> 3); if (r & 1u) r += b; return r;"),
    F("fz_hloop", "uint", [P("uint", "a")],
      "unsigned r = 1u; for (unsigned k = 0; k < (a & 7u); k++) r = r * 3u + k; return r;"),
    F("fz_hf", "float", [P("float", "a"), P("float", "b")],
      "return a < b ? a * 0.5f : b - a;"),
    F("fz_hd", "double", [P("double", "a"), P("int", "k", "u")],
      "return a * a - (double)k;"),
]
HELPER_CALLS = {"uint": ["fz_hu({0}, {1})", "fz_hloop({0})"], "float": ["fz_hf({0}, {1})"],
                "double": ["fz_hd({0}, 3)"]}
# --narrow-helpers (scripts/fuzz.sh passes it): two more helpers, narrower
# than every caller variant and never inlined, so the callers' variants call
# their 2- and 4-lane variants once per slice of their lanes (masked under a
# condition). Off by default: the regression tests regenerate their cases
# from the streams without them.
NARROW_HELPERS = [
    F("fz_hn", "uint", [P("uint", "a"), P("uint", "k", "u")],
      "unsigned r = a * 2246822519u + k; return r ^ (r >> 13);",
      simdlen=2, attrs="__attribute__((noinline)) "),
    F("fz_hm", "float", [P("float", "a"), P("float", "b")],
      "return a > b ? a - b * 0.5f : b * 0.25f;",
      simdlen=4, attrs="__attribute__((noinline)) "),
]
NARROW_CALLS = {"uint": ["fz_hn({0}, 5u)"], "float": ["fz_hm({0}, {1})"]}
# --lockstep-reads (scripts/fuzz.sh --lockstep-reads): read-only uniform
# buffers are also read at `linear index + innermost loop counter`, the
# shape vplan-ext's round counters and lane-stepped copies turn into
# contiguous masked loads (and prefetches); those buffers grow to hold it.
# Off by default, for the same reason as --narrow-helpers.
LOCKSTEP_READS = False


class Body:
    """Random statements for one function."""

    def __init__(self, R, f, at, ft):
        self.R, self.f, self.at, self.ft = R, f, at, ft
        self.fs = "f" if ft == "float" else ""
        self.ivars = ["s", "t"]
        self.loopvars = []  # counters of the enclosing `k < (e & 15u)` loops
        self.fvars = ["x", "y"]
        self.rptrs = []   # (expr-maker) read-only pointer reads
        self.wslots = []  # (lvalue, elem type) this lane owns
        for p in f.params:
            if not is_ptr(p.ty):
                continue
            e = pointee(p.ty)
            if p.ty.startswith("pc:"):
                if p.kind == "u":
                    self.rptrs.append((lambda p=p: "%s[(%s) & 31u]" % (p.name, self.iexpr(2)), e))
                    if LOCKSTEP_READS and f.lin is not None:
                        self.rptrs.append((lambda p=p: "%s[(unsigned)%s + %s]" % (
                            p.name, f.lin, self.loopvars[-1] if self.loopvars else "0u"), e))
                else:  # linear: only its own slot
                    self.rptrs.append((lambda p=p: "%s[0]" % p.name, e))
            elif p.kind == "u":
                self.wslots.append(("%s[%s]" % (p.name, p.index_by), e))
            else:
                self.wslots.append(("%s[0]" % p.name, e))
        self.rptrs += [(lambda lv=lv: lv, e) for lv, e in self.wslots]

    def const_i(self):
        return "%du" % self.R.choice([0, 1, 2, 3, 5, 7, 31, 255, 1000, 65535, 0x7fffffff])

    def const_f(self):
        return "%s%s" % (self.R.choice(["0.5", "1.5", "-2.0", "3.25", "0.0", "-0.125", "100.0"]), self.fs)

    def iexpr(self, d=0):
        R = self.R
        k = R.random()
        if d > 2 or k < 0.3 + 0.15 * d:
            return R.choice(self.ivars + self.pvals_i + [self.const_i()])
        if k < 0.38 and self.rptrs:
            mk, e = R.choice(self.rptrs)
            if e in FP_TYPES:
                return "(%s)(%s > %s)" % (self.at, mk(), self.fexpr(d + 1))
            return "(%s)%s" % (self.at, mk())
        if k < 0.45:
            call = R.choice(HELPER_CALLS["uint"])
            return "(%s)%s" % (self.at, call.format("(unsigned)(%s)" % self.iexpr(d + 1),
                                                   "(unsigned)(%s)" % self.iexpr(d + 1)))
        if k < 0.5:
            return "(%s)(%s)" % (self.at, self.cond(d + 1))
        op = R.choice(["+", "-", "*", "^", "&", "|", ">>", "<<", "/", "%"])
        a, b = self.iexpr(d + 1), self.iexpr(d + 1)
        if op in (">>", "<<"):  # on the accumulator type, count below 32
            return "((%s)(%s) %s %d)" % (self.at, a, op, R.randint(0, 31))
        if op in ("/", "%"):
            return "((%s) %s ((%s) | 1u))" % (a, op, b)
        return "((%s) %s (%s))" % (a, op, b)

    def fexpr(self, d=0):
        R = self.R
        k = R.random()
        if d > 2 or k < 0.3 + 0.15 * d:
            return R.choice(self.fvars + self.pvals_f + [self.const_f()])
        if k < 0.38 and self.rptrs:
            mk, e = R.choice(self.rptrs)
            return "(%s)%s" % (self.ft, mk())
        if k < 0.45:
            call = R.choice(HELPER_CALLS[self.ft])
            return call.format(self.fexpr(d + 1), self.fexpr(d + 1))
        if k < 0.52:
            return "(%s)(int)((%s) & 1023u)" % (self.ft, self.iexpr(d + 1))
        op = R.choice(["+", "-", "*"])
        return "((%s) %s (%s))" % (self.fexpr(d + 1), op, self.fexpr(d + 1))

    def cond(self, d=0):
        R = self.R
        cmp = R.choice(["<", ">", "==", "!=", "<=", ">="])
        if R.random() < 0.6:
            return "(%s) %s (%s)" % (self.iexpr(d + 1), cmp, self.iexpr(d + 1))
        return "(%s) %s (%s)" % (self.fexpr(d + 1), cmp, self.fexpr(d + 1))

    def ret(self):
        rt = self.f.ret
        if rt == "void":
            return "return;"
        # Every return reads each variable-step pointer: vecclone counts the
        # step in the pointee type the body uses, and rejects (with a
        # warning, test/vecclone/bad-attributes.ll) a pointer the optimized
        # body never dereferences.
        ls = "".join(" ^ (%s)(%s[0] > 0)" % (self.at, p.name) for p in self.f.params if p.kind == "ls")
        if rt in FP_TYPES:
            return "return (%s)(x + y + (%s)(int)((s%s) & 1023u));" % (ctype(rt), self.ft, ls)
        return "return (%s)(s ^ (t << 1) ^ (%s)(x < y)%s);" % (ctype(rt), self.at, ls)

    def stmt(self, depth, in_loop):
        R = self.R
        k = R.random()
        if k < 0.3 or depth > 2:
            if self.wslots and R.random() < 0.3:
                lv, e = R.choice(self.wslots)
                val = self.fexpr() if e in FP_TYPES else self.iexpr()
                return "%s = (%s)(%s);" % (lv, TYPES[e][0], val)
            if R.random() < 0.6:  # never a loop counter: loops stay bounded
                return "%s = %s;" % (R.choice(["s", "t"]), self.iexpr())
            return "%s = %s;" % (R.choice(self.fvars), self.fexpr())
        if k < 0.5:
            return "if (%s) { %s } else { %s }" % (self.cond(), self.stmt(depth + 1, in_loop),
                                                   self.stmt(depth + 1, in_loop))
        if k < 0.58 and in_loop:
            return "if (%s) %s;" % (self.cond(), R.choice(["break", "continue"]))
        if k < 0.64:
            return "if (%s) %s" % (self.cond(), self.ret())
        lv = "k%d" % depth
        n = R.randint(1, 3)
        if R.random() < 0.6:
            head = "for (unsigned %s = 0; %s < ((%s) & %du); %s++)" % (lv, lv, self.iexpr(1),
                                                                    R.choice([3, 7, 15]), lv)
            self.ivars.append(lv)
            self.loopvars.append(lv)
            body = " ".join(self.stmt(depth + 1, True) for _ in range(n))
            self.loopvars.pop()
            self.ivars.pop()
        else:
            head = "for (int %s = 0; %s < 12 && (%s); %s++)" % (lv, lv, self.cond(1), lv)
            body = " ".join(self.stmt(depth + 1, True) for _ in range(n)) + " x = x * 0.5%s + 1.0%s;" % (self.fs, self.fs)
        return "%s { %s }" % (head, body)


def random_function(R, idx):
    name = "fz%d" % idx
    ret = R.choice(SCALARS + ["void"] * 1)
    params = []
    names = iter("abcd")
    nparams = R.randint(1, 4)
    # a linear int index first (uniform pointers are written at it)
    lin_index = None
    for i in range(nparams):
        n = next(names)
        kind = R.choices(["v", "u", "l", "ptr"], [5, 2, 2, 3])[0]
        if kind == "ptr":
            e = R.choice(SCALARS)
            writable = R.random() < 0.5
            ty = ("p:" if writable else "pc:") + e
            pk = R.choice(["u", "l", "l"])
            if pk == "u" and writable:
                if lin_index is None:
                    ty = "pc:" + e  # no lane-distinct index to write at
                else:
                    p = P(ty, n, "u")
                    p.index_by = lin_index
                    params.append(p)
                    continue
            if pk == "u":
                params.append(P(ty, n, "u"))
            else:
                step = R.choice([1, 1, 2, 3, -1, -2]) if not writable or True else 1
                params.append(P(ty, n, "l", step=step))
            continue
        t = R.choice(SCALARS)
        if kind == "l":
            t = R.choice(INT_TYPES)
            if t == "int" and lin_index is None:
                step = R.choice([1, 2, 3])
                params.append(P("int", n, "l", step=step, dom=("range", 0, 40)))
                lin_index = n
                continue
            step = R.choice([1, 1, 2, 3, -1, -2, 5])
            if not TYPES[t][3] and step < 0:
                step = -step
            # Narrow linear values stay in range: whether lane k's a + k*step
            # wraps to the narrow type is where gcc's own clones and the
            # scalar calls disagree (seen with signed char, step 3).
            dom = R.choice([None, "wrap"]) if TYPES[t][1] >= 32 else ("range", -50, 50)
            params.append(P(t, n, "l", step=step, dom=dom))
        elif kind == "u":
            params.append(P(t, n, "u"))
        else:
            params.append(P(t, n, "v"))
    # --lockstep-reads: a linear index and a read-only uniform buffer to read
    # at it (plus a loop counter), where there is room for them
    if LOCKSTEP_READS:
        if lin_index is None and len(params) < 4:
            lin_index = next(names)
            params.append(P("int", lin_index, "l", step=R.choice([1, 1, 2]),
                            dom=("range", 0, 40)))
        if lin_index is not None and len(params) < 4 and not any(
                p.ty.startswith("pc:") and p.kind == "u" for p in params):
            params.append(P("pc:" + R.choice(SCALARS), next(names), "u"))
    # a variable (uniform) step sometimes replaces a linear pointer's constant
    us = [p for p in params if p.kind == "u" and p.ty == "int"]
    for p in params:
        if p.kind == "l" and is_ptr(p.ty) and R.random() < 0.3:
            if not us and len(params) < 4:
                params.append(P("int", next(names), "u"))
                us = [params[-1]]
            if us:
                p.kind, p.ref = "ls", us[0].name
                us[0].dom = ("range", 1, 3)
    if ret == "void" and not any(p.ty.startswith("p:") for p in params):
        ret = "int"
    if all(p.kind != "v" for p in params) and ret == "void":
        ret = "int"
    if ret == "void":
        for p in params:
            if p.kind == "ls":
                p.kind = "l"
    branch = R.choice([None, "inbranch", "notinbranch"])
    simdlen = R.choice([None] * 6 + [2, 4, 8, 16])
    f = F(name, ret, params, "", branch, simdlen)
    f.lin = lin_index
    # working types: one unsigned and one floating accumulator
    at = R.choice(["unsigned", "unsigned long"])
    fps = [p.ty for p in params if p.ty in FP_TYPES] + ([ret] if ret in FP_TYPES else [])
    ft = fps[0] if fps else R.choice(FP_TYPES)
    b = Body(R, f, at, ft)
    b.pvals_i = ["(%s)%s" % (at, p.name) for p in params if not is_ptr(p.ty) and p.ty in INT_TYPES]
    b.pvals_f = ["(%s)%s" % (ft, p.name) for p in params if p.ty in FP_TYPES]
    init_s = " ^ ".join(b.pvals_i) or "7u"
    init_x = " + ".join(b.pvals_f) or b.const_f()
    stmts = " ".join(b.stmt(0, False) for _ in range(R.randint(2, 5)))

    f.body = "%s s = %s, t = 3u; %s x = %s, y = %s; %s %s" % (
        at, init_s, ft, init_x, b.const_f(), stmts, b.ret())
    return f


def gen_caller(funcs):
    """caller.c: omp simd loops over guarded arrays vs. scalar loops."""
    L = [abi.DRIVER_HEAD.replace("Generated by gen_abi_matrix.py", "Generated by gen_fuzz.py (head from gen_abi_matrix.py)"),
         "#include <sys/mman.h>",
         "/* n bytes that end right before an unmapped page */",
         "static void *guarded(size_t n) {",
         "  long pg = sysconf(_SC_PAGESIZE); size_t span = (n + pg - 1) / pg * pg;",
         "  char *m = mmap(0, span + pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);",
         "  if (m == MAP_FAILED || mprotect(m + span, pg, PROT_NONE)) { perror(\"mmap\"); exit(5); }",
         "  return m + span - n;",
         "}",
         "#define NL 203",
         "/* gcc 12 gives wrong lanes in the tail of an omp simd loop that calls",
         " * a variant with a linear argument, with its own clones too (b and c",
         " * loops; e.g. g((int)v0 + i, B) with trip 203: lanes 200-201",
         " * get base v0): gcc's loops over such functions stop at a multiple of",
         " * 64. clang's loops, and every other function, run the 203-trip tail. */",
         "#if defined(__GNUC__) && !defined(__clang__)",
         "#define NL_LINEAR 192",
         "#else",
         "#define NL_LINEAR NL",
         "#endif", ""]
    for f in funcs:
        args = ", ".join(ctype(p.ty) for p in f.params)
        # The caller must see the clauses, or its loops call the scalar.
        L.append(f.pragma())
        L.append("%s %s(%s);" % (ctype(f.ret), f.name, ", ".join(
            "%s%s%s" % (ctype(p.ty), "" if is_ptr(p.ty) else " ", p.name) for p in f.params)))
        L.append("static %s (*volatile fp_%s)(%s) = %s;" % (ctype(f.ret), f.name, args, f.name))
    L.append("")
    for f in funcs:
        L += caller_loop(f)
    L.append("int main(void) {")
    L.append("  setvbuf(stdout, NULL, _IONBF, 0);")
    L.append("  signal(SIGFPE, on_signal); signal(SIGSEGV, on_signal); signal(SIGBUS, on_signal); signal(SIGILL, on_signal);")
    for f in funcs:
        L.append('  current = "%s loop"; loop_%s();' % (f.name, f.name))
    L.append('  printf("loops: %d\\n", ' + str(len(funcs)) + ');')
    L.append('  printf("mismatches: %d\\n", mismatches);')
    L.append("  return mismatches != 0;")
    L.append("}")
    return "\n".join(L) + "\n"


def caller_loop(f):
    L = ["static void loop_%s(void) {" % f.name]
    names = [p.name for p in f.params]
    bufs = []  # (name, elem ctype, count) of memory the loop may change
    args_v, args_s = [], []
    for i, p in enumerate(f.params):
        if not is_ptr(p.ty):
            ct = ctype(p.ty)
            if p.kind == "v":
                L.append("  %s *in%d = guarded(NL * sizeof(%s));" % (ct, i, ct))
                L.append("  for (int i = 0; i < NL; i++) in%d[i] = %s;" % (i, abi.gen_value(p.ty, p.dom)))
                a = "in%d[i]" % i
            else:
                dom = p.dom
                if p.kind == "l" and dom in (None, "wrap"):
                    # Lane values that wrap inside the loop: gcc 12's b/c
                    # loops then give wrong lanes with gcc's own clones too
                    # (seed 13, fz306); the direct driver covers wrapping.
                    dom = ("range", 0, 1000)
                L.append("  %s v%d = %s;" % (ct, i, abi.gen_value(p.ty, dom)))
                if p.kind == "u":
                    a = "v%d" % i
                else:
                    step = "v%d" % names.index(p.ref) if p.kind == "ls" else str(p.step)
                    a = "(%s)((unsigned long)(long)v%d + (unsigned long)((long)i * %s))" % (ct, i, step)
            args_v.append(a)
            continue
        e = ctype(pointee(p.ty))
        if p.kind == "u":
            # read at [0, 32) or written at the linear index (< 41 + 3 * NL);
            # --lockstep-reads: read at the linear index + a counter < 16
            cnt = ("(41 + 3 * NL)" if p.ty.startswith("p:") else
                   "(57 + 3 * NL)" if LOCKSTEP_READS else "32")
            L.append("  %s *b%d = guarded(%s * sizeof(%s));" % (e, i, cnt, e))
            a = "b%d" % i
        else:
            step = "v%d" % names.index(p.ref) if p.kind == "ls" else str(p.step)
            # steps are at most 3 elements either way; negative steps walk down
            cnt = "(3 * NL + 1)"
            L.append("  %s *b%d = guarded(%s * sizeof(%s));" % (e, i, cnt, e))
            a = "(b%d + ((%s) < 0 ? 3 * (NL - 1) : 0) + (long)i * (%s))" % (i, step, step)
        L.append("  for (int j = 0; j < %s; j++) { unsigned long long z = rnd(); memcpy(&b%d[j], &z, sizeof b%d[j]); }" % (cnt, i, i))
        bufs.append(("b%d" % i, e, cnt))
        args_v.append(a)
    masked = f.branch != "notinbranch"
    if masked:
        L.append("  unsigned char *on = guarded(NL);")
        L.append("  for (int i = 0; i < NL; i++) on[i] = (rnd() % 3) != 0;")
    for b, e, cnt in bufs:
        L.append("  %s *s%s = malloc(%s * sizeof(%s)); memcpy(s%s, %s, %s * sizeof(%s));" % (e, b, cnt, e, b, b, cnt, e))
    hasret = f.ret != "void"
    rt = ctype(abi.elem(f.ret)) if hasret else None
    if hasret:
        L.append("  %s *rv = guarded(NL * sizeof(%s)), *rs = malloc(NL * sizeof(%s));" % (rt, rt, rt))
        L.append("  memset(rv, 0, NL * sizeof(%s)); memset(rs, 0, NL * sizeof(%s));" % (rt, rt))
    call = "%s(%s)" % (f.name, ", ".join(args_v))
    scall = "fp_%s(%s)" % (f.name, ", ".join(args_v))
    guard = "if (on[i]) " if masked else ""
    conv = "(%s)" % rt if hasret else ""
    trip = "NL_LINEAR" if any(p.kind in ("l", "ls") for p in f.params) else "NL"
    L.append("#pragma omp simd")
    L.append("  for (int i = 0; i < %s; i++) %s%s;" % (trip, guard, ("rv[i] = %s%s" % (conv, call)) if hasret else call))
    # keep what the vector loop stored, restore the inputs, run scalar
    for b, e, cnt in bufs:
        L.append("  { %s *t = malloc(%s * sizeof(%s)); memcpy(t, %s, %s * sizeof(%s)); memcpy(%s, s%s, %s * sizeof(%s)); memcpy(s%s, t, %s * sizeof(%s)); free(t); }"
                 % (e, cnt, e, b, cnt, e, b, b, cnt, e, b, cnt, e))
    L.append("  for (int i = 0; i < %s; i++) %s%s;" % (trip, guard, ("rs[i] = %s%s" % (conv, scall)) if hasret else scall))
    if hasret:
        L.append("  for (int i = 0; i < NL; i++) if (!eq_%s(rv[i], rs[i])) {" % abi.elem(f.ret))
        L.append("    char g[64], x[64]; fmt_%s(g, rv[i]); fmt_%s(x, rs[i]);" % (abi.elem(f.ret), abi.elem(f.ret)))
        L.append('    report("%s loop", 0, i, "", g, x); }' % f.name)
    for b, e, cnt in bufs:
        # float/double elements compare with eq_ (NaN matches any NaN: a
        # new NaN's sign is unspecified, seed 200181); the rest bit for bit
        et = e.replace("const ", "").strip()
        if et in ("float", "double"):
            L.append('  for (int j = 0; j < %s; j++) if (!eq_%s(s%s[j], %s[j])) { report("%s loop", 0, -1, " buffer %s", "differs", "scalar"); break; }'
                     % (cnt, et, b, b, f.name, b))
        else:
            L.append('  if (memcmp(s%s, %s, %s * sizeof(%s))) report("%s loop", 0, -1, " buffer %s", "differs", "scalar");'
                     % (b, b, cnt, e, f.name, b))
        L.append("  free(s%s);" % b)
    if hasret:
        L.append("  free(rs);")
    L.append("}")
    L.append("")
    return L


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    first, only = 0, None
    for a in sys.argv[1:]:
        if a.startswith("--first="):
            first = int(a[8:])
        elif a.startswith("--only="):
            only = a[7:].split(",")
        elif a == "--lockstep-reads":
            global LOCKSTEP_READS
            LOCKSTEP_READS = True
        elif a == "--narrow-helpers":
            HELPERS.extend(NARROW_HELPERS)
            for t, calls in NARROW_CALLS.items():
                HELPER_CALLS[t].extend(calls)
    if len(args) != 3:
        sys.exit(__doc__)
    seed, count, outdir = int(args[0]), int(args[1]), args[2]
    R = random.Random(seed)
    funcs = [random_function(R, first + i) for i in range(count)]
    if only:
        funcs = [f for f in funcs if f.name in only]
    os.makedirs(outdir, exist_ok=True)
    everything = HELPERS + funcs
    with open(os.path.join(outdir, "callee.c"), "w") as fh:
        fh.write(abi.gen_callee(everything))
    drv, variants = abi.gen_driver(everything)
    # Every variant name gcc's ABI gives these functions: fuzz.sh checks the
    # callee object defines them all (class e too, where it cannot run).
    with open(os.path.join(outdir, "names.txt"), "w") as fh:
        fh.write("".join(sorted(v.name + "\n" for v in variants)))
    with open(os.path.join(outdir, "driver.c"), "w") as fh:
        fh.write(drv)
    with open(os.path.join(outdir, "caller.c"), "w") as fh:
        fh.write(gen_caller(everything))
    with open(os.path.join(outdir, "cases.txt"), "w") as fh:
        fh.write("".join("%s seed %d: %s\n" % (f.name, seed, f.pragma()) for f in funcs))


if __name__ == "__main__":
    main()
