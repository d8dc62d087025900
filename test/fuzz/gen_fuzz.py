#!/usr/bin/env python3
"""Random declare-simd functions for differential fuzzing (issue 7).

usage: gen_fuzz.py SEED COUNT OUTDIR [--first=K] [--only=fzK,...] [--narrow-helpers] [--lockstep-reads] [--loop-calls]
                   [--cxx] [--shapes=LIST] [--arch=aarch64]

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
  cases.txt  one line per random function: its name and pragma (with --cxx
             also its linkage name; with --shapes the shapes it got).
  names.txt  every variant name gcc's ABI gives these functions.

--arch=aarch64: driver.c calls every AdvSIMD (`n`) name the plugin defines
(clang's and gcc 12's) with AArch64's vector PCS (gen_abi_matrix.py
--arch=aarch64); names.txt lists them; the rest is the same C.

--cxx writes callee.cpp and caller.cpp instead (C++; driver.c stays C and
calls the C++ functions and their variants by their mangled names, with
their ABI types: a reference or a class by value is a pointer). The random
functions are the same (C bodies compiled as C++); with --shapes some become
member functions (uniform(this)), static member functions, explicitly
instantiated templates, take references (linear(ref/val/uval)) or a class
by value, or get a destructor or try/catch around a call.

--shapes=LIST (comma-separated; "default", "all", "none", "-NAME") adds the
shapes outside testers found as occasional cases: cgoto, asmgoto, constarg,
noinline, errno, fenv, msabi, memops, locals, strided, rows, recur, and with --cxx refs,
byval, member, static,
template, dtor, trycatch (see SHAPES below). "default" leaves out the ones
known to fail with the current plugin (KNOWN_BAD: none now). Without --shapes
the output is exactly what it was before the option (the regression tests
regenerate their cases from it).

Every body is free of undefined behaviour: integer arithmetic is unsigned,
divisors are forced odd, shift counts are constants below the width, loops
are bounded, floating-point values never become integers, and a lane only
writes memory no other lane reads or writes (its own linear slot; the
shapes' writes go to locals, the lane's own reference or its own copy of a
class, except errno, which every lane of the errno shape sets by design).
Deterministic for a seed. --first=K numbers the functions from K (so that a
case keeps its name across batches); --only keeps just the named cases (and
the helpers) of the same sequence: a failing case on its own.
"""
import copy
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "abi"))
import gen_abi_matrix as abi  # noqa: E402
from gen_abi_matrix import F, P, TYPES, cx, is_ptr, pointee, ctype  # noqa: E402

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
# --loop-calls (scripts/fuzz.sh --loop-calls): statements in loops may call
# fz_lc, a pure helper without a vector variant, which the variants run
# lane by lane: the cut divides the loop's body (its lane loop 2, and that
# lane loop's lane-stepped, steady and entered copies) at the call. Off by
# default, so that existing seeds keep their functions.
LOOP_CALLS = False
LOOP_CALL_HELPER = ("/* --loop-calls: a pure helper without a vector variant */\n"
                    "static __attribute__((noinline)) unsigned fz_lc(unsigned a) { return (a * 2654435761u) >> 7; }\n")


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
        if LOOP_CALLS and in_loop and R.random() < 0.3:
            return "s = s + (%s)fz_lc((unsigned)(%s));" % (self.at, self.iexpr(1))
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

    # (the same random draws, in the same order, as when this was one format)
    f.head = "%s s = %s, t = 3u; %s x = %s, y = %s;" % (at, init_s, ft, init_x, b.const_f())
    f.stmts = stmts
    f.b = b
    f.body = "%s %s %s" % (f.head, stmts, b.ret())
    return f


# ---------------------------------------------------------------------------
# --shapes=LIST: shapes outside testers found (issue 19), as occasional cases.
#
# Each shape is decided per function by its own random stream (seeded by the
# shape's name, the seed and the function's number) after the function was
# made from the main stream. So enabling shapes never changes which functions
# the main stream makes (the regression tests regenerate their cases without
# shapes), and enabling one shape never moves another.
#
#   cgoto     computed goto: static void *t[] = {&&a, &&b}; goto *t[x % 2u];
#   asmgoto   asm goto on a bit of an expression
#   constarg  a static noinline helper called with the same constant argument
#             everywhere in the file (IPSCCP specializes it)
#   noinline  a noinline declare-simd function
#   errno     errno = 0; r = log(x); errno decides (return or a variable)
#   fenv      the body under #pragma STDC FENV_ACCESS ON, with x * y + c
#   msabi     an __attribute__((ms_abi)) function (the drivers and loops
#             declare it ms_abi too, and its variants as gcc makes them)
#   memops    a memset or memcpy of a variable size (0 or the element) into
#             a slot the lane owns, sometimes in a loop: calls the
#             vectorizer cannot widen, which run lane by lane
#   locals    a local whose address is taken, used on both sides of a call
#             run lane by lane or of a loop: frexp's exponent, a noinline
#             helper's out-parameters, an array indexed in a loop of the
#             lane's trip count, a memcpy's local source
#   strided   a read-only linear pointer of step 2 or 3 (or -2, -3) read at
#             more of the lane's own elements than p[0] (p[1], p[2]),
#             sometimes under a condition: interleave groups with a gap at
#             the end (InterleaveGapFill makes them gathers), complete
#             ones, and on SVE masked ones
#   rows      a loop every lane runs together (bound a uniform parameter or
#             a constant, at most 16) that reads each lane's own row of a
#             constant table (fz_rows[(s & 15) + k]): the plan's transposed
#             blocks, and the tests of a block's iterations
#   recur     a loop whose exits read a float halved from a uniform start, a
#             pointer stepped to a uniform end or an `||` of float tests:
#             uniform loops without an integer counter (or divergent ones,
#             from a lane's own start)
# C++ only (--cxx):
#   refs      references: linear(ref(x)), linear(val(x)), linear(uval(x))
#   byval     a small class with a user-provided copy constructor and
#             destructor, by value and uniform; the body may modify its copy
#   member    a member function, uniform(this)
#   static    a static member function
#   template  a function template, explicitly instantiated
#   dtor      a local object whose destructor runs around a call that may
#             throw (an invoke and a cleanup)
#   trycatch  try/catch around a helper that throws for about half the
#             inputs; the catch returns a value
C_SHAPES = ["cgoto", "asmgoto", "constarg", "noinline", "errno", "fenv", "msabi", "memops", "locals",
            "strided", "rows", "recur"]
CXX_SHAPES = ["refs", "byval", "member", "static", "template", "dtor", "trycatch"]
# Shapes known to give wrong answers (or no variants) with the current
# plugin and clang 22: off unless named (docs/design/reliability.md, "Issue
# 19", has a reproducer for each). "default" is every other shape. None is
# left: errno, fenv, byval, static and msabi were here until the plugin
# fixed them.
KNOWN_BAD = []
DEFAULT_SHAPES = [x for x in C_SHAPES + CXX_SHAPES if x not in KNOWN_BAD]
SHAPE_P = {"cgoto": .06, "asmgoto": .06, "constarg": .08, "noinline": .08, "errno": .08,
           "fenv": .08, "msabi": .06, "memops": .1, "locals": .1, "strided": .8, "rows": .2, "recur": .35, "refs": .3, "byval": .2, "member": .15, "static": .12,
           "template": .15, "dtor": .15, "trycatch": .2}
SHAPES = set()
CXX = False


def parse_shapes(arg):
    out = set()
    for w in arg.split(","):
        if w in ("", "none"):
            continue
        if w == "default":
            out |= set(DEFAULT_SHAPES)
        elif w == "all":
            out |= set(C_SHAPES + CXX_SHAPES)
        elif w.startswith("-") and w[1:] in C_SHAPES + CXX_SHAPES:
            out.discard(w[1:])
        elif w in C_SHAPES + CXX_SHAPES:
            out.add(w)
        else:
            sys.exit("gen_fuzz.py: unknown shape %r (shapes: %s; default, all, none, -NAME)"
                     % (w, ", ".join(C_SHAPES + CXX_SHAPES)))
    return out


RLU = ("R", "L", "U")
ITA = {"schar": "a", "uchar": "h", "short": "s", "ushort": "t", "int": "i", "uint": "j",
       "long": "l", "ulong": "m", "float": "f", "double": "d", "void": "v"}


class Mangler:
    """Itanium C++ ABI names for the few type forms the generator writes:
    builtins, (const) pointers to them, lvalue references, class names and
    the template parameter T_, with the substitution table (S_, S0_, ...)."""

    def __init__(self):
        self.subs = []

    def ref(self, i):
        if i == 0:
            return "S_"
        digits, n, out = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", i - 1, ""
        while True:
            out = digits[n % 36] + out
            n //= 36
            if not n:
                return "S%s_" % out

    def typ(self, t):
        if t[0] == "b":
            return t[1]
        if t in self.subs:
            return self.ref(self.subs.index(t))
        if t[0] == "C":
            text = "%d%s" % (len(t[1]), t[1])
        elif t[0] == "T":
            text = "T_"
        else:  # P, K, R of an inner type
            text = t[0] + self.typ(t[1])
        self.subs.append(t)
        return text


def ita_tree(p):
    if cx(p) == "byval":
        return ("C", p.cls)
    base = p.base if cx(p) in RLU else p.ty
    if is_ptr(base):
        inner = ("b", ITA[pointee(base)])
        return ("P", ("K", inner) if base.startswith("pc:") else inner)
    b = ("T",) if getattr(p, "tmpl", False) else ("b", ITA[base])
    return ("R", b) if cx(p) in RLU else b


class CxxF(F):
    """A declare-simd function of callee.cpp. name is its mangled (linkage)
    name, cname what the source calls it; kind is free, member, static or
    template. Parameters keep their ABI form (what the driver passes): a
    reference is a pointer (linear(ref): a linear pointer; linear(val): a
    vector of addresses; linear(uval): a uniform pointer), `this` and a class
    by value are uniform pointers."""

    def pragma(self):
        cl = []
        u = [p.name for p in self.params if p.kind == "u" and cx(p) != "U"]
        if u:
            cl.append("uniform(%s)" % ", ".join(u))
        for p in self.params:
            if cx(p) in RLU:
                cl.append("linear(%s(%s)%s)" % ({"R": "ref", "L": "val", "U": "uval"}[cx(p)], p.name,
                                                "" if p.step == 1 else ":%d" % p.step))
            elif p.kind == "l":
                cl.append("linear(%s)" % p.name if p.step == 1 else "linear(%s:%d)" % (p.name, p.step))
            elif p.kind == "ls":
                cl.append("linear(%s:%s)" % (p.name, p.ref))
        if self.simdlen:
            cl.append("simdlen(%d)" % self.simdlen)
        if self.branch:
            cl.append(self.branch)
        return ("#pragma omp declare simd " + " ".join(cl)).rstrip()

    def mangle(self, isa, m, vl=None):
        s = "_ZGV%s%s%d" % (isa, m, vl or self.vlen(isa))

        def num(st):
            return "" if st == 1 else ("n%d" % -st if st < 0 else "%d" % st)
        for i, p in enumerate(self.params):
            if cx(p) == "R":
                s += "R" + num(p.step * abi.sizeof(p.base))
            elif cx(p) in ("L", "U"):
                s += cx(p) + num(p.step)
            elif p.kind == "v":
                s += "v"
            elif p.kind == "u":
                s += "u"
            elif p.kind == "l":
                st = p.step * (abi.sizeof(pointee(p.ty)) if is_ptr(p.ty) else 1)
                if st < 0 and not is_ptr(p.ty) and not TYPES[p.ty][3]:
                    st += 1 << abi.bits(p.ty)
                s += "l" + num(st)
            elif p.kind == "ls":
                s += "ls%d" % [q.name for q in self.params].index(p.ref)
        return s + "_" + self.name

    def linkage_name(self):
        M = Mangler()
        if self.kind in ("member", "static"):
            s = "_ZN" + M.typ(("C", self.cls)) + "%d%sE" % (len(self.cname), self.cname)
        elif self.kind == "template":
            M.subs.append(("tmpl", self.cname))
            s = "_Z%d%sI%sE%s" % (len(self.cname), self.cname, ITA[self.targ], ITA[self.ret])
        else:
            s = "_Z%d%s" % (len(self.cname), self.cname)
        ps = [p for p in self.params if cx(p) != "this"]
        return s + ("".join(M.typ(ita_tree(p)) for p in ps) if ps else "v")


def to_cxx(f):
    g = CxxF.__new__(CxxF)
    g.__dict__.update(f.__dict__)
    g.cname = f.name
    return g


def cxx_type(p, targ=None):
    """The parameter's C++ type; targ: what T stands for (None: write T)."""
    if cx(p) == "byval":
        return p.cls
    base = p.base if cx(p) in RLU else p.ty
    if getattr(p, "tmpl", False):
        t = "T" if targ is None else ctype(targ)
    else:
        t = ctype(base)
    if cx(p) in RLU:
        return t + " &"
    return t


def decl(ty, name):
    return ty + name if ty.endswith(("*", "&")) else "%s %s" % (ty, name)


def cxx_params(f, targ=None, names=True):
    ps = [p for p in f.params if cx(p) != "this"]
    if names:
        return ", ".join(decl(cxx_type(p, targ), p.name) for p in ps)
    return ", ".join(cxx_type(p, targ) for p in ps)


def shape_rng(name, seed, idx):
    return random.Random("%s/%d/%d" % (name, seed, idx))


def apply_shapes(f, seed, idx):
    """The --shapes of one random function (see above), each decided by its
    own stream. Rewrites f's parameters, attributes and body."""
    f.shapes = []
    f.kind, f.cls, f.msabi = "free", None, False
    if not SHAPES:
        return f
    b = copy.copy(f.b)  # its expression makers, on the shape's stream
    pre, prefix = [], ""

    def on(name, p=None):
        if name not in SHAPES or (name in CXX_SHAPES and not CXX):
            return None
        R = shape_rng(name, seed, idx)
        if R.random() >= (SHAPE_P[name] if p is None else p):
            return None
        b.R = R
        return R
    at, ft = b.at, b.ft
    K = idx
    if CXX and on("refs"):
        R = b.R
        steps_of = {q.ref for q in f.params if q.kind == "ls"}
        ok = [p for p in f.params if not is_ptr(p.ty) and p.kind in ("v", "u", "l")
              and p.name != f.lin and p.name not in steps_of]
        for p in R.sample(ok, min(len(ok), R.choice([1, 1, 2]))):
            t = p.ty
            mode = R.choice(["R", "L", "U"]) if t in INT_TYPES else "R"
            p.cx, p.base = mode, t
            if mode == "R":
                p.ty, p.kind, p.step, p.dom = "p:" + t, "l", R.choice([1, 1, 2, 3]), None
            else:
                p.step = R.choice([1, 1, 2, 3] + ([-1] if TYPES[t][3] else []))
                p.dom = ("range", -50, 50) if TYPES[t][1] < 32 else R.choice([None, "wrap"])
                p.ty, p.kind = ("p:" + t, "v") if mode == "L" else ("pc:" + t, "u")
            if mode in ("R", "L") and R.random() < 0.5:  # lanes write their own element
                val = b.fexpr() if t in FP_TYPES else b.iexpr()
                pre.append("%s = (%s)(%s);" % (p.name, ctype(t), val))
        f.shapes.append("refs")
    if CXX and len(f.params) < 4 and on("byval"):
        p = P("p:uint", "ob", "u")
        p.cx, p.cls = "byval", "FzB%d" % K
        f.params.append(p)
        pre.append("s ^= (%s)ob.v;" % at)
        if b.R.random() < 0.6:  # modifies its copy
            pre.append("ob.v = ob.v * 3u + (unsigned)(%s); y = y + (%s)(ob.v & 255u);" % (b.iexpr(1), ft))
        if b.R.random() < 0.4:
            pre.append("x = x + (%s)ob.w;" % ft)
        f.shapes.append("byval")
    if CXX:
        for w in ("template", "member", "static"):
            if w == "member" and len(f.params) >= 4:
                continue
            if w == "template":
                steps_of = {q.ref for q in f.params if q.kind == "ls"}
                cand = [p for p in f.params if cx(p) not in ("byval", "this") and p.name not in steps_of
                        and (cx(p) in RLU or not is_ptr(p.ty))]
                if not cand:
                    continue
            if not on(w):
                continue
            f.kind = w
            if w == "template":
                p = b.R.choice(cand)
                p.tmpl = True
                f.targ = p.base if cx(p) in RLU else p.ty
            else:
                f.cls = "FzC%d" % K
            if w == "member":
                p = P("pc:uint", "this", "u")
                p.cx = "this"
                f.params.insert(0, p)
                pre.append("s ^= (%s)fld;" % at)
                if b.R.random() < 0.5:
                    pre.append("x = x + (%s)(fld & 15u);" % ft)
                if b.R.random() < 0.3:
                    pre.append("y = y + (%s)ff;" % ft)
            f.shapes.append(w)
            break
    if on("noinline"):
        f.attrs += "__attribute__((noinline)) "
        f.shapes.append("noinline")
    if f.kind == "free" and on("msabi"):
        f.attrs += "__attribute__((ms_abi)) "
        f.msabi = True
        f.shapes.append("msabi")
    if on("cgoto"):
        pre.append("{ static void *const fzgt%d[] = {&&fzg0_%d, &&fzg1_%d}; goto *fzgt%d[(unsigned)(%s) %% 2u]; "
                   "fzg0_%d: s = s * 3u + 1u; goto fzgd_%d; fzg1_%d: t = t ^ (%s); fzgd_%d:; }"
                   % (K, K, K, K, b.iexpr(1), K, K, K, b.iexpr(1), K))
        f.shapes.append("cgoto")
    if on("asmgoto"):
        pre.append('{ asm goto("testl $1, %%0\\n\\tjnz %%l1" : : "r"((unsigned)(%s)) : "cc" : fza1_%d); '
                   "s += 5u; goto fza2_%d; fza1_%d: t ^= s; fza2_%d:; }" % (b.iexpr(1), K, K, K, K))
        f.shapes.append("asmgoto")
    if on("constarg"):
        pre.append("s = (%s)fz_sc((unsigned)(s ^ (%s)), 7u);" % (at, b.iexpr(1)))
        f.shapes.append("constarg")
    if on("errno"):
        arg = b.fexpr(1)
        if b.R.random() < 0.5:  # the testers' form: return errno ? -1 : r
            pre.append("{ errno = 0; double fzl = log((double)(%s)); if (errno) %s else y = y + (%s)fzl; }"
                       % (arg, b.ret(), ft))
        else:
            pre.append("{ errno = 0; double fzl = log((double)(%s)); if (errno) s ^= 0x5a5au; else x = x + (%s)fzl; }"
                       % (arg, ft))
        f.shapes.append("errno")
    if on("fenv"):
        prefix = "\n#pragma STDC FENV_ACCESS ON\n"
        pre.append("x = x * y + %s;" % b.const_f())
        f.shapes.append("fenv")
    if b.wslots and on("memops"):
        R = b.R
        lv, e = R.choice(b.wslots)
        n = "((unsigned)(%s) & 1u) * sizeof(%s)" % (b.iexpr(1), lv)
        if R.random() < 0.5:
            op = "__builtin_memset(&%s, (int)((%s) & 255u), %s);" % (lv, b.iexpr(1), n)
        else:
            # from constant memory (the locals shape copies from a local)
            val = b.const_f() if e in FP_TYPES else b.const_i()
            op = "{ static const %s fzm = (%s)(%s); __builtin_memcpy(&%s, &fzm, %s); }" % (
                TYPES[e][0], TYPES[e][0], val, lv, n)
        if R.random() < 0.5:
            op = "for (unsigned fzk = 0; fzk < ((%s) & 3u); fzk++) { %s }" % (b.iexpr(1), op)
        pre.append(op)
        f.shapes.append("memops")
    if on("locals"):
        R = b.R
        kind = R.randrange(4)
        if kind == 3 and not b.wslots:
            kind = 0
        if kind == 0:  # an out-parameter of a library call
            pre.append("{ int fze; %s fzm = frexp%s((%s)(%s), &fze); x = x + fzm; s ^= (%s)(unsigned)fze; }"
                       % (ft, b.fs, ft, b.fexpr(1), at))
        elif kind == 1:  # a noinline helper's out-parameters
            pre.append("{ unsigned fzh, fzl; fz_split((unsigned)(%s), &fzh, &fzl); s ^= (%s)(fzh * 3u + fzl); }"
                       % (b.iexpr(1), at))
        elif kind == 2:  # an array indexed in a loop of the lane's trip count
            pre.append("{ unsigned fza[4] = {%s, %s, %s, %s}; "
                       "for (unsigned fzk = 0; fzk < ((unsigned)(%s) & 7u); fzk++) fza[(fzk + (unsigned)(%s)) & 3u] += (unsigned)(%s); "
                       "s ^= (%s)fza[(unsigned)(%s) & 3u]; }"
                       % (b.const_i(), b.const_i(), b.const_i(), b.const_i(), b.iexpr(1), b.iexpr(1),
                          b.iexpr(1), at, b.iexpr(1)))
        else:  # a memcpy of a variable size from a local source
            lv, e = R.choice(b.wslots)
            val = b.fexpr(1) if e in FP_TYPES else b.iexpr(1)
            pre.append("{ %s fzm = (%s)(%s); __builtin_memcpy(&%s, &fzm, ((unsigned)(%s) & 1u) * sizeof(%s)); }"
                       % (TYPES[e][0], TYPES[e][0], val, lv, b.iexpr(1), lv))
        f.shapes.append("locals")
    strided = [p for p in f.params if p.ty.startswith("pc:") and p.kind == "l" and abs(p.step) >= 2]
    if strided and on("strided"):
        R = b.R
        p = R.choice(strided)
        e = pointee(p.ty)
        for k in R.sample(range(1, abs(p.step)), R.randint(1, abs(p.step) - 1)):
            if e in FP_TYPES:
                upd = "x = x + (%s)%s[%d];" % (ft, p.name, k)
            else:
                upd = "s ^= (%s)%s[%d];" % (at, p.name, k)
            if R.random() < 0.4:
                upd = "if (%s) { %s }" % (b.cond(1), upd)
            pre.append(upd)
        f.shapes.append("strided")
    # rows: each lane's row of a constant table (fz_rows, 32 elements: a
    # row starts below 16 and has at most 16), from a per-lane start.
    if on("rows"):
        R = b.R
        us = [q for q in f.params if q.kind == "u" and q.ty in INT_TYPES]
        bound = ("((unsigned long)(%s) & 15u)" % R.choice(us).name if us and R.random() < 0.6
                 else "%dul" % R.choice([3, 4, 8, 9, 13, 16]))
        # 64-bit: a 32-bit sum, widened for the address, would hide the
        # row's step from SCEV
        row = "fz_rows%s[(unsigned long)((unsigned)(s) & 15u) + fzr]" % ("f" if ft == "float" else "d")
        if R.random() < 0.5:
            upd = "x = x * 0.5%s + %s;" % (b.fs, row)
        else:
            upd = "t = (%s)(t * 3u + (%s)(int)%s);" % (at, at, row)
        if R.random() < 0.3:  # a second exit, on the counter
            upd = "if (fzr == (%s) - 2u) break; %s" % (bound, upd)
        pre.append("for (unsigned long fzr = 0; fzr < %s; fzr++) { %s }" % (bound, upd))
        f.shapes.append("rows")
    # recur: a loop whose exits read a recurrence every lane shares that is
    # no integer counter: a float halved from a uniform start, a pointer
    # stepped to a uniform end, a test with `||` (exits some paths reach);
    # sometimes the start is a lane's own value (a divergent loop).
    us = [q for q in f.params if q.kind == "u" and q.ty in INT_TYPES + FP_TYPES]
    if us and on("recur"):
        R = b.R
        u = "(%s)(%s)" % (ft, R.choice(us).name)
        start = u if R.random() < 0.8 else b.fexpr(1)
        # The table offsets come from integer parameters: a negative float
        # converted to unsigned is undefined.
        ui = [q for q in us if q.ty in INT_TYPES]
        kind = R.randrange(3)
        if kind == 1 and not ui:
            kind = 0
        if kind == 0:
            pre.append("{ %s fzy = %s * 3.0%s; unsigned fzn = 0; while ((fzy > 1.0%s || fzy < -1.0%s) && fzn < 40u) "
                       "{ fzy = fzy * 0.5%s; fzn++; x = x * 0.5%s + fzy; } s ^= (%s)fzn; }"
                       % (ft, start, b.fs, b.fs, b.fs, b.fs, b.fs, at))
        elif kind == 1:
            tab = "fz_rows%s" % ("f" if ft == "float" else "d")
            pre.append("{ unsigned fzo = (unsigned)(%s) & 15u, fzl = ((unsigned)(%s) >> 2) & 15u; "
                       "for (const %s *fzp = %s + fzo; fzp != %s + fzo + fzl; ++fzp) x = x * 0.5%s + *fzp; }"
                       % (R.choice(ui).name, R.choice(ui).name, ft, tab, tab, b.fs))
        else:
            pre.append("{ %s fzy = %s + 5.0%s; for (unsigned fzk = 0; fzk < 30u && (fzy > 2.0%s || fzy < -2.0%s); fzk++) "
                       "{ fzy = fzy * 0.5%s + 0.25%s; t = (%s)(t * 3u + fzk); } x = x + fzy; }"
                       % (ft, start, b.fs, b.fs, b.fs, b.fs, b.fs, at))
        f.shapes.append("recur")
    if CXX and on("dtor"):
        pre.append("{ unsigned fzgv = (unsigned)t; { FzGuard fzg(&fzgv, %s); s += (%s)fzx_mt((unsigned)(%s) & 0xffffu); } t ^= (%s)fzgv; }"
                   % (b.const_i(), at, b.iexpr(1), at))
        f.shapes.append("dtor")
    if CXX and on("trycatch"):
        pre.append("try { s += (%s)fzx_mt((unsigned)(%s)); } catch (int fze) { s ^= (%s)(unsigned)fze; %s }"
                   % (at, b.iexpr(1), at, b.ret()))
        f.shapes.append("trycatch")
    if pre or prefix:
        f.body = prefix + " ".join([f.head] + pre + [f.stmts, b.ret()])
    return f




def gen_driver(funcs):
    """driver.c (C, built by gcc): gen_abi_matrix's driver; C++ functions are
    declared by their linkage names with their ABI types (a reference or a
    class by value is a pointer), ms_abi ones as ms_abi."""
    # AArch64: every name the plugin defines (clang's and gcc 12's).
    drv, variants = abi.gen_driver(funcs, "all" if abi.ARCH == "aarch64" else "gcc")
    for f in funcs:
        if getattr(f, "msabi", False):
            args = ", ".join(ctype(p.ty) for p in f.params)
            rt = ctype(f.ret)
            old = ["extern %s %s(%s);" % (rt, f.name, args),
                   "static %s (*volatile fp_%s)(%s) = %s;" % (rt, f.name, args, f.name)]
            new = ["extern __attribute__((ms_abi)) %s %s(%s);" % (rt, f.name, args),
                   "static %s (__attribute__((ms_abi)) *volatile fp_%s)(%s) = %s;" % (rt, f.name, args, f.name)]
            for o, n in zip(old, new):
                assert o in drv
                drv = drv.replace(o, n)
    return drv, variants


CXX_PRELUDE = r"""#include <errno.h>
#include <math.h>
/* dtor / trycatch shapes: a guard whose destructor runs around a call, and a
 * helper that throws for inputs >= 2^31 (never inlined: a real invoke). */
struct FzGuard {
  unsigned *p, a;
  FzGuard(unsigned *q, unsigned b) : p(q), a(b) {}
  ~FzGuard() { *p = *p * 5u + a; }
};
__attribute__((noinline)) unsigned fzx_mt(unsigned x) {
  if (x >= 0x80000000u) throw (int)(x & 0x7fu);
  return x * 3u + 1u;
}
"""
ROWS_TABLES = ("/* rows shape: each lane reads its row of these */\n"
               "static const float fz_rowsf[32] = {" +
               ", ".join("%d.%sf" % (k * 7 % 13 - 6, "25" if k % 3 else "5") for k in range(32)) + "};\n"
               "static const double fz_rowsd[32] = {" +
               ", ".join("%d.%s" % (k * 5 % 11 - 5, "125" if k % 2 else "75") for k in range(32)) + "};\n")
CONSTARG_HELPER = ("/* constarg shape: every call passes k = 7 */\n"
                   "static __attribute__((noinline)) unsigned fz_sc(unsigned a, unsigned k) { return a * k + (a >> 3) + k; }\n")
LOCALS_HELPER = ("/* locals shape: a helper that writes through out-parameters */\n"
                 "#include <math.h>\n"
                 "static __attribute__((noinline)) void fz_split(unsigned a, unsigned *hi, unsigned *lo) { *hi = a >> 16; *lo = a & 0xffffu; }\n")


def cxx_classes(funcs, pragmas):
    """The classes of byval and member/static functions; pragmas: the member
    declarations carry the function's declare simd (for callers; the
    callee's definitions carry it themselves)."""
    L = []
    for f in funcs:
        for p in f.params:
            if cx(p) == "byval":
                L += ["struct %s {" % p.cls,
                      "  unsigned v; float w;",
                      "  %s(unsigned a, float b) : v(a), w(b) {}" % p.cls,
                      "  %s(const %s &o) : v(o.v * 2u + 1u), w(o.w) {}" % (p.cls, p.cls),
                      "  ~%s() { v = 0xdeadu; }" % p.cls,
                      "};"]
    for f in funcs:
        if getattr(f, "kind", "free") in ("member", "static"):
            L.append("struct %s {" % f.cls)
            L.append("  unsigned fld; float ff;")
            if pragmas:
                L.append(f.pragma())
            L.append("  %s%s %s(%s);" % ("static " if f.kind == "static" else "", ctype(f.ret), f.cname, cxx_params(f)))
            L.append("};")
    return L


def gen_callee_cxx(funcs):
    out = ["/* Generated by gen_fuzz.py --cxx; do not edit. */", CXX_PRELUDE]
    if LOOP_CALLS:
        out.append(LOOP_CALL_HELPER)
    if any("constarg" in getattr(f, "shapes", []) for f in funcs):
        out.append(CONSTARG_HELPER)
    if any({"rows", "recur"} & set(getattr(f, "shapes", [])) for f in funcs):
        out.append(ROWS_TABLES)
    if any("locals" in getattr(f, "shapes", []) for f in funcs):
        out.append(LOCALS_HELPER)
    out += cxx_classes(funcs, False) + [""]
    for f in funcs:
        rt = ctype(f.ret)
        # clang 22 takes declare simd from the definition only: the pragma
        # goes on every definition.
        out.append(f.pragma())
        if f.kind == "template":
            out.append("template <typename T> %s%s %s(%s) { %s }" % (f.attrs, rt, f.cname, cxx_params(f), f.body))
            out.append("template %s %s<%s>(%s);" % (rt, f.cname, ctype(f.targ), cxx_params(f, f.targ, False)))
        elif f.kind in ("member", "static"):
            out.append("%s%s %s::%s(%s) { %s }" % (f.attrs, rt, f.cls, f.cname, cxx_params(f), f.body))
        else:
            out.append("%s%s %s(%s) { %s }" % (f.attrs, rt, f.cname, cxx_params(f), f.body))
        out.append("")
    return "\n".join(out)


def gen_callee_c(funcs):
    text = abi.gen_callee(funcs)
    used = set(x for f in funcs for x in getattr(f, "shapes", []))
    pre = [LOOP_CALL_HELPER] if LOOP_CALLS else []
    if "errno" in used:
        pre.append("#include <errno.h>\n#include <math.h>\n")
    if "constarg" in used:
        pre.append(CONSTARG_HELPER)
    if {"rows", "recur"} & used:
        pre.append(ROWS_TABLES)
    if "locals" in used:
        pre.append(LOCALS_HELPER)
    if pre:
        head, rest = text.split("\n", 1)
        text = head + "\n" + "".join(pre) + rest
    return text


def cxx_head(text):
    """gen_abi_matrix's C driver head as C++ (for caller.cpp)."""
    for a, b in [("_Alignas(64)", "__attribute__((aligned(64)))"),
                 ("__builtin_inf(), -__builtin_inf(), __builtin_nan(\"\"), -__builtin_nan(\"\")",
                  "(T)__builtin_inf(), (T)-__builtin_inf(), (T)__builtin_nan(\"\"), (T)-__builtin_nan(\"\")")]:
        assert a in text
        text = text.replace(a, b)
    return text


def gen_caller(funcs, cxx=False):
    """caller.c (caller.cpp with --cxx): omp simd loops over guarded arrays
    vs. scalar loops."""
    head = abi.DRIVER_HEAD.replace("Generated by gen_abi_matrix.py", "Generated by gen_fuzz.py (head from gen_abi_matrix.py)")
    L = [cxx_head(head) if cxx else head,
         "#include <sys/mman.h>",
         "/* n bytes that end right before an unmapped page */",
         "static void *guarded(size_t n) {",
         "  long pg = sysconf(_SC_PAGESIZE); size_t span = (n + pg - 1) / pg * pg;",
         "  char *m = %smmap(0, span + pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);" % ("(char *)" if cxx else ""),
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
    if cxx:
        L += cxx_classes(funcs, True)
    for f in funcs:
        ms = "__attribute__((ms_abi)) " if getattr(f, "msabi", False) else ""
        msp = "__attribute__((ms_abi)) " if ms else ""
        if cxx:
            fp = "fp_" + f.cname
            if f.kind == "member":
                L.append("static %s (%s::*volatile %s)(%s) = &%s::%s;" % (ctype(f.ret), f.cls, fp, cxx_params(f, None, False), f.cls, f.cname))
                continue
            if f.kind == "static":
                L.append("static %s (*volatile %s)(%s) = %s::%s;" % (ctype(f.ret), fp, cxx_params(f, None, False), f.cls, f.cname))
                continue
            L.append(f.pragma())
            if f.kind == "template":
                L.append("template <typename T> %s %s(%s);" % (ctype(f.ret), f.cname, cxx_params(f)))
                L.append("static %s (*volatile %s)(%s) = %s<%s>;" % (ctype(f.ret), fp, cxx_params(f, f.targ, False), f.cname, ctype(f.targ)))
            else:
                L.append("%s%s %s(%s);" % (ms, ctype(f.ret), f.cname, cxx_params(f)))
                L.append("static %s (%s*volatile %s)(%s) = %s;" % (ctype(f.ret), msp, fp, cxx_params(f, None, False), f.cname))
            continue
        args = ", ".join(ctype(p.ty) for p in f.params)
        # The caller must see the clauses, or its loops call the scalar.
        L.append(f.pragma())
        L.append("%s%s %s(%s);" % (ms, ctype(f.ret), f.name, ", ".join(
            "%s%s%s" % (ctype(p.ty), "" if is_ptr(p.ty) else " ", p.name) for p in f.params)))
        L.append("static %s (%s*volatile fp_%s)(%s) = %s;" % (ctype(f.ret), msp, f.name, args, f.name))
    L.append("")
    for f in funcs:
        L += caller_loop(f, cxx)
    L.append("int main(void) {")
    L.append("  setvbuf(stdout, NULL, _IONBF, 0);")
    L.append("  signal(SIGFPE, on_signal); signal(SIGSEGV, on_signal); signal(SIGBUS, on_signal); signal(SIGILL, on_signal);")
    for f in funcs:
        n = f.cname if cxx else f.name
        L.append('  current = "%s loop"; loop_%s();' % (n, n))
    L.append('  printf("loops: %d\\n", ' + str(len(funcs)) + ');')
    L.append('  printf("mismatches: %d\\n", mismatches);')
    L.append("  return mismatches != 0;")
    L.append("}")
    return "\n".join(L) + "\n"


def caller_loop(f, cxx=False):
    # (C++: casts for guarded() and malloc(), the C++ argument forms of
    # references, classes by value and `this`, and the calls' C++ forms)
    name = f.cname if cxx else f.name
    cast = (lambda t: "(%s *)" % t) if cxx else (lambda t: "")
    L = ["static void loop_%s(void) {" % name]
    names = [p.name for p in f.params]
    bufs = []  # (name, elem ctype, count) of memory the loop may change
    args_v, pre = [], []
    obj = None
    for i, p in enumerate(f.params):
        if cx(p) == "this":
            L.append("  %s *o%d = (%s *)guarded(sizeof(%s)); { unsigned long long z = rnd(); memcpy(o%d, &z, sizeof z); }"
                     % (f.cls, i, f.cls, f.cls, i))
            obj = "o%d" % i
            continue
        if cx(p) == "byval":
            L.append("  %s ob%d((unsigned)rnd(), (float)((long)(rnd() %% 2001) - 1000) / 8.0f);" % (p.cls, i))
            args_v.append("ob%d" % i)
            continue
        if cx(p) == "R":
            e = ctype(p.base)
            cnt = "(3 * NL + 1)"
            L.append("  %s *b%d = (%s *)guarded(%s * sizeof(%s));" % (e, i, e, cnt, e))
            L.append("  for (int j = 0; j < %s; j++) { unsigned long long z = rnd(); memcpy(&b%d[j], &z, sizeof b%d[j]); }" % (cnt, i, i))
            bufs.append(("b%d" % i, e, cnt))
            args_v.append("b%d[(long)i * %d]" % (i, p.step))
            continue
        if cx(p) in ("L", "U"):
            e = ctype(p.base)
            dom = ("range", 0, 1000) if p.dom in (None, "wrap") else p.dom
            L.append("  %s v%d = %s;" % (e, i, abi.gen_value(p.base, dom)))
            lane = "(%s)((unsigned long)(long)v%d + (unsigned long)((long)i * %d))" % (e, i, p.step)
            if cx(p) == "L":
                L.append("  %s *lv%d = (%s *)guarded(NL * sizeof(%s));" % (e, i, e, e))
                L.append("  for (int i = 0; i < NL; i++) lv%d[i] = %s;" % (i, lane))
                bufs.append(("lv%d" % i, e, "NL"))
                args_v.append("lv%d[i]" % i)
            else:
                pre.append("%s u%d = %s;" % (e, i, lane))
                args_v.append("u%d" % i)
            continue
        if not is_ptr(p.ty):
            ct = ctype(p.ty)
            if p.kind == "v":
                L.append("  %s *in%d = %sguarded(NL * sizeof(%s));" % (ct, i, cast(ct), ct))
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
            L.append("  %s *b%d = %sguarded(%s * sizeof(%s));" % (e, i, cast(e), cnt, e))
            a = "b%d" % i
        else:
            step = "v%d" % names.index(p.ref) if p.kind == "ls" else str(p.step)
            # steps are at most 3 elements either way; negative steps walk down
            cnt = "(3 * NL + 1)"
            L.append("  %s *b%d = %sguarded(%s * sizeof(%s));" % (e, i, cast(e), cnt, e))
            a = "(b%d + ((%s) < 0 ? 3 * (NL - 1) : 0) + (long)i * (%s))" % (i, step, step)
        L.append("  for (int j = 0; j < %s; j++) { unsigned long long z = rnd(); memcpy(&b%d[j], &z, sizeof b%d[j]); }" % (cnt, i, i))
        bufs.append(("b%d" % i, e, cnt))
        args_v.append(a)
    masked = f.branch != "notinbranch"
    if masked:
        L.append("  unsigned char *on = %sguarded(NL);" % cast("unsigned char"))
        L.append("  for (int i = 0; i < NL; i++) on[i] = (rnd() % 3) != 0;")
    for b, e, cnt in bufs:
        L.append("  %s *s%s = %smalloc(%s * sizeof(%s)); memcpy(s%s, %s, %s * sizeof(%s));" % (e, b, cast(e), cnt, e, b, b, cnt, e))
    hasret = f.ret != "void"
    rt = ctype(abi.elem(f.ret)) if hasret else None
    if hasret:
        L.append("  %s *rv = %sguarded(NL * sizeof(%s)), *rs = %smalloc(NL * sizeof(%s));" % (rt, cast(rt), rt, cast(rt), rt))
        L.append("  memset(rv, 0, NL * sizeof(%s)); memset(rs, 0, NL * sizeof(%s));" % (rt, rt))
    if not cxx:
        call = "%s(%s)" % (f.name, ", ".join(args_v))
        scall = "fp_%s(%s)" % (f.name, ", ".join(args_v))
    elif f.kind == "member":
        call = "%s->%s(%s)" % (obj, f.cname, ", ".join(args_v))
        scall = "(%s->*fp_%s)(%s)" % (obj, f.cname, ", ".join(args_v))
    else:
        fn = {"static": "%s::%s" % (f.cls, f.cname),
              "template": "%s<%s>" % (f.cname, ctype(getattr(f, "targ", "int")))}.get(f.kind, f.cname)
        call = "%s(%s)" % (fn, ", ".join(args_v))
        scall = "fp_%s(%s)" % (f.cname, ", ".join(args_v))
    guard = "if (on[i]) " if masked else ""
    conv = "(%s)" % rt if hasret else ""
    trip = "NL_LINEAR" if any(p.kind in ("l", "ls") or cx(p) in RLU for p in f.params) else "NL"

    def loop(c):
        st = guard + (("rv[i] = %s%s" % (conv, c)) if hasret else c) + ";"
        if cxx:
            return "  for (int i = 0; i < %s; i++) { %s }" % (trip, " ".join(pre + [st]))
        return "  for (int i = 0; i < %s; i++) %s" % (trip, st)
    L.append("#pragma omp simd")
    L.append(loop(call))
    # keep what the vector loop stored, restore the inputs, run scalar
    for b, e, cnt in bufs:
        L.append("  { %s *t = %smalloc(%s * sizeof(%s)); memcpy(t, %s, %s * sizeof(%s)); memcpy(%s, s%s, %s * sizeof(%s)); memcpy(s%s, t, %s * sizeof(%s)); free(t); }"
                 % (e, cast(e), cnt, e, b, cnt, e, b, b, cnt, e, b, cnt, e))
    L.append(loop(scall).replace("rv[i] =", "rs[i] ="))
    if hasret:
        L.append("  for (int i = 0; i < NL; i++) if (!eq_%s(rv[i], rs[i])) {" % abi.elem(f.ret))
        L.append("    char g[64], x[64]; fmt_%s(g, rv[i]); fmt_%s(x, rs[i]);" % (abi.elem(f.ret), abi.elem(f.ret)))
        L.append('    report("%s loop", 0, i, "", g, x); }' % name)
    for b, e, cnt in bufs:
        # float/double elements compare with eq_ (NaN matches any NaN: a
        # new NaN's sign is unspecified, seed 200181); the rest bit for bit
        et = e.replace("const ", "").strip()
        if et in ("float", "double"):
            L.append('  for (int j = 0; j < %s; j++) if (!eq_%s(s%s[j], %s[j])) { report("%s loop", 0, -1, " buffer %s", "differs", "scalar"); break; }'
                     % (cnt, et, b, b, name, b))
        else:
            L.append('  if (memcmp(s%s, %s, %s * sizeof(%s))) report("%s loop", 0, -1, " buffer %s", "differs", "scalar");'
                     % (b, b, cnt, e, name, b))
        L.append("  free(s%s);" % b)
    if hasret:
        L.append("  free(rs);")
    L.append("}")
    L.append("")
    return L


def main():
    global CXX, SHAPES
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
        elif a == "--loop-calls":
            global LOOP_CALLS
            LOOP_CALLS = True
        elif a == "--narrow-helpers":
            HELPERS.extend(NARROW_HELPERS)
            for t, calls in NARROW_CALLS.items():
                HELPER_CALLS[t].extend(calls)
        elif a == "--cxx":
            CXX = True
        elif a.startswith("--shapes="):
            SHAPES = parse_shapes(a[9:])
        elif a == "--arch=aarch64":
            abi.ARCH, abi.ISAS = "aarch64", "n"
        elif a.startswith("--arch="):
            sys.exit("gen_fuzz.py: unknown architecture %s" % a[7:])
        elif a.startswith("--"):
            sys.exit("gen_fuzz.py: unknown option %s" % a)
    if len(args) != 3:
        sys.exit(__doc__)
    seed, count, outdir = int(args[0]), int(args[1]), args[2]
    R = random.Random(seed)
    funcs = []
    for i in range(count):
        f = random_function(R, first + i)
        f.kind, f.cls, f.msabi, f.shapes = "free", None, False, []
        if CXX:
            f = to_cxx(f)
        apply_shapes(f, seed, first + i)
        if CXX:
            f.name = f.linkage_name()
        funcs.append(f)
    if only:
        funcs = [f for f in funcs if f.name in only or getattr(f, "cname", None) in only]
    helpers = HELPERS
    if CXX:
        helpers = [to_cxx(h) for h in HELPERS]
        for h in helpers:
            h.kind, h.cls, h.msabi, h.shapes = "free", None, False, []
            h.name = h.linkage_name()
    os.makedirs(outdir, exist_ok=True)
    everything = helpers + funcs
    ext = "cpp" if CXX else "c"
    with open(os.path.join(outdir, "callee." + ext), "w") as fh:
        fh.write(gen_callee_cxx(everything) if CXX else gen_callee_c(everything))
    drv, variants = gen_driver(everything)
    # Every variant name gcc's ABI gives these functions: fuzz.sh checks the
    # callee object defines them all (class e too, where it cannot run).
    with open(os.path.join(outdir, "names.txt"), "w") as fh:
        fh.write("".join(sorted(v.name + "\n" for v in variants)))
    with open(os.path.join(outdir, "driver.c"), "w") as fh:
        fh.write(drv)
    with open(os.path.join(outdir, "caller." + ext), "w") as fh:
        fh.write(gen_caller(everything, CXX))
    with open(os.path.join(outdir, "cases.txt"), "w") as fh:
        fh.write("".join("%s seed %d: %s%s%s\n" % (
            f.cname if CXX else f.name, seed, f.pragma(),
            " (%s)" % f.name if CXX else "",
            " [shapes: %s]" % ",".join(f.shapes) if f.shapes else "") for f in funcs))


if __name__ == "__main__":
    main()
