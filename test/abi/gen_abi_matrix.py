#!/usr/bin/env python3
"""Generate the vector-ABI matrix test (abi-*.test in this directory).

Usage: gen_abi_matrix.py [--arch=aarch64] OUTDIR

x86-64 by default (classes b, c, d, e). With --arch=aarch64 the same
functions are tested as AdvSIMD (`n`) variants under AArch64's vector PCS:
driver.c calls the names gcc 12 emits (only for functions whose non-uniform
types share one size, with gcc's 64- and 128-bit lengths), driver-all.c
every name clang promises (vfabia64's lengths from the narrowest data size,
vectors over 128 bits as structs of q vectors, padded short vectors as
float/_Float16) plus gcc's, with the mask each is defined with.

Writes into OUTDIR:
  callee.c         ~40 `#pragma omp declare simd` functions (every scalar
                   type, every clause kind, masked/unmasked, wide simdlen).
  driver.c         a caller built by gcc (or clang) that calls every variant
                   gcc emits for callee.c directly, with gcc's vector ABI
                   (GCC vector extensions, target attributes, register-sized
                   pieces, CDT-typed or bitmask masks, wide returns through a
                   struct of vectors = hidden pointer), and compares every
                   active lane with the scalar function.
  gcc-model.txt    the _ZGV names (one a line) this generator expects gcc to
                   emit; check_names.py compares it with gcc's real output.
  gcc-sigs.txt     the clone signatures this generator assumes, in the form of
                   gcc's -fdump-tree-optimized headers (checked against gcc).

Deterministic: no randomness here; the driver uses a fixed-seed PRNG.
"""
import os
import sys

# ---------------------------------------------------------------------------
# Types
# name: (C spelling, bits, is_float, signed, gcc dump spelling)
TYPES = {
    "schar": ("signed char", 8, False, True, "signed char"),
    "uchar": ("unsigned char", 8, False, False, "unsigned char"),
    "short": ("short", 16, False, True, "short int"),
    "ushort": ("unsigned short", 16, False, False, "short unsigned int"),
    "int": ("int", 32, False, True, "int"),
    "uint": ("unsigned int", 32, False, False, "unsigned int"),
    "long": ("long", 64, False, True, "long int"),
    "ulong": ("unsigned long", 64, False, False, "long unsigned int"),
    "float": ("float", 32, True, True, "float"),
    "double": ("double", 64, True, True, "double"),
}


def is_ptr(t):
    return t.startswith("p:") or t.startswith("pc:")


def pointee(t):
    return t.split(":", 1)[1]


def ctype(t):
    if t == "void":
        return "void"
    if is_ptr(t):
        return ("const " if t.startswith("pc:") else "") + TYPES[pointee(t)][0] + " *"
    return TYPES[t][0]


def elem(t):
    """Element type used for vectors/arrays of this scalar type."""
    return "long" if is_ptr(t) else t


def bits(t):
    return 64 if is_ptr(t) else TYPES[t][1]


def isfloat(t):
    return (not is_ptr(t)) and TYPES[t][2]


def sizeof(t):
    return bits(t) // 8


# Register width (bits) by ISA and type class [vector-abi.md section 2].
WIDTH = {"b": (128, 128), "c": (128, 256), "d": (256, 256), "e": (512, 512),
         "n": (128, 128)}
TARGET = {"b": "sse2", "c": "avx", "d": "avx2", "e": "avx512f"}
ISAS = "bcde"
ARCH = "x86_64"  # main() sets "aarch64" for --arch=aarch64


def width(isa, t):
    return WIDTH[isa][1 if isfloat(t) else 0]


# ---------------------------------------------------------------------------
# Function specs


class P:
    def __init__(self, ty, name, kind="v", step=1, ref=None, align=None, dom=None, bad=None):
        self.ty, self.name, self.kind, self.step = ty, name, kind, step
        self.ref, self.align, self.dom, self.bad = ref, align, dom, bad


class F:
    def __init__(self, name, ret, params, body, branch=None, simdlen=None, attrs=""):
        self.name, self.ret, self.params, self.body = name, ret, params, body
        self.branch, self.simdlen = branch, simdlen
        self.attrs = attrs  # e.g. "__attribute__((noinline)) ", before the definition

    def pragma(self):
        cl = []
        u = [p.name for p in self.params if p.kind == "u"]
        if u:
            cl.append("uniform(%s)" % ", ".join(u))
        for p in self.params:
            if p.kind == "l":
                cl.append("linear(%s)" % p.name if p.step == 1 else "linear(%s:%d)" % (p.name, p.step))
            elif p.kind == "ls":
                cl.append("linear(%s:%s)" % (p.name, p.ref))
            if p.align == "noN":
                cl.append("aligned(%s)" % p.name)
            elif p.align:
                cl.append("aligned(%s:%d)" % (p.name, p.align))
        if self.simdlen:
            cl.append("simdlen(%d)" % self.simdlen)
        if self.branch:
            cl.append(self.branch)
        return ("#pragma omp declare simd " + " ".join(cl)).rstrip()

    def cdt(self):
        if self.ret != "void":
            return self.ret
        for p in self.params:
            if p.kind == "v" and cx(p) != "L":  # linear(val) is linear, not vector
                return p.ty
        return "int"

    def vlen(self, isa):
        return self.simdlen or width(isa, self.cdt()) // bits(self.cdt())

    def masks(self):
        return {"inbranch": "M", "notinbranch": "N"}.get(self.branch, "NM")

    def mangle(self, isa, m, vl=None):
        s = "_ZGV%s%s%d" % (isa, m, vl or self.vlen(isa))
        for p in self.params:
            if p.kind == "v":
                s += "v"
            elif p.kind == "u":
                s += "u"
            elif p.kind == "l":
                st = p.step * (sizeof(pointee(p.ty)) if is_ptr(p.ty) else 1)
                if st < 0 and not is_ptr(p.ty) and not TYPES[p.ty][3]:
                    st += 1 << bits(p.ty)  # gcc mangles the step converted to the unsigned type
                s += "l" if st == 1 else ("ln%d" % -st if st < 0 else "l%d" % st)
            elif p.kind == "ls":
                s += "ls%d" % [q.name for q in self.params].index(p.ref)
            if p.align and p.align != "noN":  # gcc ignores aligned without N
                s += "a%d" % p.align
        return s + "_" + self.name


FUNCS = [
    # --- integer types, vector params -------------------------------------
    F("sc_add", "schar", [P("schar", "a"), P("schar", "b")],
      "return (signed char)(a * 3 - b);", "notinbranch"),
    F("uc_avg", "uchar", [P("uchar", "a"), P("uchar", "b")],
      "return (unsigned char)((a + b + 1) >> 1);"),
    F("ss_mix", "short", [P("short", "a"), P("short", "b")],
      "if (a > b) return (short)(a - b); return (short)(b * 2);", "inbranch"),
    F("us_rot", "ushort", [P("ushort", "a")],
      "return (unsigned short)((a << 3) | (a >> 13));"),
    F("si_collatz", "int", [P("int", "n")],
      "return (n & 1) ? (int)(3u * (unsigned)n + 1u) : n / 2;", "notinbranch"),
    F("ui_hash", "uint", [P("uint", "x"), P("uint", "y")],
      "x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; return x + y;"),
    F("sl_mix", "long", [P("long", "a"), P("int", "b")],
      "return (long)((unsigned long)a * 3ul) + b;"),
    F("ul_shift", "ulong", [P("ulong", "a"), P("uchar", "s")],
      "return a >> (s & 63);", "inbranch"),
    F("si_div", "int", [P("int", "a"), P("int", "b", dom="nz", bad="0")],
      "return a / b;", "inbranch"),
    F("sl_guarddiv", "long", [P("long", "a"), P("long", "b")],
      "if (b == 0 || b == -1) return a; return a % b;"),
    F("sc_clamp", "schar", [P("int", "x")],
      "if (x < -128) return -128; if (x > 127) return 127; return (signed char)x;"),
    # --- float / double ---------------------------------------------------
    F("f_axpb", "float", [P("float", "x"), P("float", "y")],
      "return x * y + 1.0f;", "notinbranch"),
    F("f_branch", "float", [P("float", "x"), P("float", "y")],
      "if (x > y) return x * 0.5f - y; return y * y + x;"),
    F("d_poly", "double", [P("double", "x")],
      "return (x * 0.25 + 1.5) * x - 3.0;"),
    F("f_recip", "float", [P("float", "x")], "return 1.0f / x;", "inbranch"),
    F("d_scale", "double", [P("double", "x"), P("double", "s", "u")],
      "return x * s;", "notinbranch"),
    F("f_from_int", "float", [P("int", "i"), P("float", "x")],
      "return (float)i * x;"),
    F("d_from_long", "double", [P("long", "a"), P("float", "f")],
      "return (double)a + f;", "notinbranch"),
    F("f_min", "float", [P("float", "a"), P("float", "b")],
      "return a < b ? a : b;", "inbranch"),
    F("d_abs0", "double", [P("double", "x")],
      "return x < 0 ? -x : x + 0.0;"),
    F("f_to_double", "double", [P("float", "x"), P("ushort", "k")],
      "return (double)x * (double)k;"),
    # --- pointers: uniform / linear / vector -------------------------------
    F("f_dowork", "float", [P("pc:float", "p", "u"), P("int", "i", "l", dom=("range", -100, 100))],
      "float x = p[i]; return x > 0 ? x * 2.0f : -x;", "notinbranch"),
    F("v_store_sq", "void", [P("p:int", "out", "l"), P("int", "v")],
      "*out = (int)((unsigned)v * (unsigned)v);", "notinbranch"),
    F("v_cond_store", "void", [P("p:int", "out", "l"), P("int", "v"), P("int", "k", "u")],
      "*out = (int)((unsigned)v * (unsigned)k);", "inbranch"),
    F("f_pairsum", "float", [P("pc:float", "p", "l", step=2)],
      "return p[0] + p[1];"),
    F("si_rev_at", "int", [P("pc:int", "a", "u"), P("int", "i", "l", step=-1, dom=("range", 64, 200))],
      "return a[i] ^ i;", "notinbranch"),
    F("v_rmw_double", "void", [P("p:double", "p", "l"), P("double", "v")],
      "*p = *p * 0.5 + v;"),
    F("v_store_char", "void", [P("p:schar", "p", "l"), P("schar", "v")],
      "*p = (signed char)(v ^ 0x55);", "inbranch"),
    F("v_store_short_neg", "void", [P("p:short", "p", "l", step=-1), P("short", "v")],
      "*p = (short)(v + 1);", "inbranch"),
    F("v_store_long2", "void", [P("p:long", "p", "l", step=2), P("long", "base", "l", step=3, dom=("range", -1000, 1000))],
      "*p = base * 5;"),
    F("sl_ls", "long", [P("pc:long", "a", "u"), P("int", "i", "ls", ref="s", dom=("range", 0, 40)),
                        P("int", "s", "u", dom=("range", 1, 3))],
      "return a[i] * 2 + i;"),
    F("f_lsptr", "float", [P("pc:float", "p", "ls", ref="s"), P("int", "s", "u", dom=("range", -2, 3))],
      "return *p + 1.0f;", "notinbranch"),
    F("d_aligned", "double", [P("pc:double", "p", "u", align=32), P("int", "i", "l", dom=("range", 0, 64))],
      "return p[i] * 3.0;"),
    F("f_aligned_lin", "float", [P("pc:float", "p", "l", align=64), P("float", "x")],
      "return *p - x;", "notinbranch"),
    F("d_aligned_noN", "double", [P("pc:double", "p", "u", align="noN"), P("int", "i", "l", dom=("range", 0, 64))],
      "return p[i] + 0.5;", "notinbranch"),
    F("si_gather", "int", [P("pc:int", "t", "u"), P("int", "idx", dom=("range", 0, 63), bad="0x40000000")],
      "return t[idx] + 1;", "inbranch"),
    F("p_adv", "p:int", [P("p:int", "p"), P("int", "k", "u", dom=("range", -100, 100))],
      "return p + k;", "notinbranch"),
    F("sl_ptrbits", "long", [P("pc:schar", "p")],
      "return (long)((unsigned long)p & 15) - 3;"),
    F("ui_rmw_ret", "uint", [P("p:uint", "p", "l"), P("uint", "v")],
      "unsigned old = *p; *p = old ^ v; return old + 1u;", "inbranch"),
    # --- linear integers (wrapping lanes) ----------------------------------
    F("si_lin_wrap", "int", [P("int", "i", "l", step=3, dom="wrap"), P("int", "x")],
      "return (int)((unsigned)i * 7u) ^ x;", "notinbranch"),
    F("ui_lin_neg", "uint", [P("uint", "u", "l", step=-2), P("uint", "x")],
      "return u * x;"),
    F("ss_lin", "short", [P("short", "s", "l", dom="wrap"), P("short", "v")],
      "return (short)(s ^ v);", "inbranch"),
    F("sl_lin_big", "long", [P("long", "l", "l", step=5, dom="wrap")],
      "return l >> 1;", "notinbranch"),
    # --- simdlen ----------------------------------------------------------
    F("d_wide16", "double", [P("double", "x")],
      "return x > 1.0 ? x - 1.0 : x * 3.0;", "notinbranch", simdlen=16),
    F("f_s32", "float", [P("float", "x"), P("float", "y")],
      "return x > y ? x - y : x * 3.0f;", "inbranch", simdlen=32),
    F("ss_s32", "short", [P("short", "a")],
      "return (short)(a * 3 + 7);", None, simdlen=32),
    F("si_s4", "int", [P("int", "a"), P("int", "b")],
      "return (int)((unsigned)a - (unsigned)b);", None, simdlen=4),
    F("uc_s64", "uchar", [P("uchar", "a")],
      "return (unsigned char)(a < 100 ? a * 2 : a - 100);", "notinbranch", simdlen=64),
    F("d_s2", "double", [P("double", "x"), P("long", "l")],
      "return x * (double)l;", "inbranch", simdlen=2),
    F("ss_s2", "short", [P("short", "a"), P("schar", "b")],
      "return (short)(a - b * 5);", None, simdlen=2),
    F("uc_s4", "uchar", [P("uchar", "a")],
      "return (unsigned char)(a ^ 0x5a);", "inbranch", simdlen=4),
    F("us_s4", "ushort", [P("ushort", "a"), P("int", "b")],
      "return (unsigned short)(a + b);", None, simdlen=4),
    F("v_store_s16", "void", [P("p:float", "p", "l"), P("float", "v")],
      "*p = v * 2.0f;", "inbranch", simdlen=16),
    # --- arguments on the stack -----------------------------------------
    # Class b: a and b fill xmm0-7, so the 8-byte vector of c, the uniform
    # d (and the mask) go on the stack, c in an 8-byte slot (LLVM's own
    # <8 x i8> would take 16 and shift d: found by the fuzzer, seed 100038).
    F("ul_stack8", "ulong", [P("long", "a"), P("ulong", "b"), P("schar", "c"),
                             P("float", "d", "u")],
      "return (unsigned long)a ^ b ^ (unsigned long)(long)c ^ (unsigned long)(long)(d * 4.0f);",
      None, simdlen=8),
    # Eight 2-lane doubles take xmm0-7; the 2 floats of c (8 bytes) and the
    # uniform u follow on the stack.
    F("d_stack2", "double", [P("double", "x0"), P("double", "x1"), P("double", "x2"),
                             P("double", "x3"), P("double", "x4"), P("double", "x5"),
                             P("double", "x6"), P("double", "x7"), P("float", "c"),
                             P("float", "u", "u")],
      "return x0 - x1 + x2 - x3 + x4 - x5 + x6 - x7 + (double)c * (double)u;",
      None, simdlen=2),
]


# ---------------------------------------------------------------------------
# callee.c


def gen_callee(funcs=FUNCS):
    out = ["/* Generated by gen_abi_matrix.py; do not edit. */", ""]
    for f in funcs:
        out.append(f.pragma())
        args = ", ".join("%s%s%s" % (ctype(p.ty), "" if is_ptr(p.ty) else " ", p.name) for p in f.params)
        rt = ctype(f.ret)
        out.append("%s%s%s%s(%s) { %s }" % (f.attrs, rt, "" if rt.endswith("*") else " ", f.name, args, f.body))
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------------------
# AArch64 AdvSIMD names (vfabia64 for clang, gcc 12 measured)


def a64_lane_bits(p):
    """vfabia64's lane size LS of a parameter: a pointer passed as a scalar
    counts what it points to; clang 22 counts a C++ reference (and `this`,
    a class by value) as 8 bytes."""
    if cx(p) in ("R", "L", "U", "byval", "this"):
        return 64
    if p.kind != "v" and is_ptr(p.ty):
        return bits(pointee(p.ty))
    return bits(p.ty)


def a64_nds(f):
    sizes = [a64_lane_bits(p) for p in f.params]
    if f.ret != "void":
        sizes.append(bits(f.ret))
    return min(sizes) if sizes else 8


def gcc12_a64_bits(f):
    """gcc 12's element size for f's AdvSIMD clones, or 0 ("mixed size
    types"): the CDT's, shared by the return value and every parameter but
    the uniform ones."""
    b = bits(f.cdt())
    if f.ret != "void" and bits(f.ret) != b:
        return 0
    if any(p.kind != "u" and bits(p.ty) != b for p in f.params):
        return 0
    return b


def gcc12_a64_lens(f):
    b = gcc12_a64_bits(f)
    if not b:
        return []
    if f.simdlen:
        return [f.simdlen] if f.simdlen * b in (64, 128) else []
    return [64 // b, 128 // b]


def clang_a64_lens(f):
    nds = a64_nds(f)
    if f.simdlen:
        return [f.simdlen]
    return [2] if nds == 64 else [64 // nds, 128 // nds]


def a64_variants(f, which):
    """gcc's variants ("gcc", masks of gcc's element size) or every name
    the plugin defines ("all": clang's with NDS-bit masks, then gcc's
    other lengths with gcc's)."""
    out = []
    gcc_bits = gcc12_a64_bits(f)
    for m in f.masks():
        if which == "gcc":
            out += [Variant(f, "n", m, vl, gcc_bits) for vl in gcc12_a64_lens(f)]
            continue
        clang = clang_a64_lens(f)
        out += [Variant(f, "n", m, vl, a64_nds(f)) for vl in clang]
        out += [Variant(f, "n", m, vl, gcc_bits) for vl in gcc12_a64_lens(f) if vl not in clang]
    return out


def a64_supported(v):
    """The plugin defines the variant: every vector fits in at most four q
    registers and no padded short vector is a single byte."""
    f = v.f
    tys = [p.ty for p in f.params if p.kind == "v"] + ([f.ret] if f.ret != "void" else [])
    sizes = [v.vl * bits(t) for t in tys]
    if v.m == "M":
        sizes.append(v.vl * v.maskbits)
    return all(16 <= b <= 512 for b in sizes)


def a64_type(v, t, ebits=None):
    """The C type one AdvSIMD value of t (or an ebits-bit integer mask) is
    passed as: a vector up to 128 bits, a struct of q vectors above (an HVA,
    in consecutive v registers), a padded short vector as the float or
    _Float16 of its size."""
    e = {8: "schar", 16: "short", 32: "int", 64: "long"}[ebits] if ebits else t
    b = v.vl * bits(e)
    if b == 32:
        return "float"
    if b == 16:
        return "_Float16"
    if b <= 128:
        return vtype(e, v.vl)
    name = "hva_%s_%dx%d" % (elem(e), 128 // bits(e), b // 128)
    vtypes[name] = "typedef struct { %s v[%d]; } %s;" % (vtype(e, 128 // bits(e)), b // 128, name)
    return name


# ---------------------------------------------------------------------------
# driver.c


class Variant:
    """One gcc clone: name and its calling convention."""

    def __init__(self, f, isa, m, vl=None, maskbits=None):
        self.f, self.isa, self.m = f, isa, m
        self.vl = vl or f.vlen(isa)
        # gen_fuzz.py's functions mangle with their own lengths only.
        self.name = f.mangle(isa, m, vl) if vl else f.mangle(isa, m)
        # AdvSIMD: bits of one mask lane (x86 masks follow the CDT).
        self.maskbits = maskbits

    def veclen(self, t):
        return min(self.vl, width(self.isa, t) // bits(t))

    def a64(self):
        return self.isa == "n"

    def pieces(self, t):
        return self.vl // self.veclen(t)


vtypes = {}


def vtype(t, n):
    e = elem(t)
    name = "vt_%s_%d" % (e, n)
    vtypes[name] = "typedef %s %s __attribute__((vector_size(%d)));" % (ctype(e), name, n * sizeof(e))
    return name


def dump_vtype(t, n):
    return "vector(%d) %s" % (n, "unsigned long" if is_ptr(t) else TYPES[t][4])


def variant_sig(v):
    """Signature in gcc's -fdump-tree-optimized spelling (without names)."""
    f = v.f
    if f.ret == "void":
        r = "void"
    else:
        r = dump_vtype(f.ret, v.veclen(f.ret))
        if v.pieces(f.ret) > 1:
            r += "[%d]" % v.pieces(f.ret)
    ps = []
    for p in f.params:
        if p.kind == "v":
            ps += [dump_vtype(p.ty, v.veclen(p.ty))] * v.pieces(p.ty)
        elif is_ptr(p.ty):
            ps.append(("const " if p.ty.startswith("pc:") else "") + TYPES[pointee(p.ty)][4] + " *")
        else:
            ps.append(TYPES[p.ty][4])
    if v.m == "M":
        c = f.cdt()
        if v.isa == "e":
            ps += ["long unsigned int" if bits(c) == 8 else "unsigned int"] * v.pieces(c)
        else:
            ps += [dump_vtype(c, v.veclen(c))] * v.pieces(c)
    return "%s %s (%s)" % (r, v.name, ", ".join(ps))


def gen_value(t, dom, isa_rng="rnd()"):
    e = elem(t)
    if isinstance(dom, tuple) and dom[0] == "range":
        return "(%s)(%d + (long)(rnd() %% %du))" % (ctype(e), dom[1], dom[2] - dom[1] + 1)
    if dom == "nz":
        return "gen_nz_%s()" % e
    if dom == "wrap":
        return "gen_wrap_%s()" % e
    return "gen_%s()" % e


def cx(p):
    """A parameter's C++ kind (gen_fuzz.py --cxx), or None."""
    return getattr(p, "cx", None)


def gen_variant(v, idx):
    """The test of one variant. Parameters may also carry the C++ kinds
    gen_fuzz.py --cxx makes (`cx`: linear(val) "L", a vector of addresses
    whose elements hold base + k * step; linear(uval) "U", one pointer to
    the base, the scalar reference gets base + k * step; a class by value
    "byval", each lane's scalar reference gets a fresh copy of the object's
    bytes as the variant got them) and the function `msabi` (variants
    declared ms_abi, as gcc makes them)."""
    f = v.f
    isa, vl = v.isa, v.vl
    L = []
    tgt = ('__attribute__((aarch64_vector_pcs))' if v.a64()
           else '__attribute__((target("%s")))' % TARGET[isa])
    ms = " __attribute__((ms_abi))" if getattr(f, "msabi", False) else ""
    # prototype
    params = []
    for p in f.params:
        if p.kind == "v" and v.a64():
            params.append(a64_type(v, p.ty))
        elif p.kind == "v":
            params += [vtype(p.ty, v.veclen(p.ty))] * v.pieces(p.ty)
        else:
            params.append(ctype(p.ty))
    c = f.cdt()
    if v.m == "M":
        if v.a64():
            params.append(a64_type(v, None, v.maskbits))
        elif isa == "e":
            params += ["unsigned long" if bits(c) == 8 else "unsigned int"] * v.pieces(c)
        else:
            params += [vtype(c, v.veclen(c))] * v.pieces(c)
    if f.ret == "void":
        rt = "void"
    elif v.a64():
        rt = a64_type(v, f.ret)
    elif v.pieces(f.ret) > 1:
        rt = "struct ret_%s" % v.name
        L.append("%s { %s r[%d]; };" % (rt, vtype(f.ret, v.veclen(f.ret)), v.pieces(f.ret)))
    else:
        rt = vtype(f.ret, v.veclen(f.ret))
    # weak: a callee object that lacks the variant still links; the run
    # reports it as missing (and fails) instead of hiding the other results.
    L.append("extern %s %s(%s) %s __attribute__((weak))%s;" % (rt, v.name, ", ".join(params), tgt, ms))
    # The caller's code needs the class's ISA on x86; on AArch64 only the
    # callee has the vector PCS.
    L.append("static %s void t_%s(void) {" % ("" if v.a64() else tgt, v.name))
    L.append("  if (!(void *)%s) { missing(\"%s\"); return; }" % (v.name, v.name))
    L.append("  enum { VL = %d };" % vl)
    L.append("  unsigned char act[VL];")
    for i, p in enumerate(f.params):
        if p.kind == "v":
            L.append("  %s a%d[VL];" % (ctype(elem(p.ty)), i))
        elif not is_ptr(p.ty):
            L.append("  %s a%d;" % (ctype(p.ty), i))
        elif cx(p) == "U":
            L.append("  %s a%d;" % (ctype(p.base), i))
        elif cx(p) == "byval":
            L.append("  unsigned char lc%d[16] __attribute__((aligned(16)));" % i)
    L.append("  for (int r = 0; r < NROUNDS; r++) {")
    L.append("    make_mask(act, VL, r, %d);" % (1 if v.m == "M" else 0))
    # inputs: uniforms/linears first (ls refs need them), vectors per lane
    for i, p in enumerate(f.params):
        if cx(p) == "L":
            L.append("    %s lb%d = %s;" % (ctype(p.base), i, gen_value(p.base, p.dom)))
            L.append("    for (int k = 0; k < VL; k++) a%d[k] = (long)(tbuf[%d] + BUFOFF + 8 * k);" % (i, i))
        elif cx(p) == "U":
            L.append("    a%d = %s;" % (i, gen_value(p.base, p.dom)))
        elif p.kind == "v":
            good = gen_value(p.ty, p.dom)
            if p.bad:
                L.append("    for (int k = 0; k < VL; k++) a%d[k] = act[k] ? %s : (%s)(%s);" % (i, good, ctype(elem(p.ty)), p.bad))
            else:
                L.append("    for (int k = 0; k < VL; k++) a%d[k] = %s;" % (i, good))
        elif not is_ptr(p.ty):
            L.append("    a%d = %s;" % (i, gen_value(p.ty, p.dom)))
    ptrs = [i for i, p in enumerate(f.params) if (p.kind != "v" and is_ptr(p.ty)) or cx(p) == "L"]
    if ptrs:
        assert max(ptrs) < 4
        L.append("    fill_buffers();")
    for i, p in enumerate(f.params):
        if cx(p) == "L":  # each lane's element: base + k * step, in both copies
            T = ctype(p.base)
            L.append("    for (int k = 0; k < VL; k++) { %s e = (%s)((unsigned long)(long)lb%d + (unsigned long)((long)k * (%d)));"
                     " memcpy(tbuf[%d] + BUFOFF + 8 * k, &e, sizeof e); memcpy(rbuf[%d] + BUFOFF + 8 * k, &e, sizeof e); }"
                     % (T, T, i, p.step, i, i))
        elif cx(p) == "U":
            L.append("    memcpy(tbuf[%d] + BUFOFF, &a%d, sizeof a%d); memcpy(rbuf[%d] + BUFOFF, &a%d, sizeof a%d);"
                     % (i, i, i, i, i, i))
    # lane-k value of a non-vector param, for the scalar call
    names = [q.name for q in f.params]

    def lane_val(i, p, buf):
        if cx(p) == "L":
            return "(%s)(%s[%d] + BUFOFF + 8 * k)" % (ctype(p.ty), buf, i)
        if cx(p) == "U":
            T = ctype(p.base)
            return "&(%s){(%s)((unsigned long)(long)a%d + (unsigned long)((long)k * (%d)))}" % (T, T, i, p.step)
        if cx(p) == "byval":  # a fresh copy of the object as the variant got it
            return "(%s)memcpy(lc%d, %s[%d] + BUFOFF, 8)" % (ctype(p.ty), i, buf, i)
        if p.kind == "v":
            return "(%s)a%d[k]" % (ctype(p.ty), i) if is_ptr(p.ty) else "a%d[k]" % i
        if is_ptr(p.ty):
            base = "(%s)(%s[%d] + BUFOFF)" % (ctype(p.ty), buf, i)
            if p.kind == "u":
                return base
            step = "a%d" % names.index(p.ref) if p.kind == "ls" else str(p.step)
            return "(%s + (long)k * (%s))" % (base, step)
        if p.kind == "u":
            return "a%d" % i
        step = "a%d" % names.index(p.ref) if p.kind == "ls" else str(p.step)
        return "(%s)((unsigned long)(long)a%d + (unsigned long)((long)k * (%s)))" % (ctype(p.ty), i, step)

    # pack the call arguments
    args = []
    for i, p in enumerate(f.params):
        if p.kind == "v" and v.a64():
            L.append("    %s x%d; memcpy(&x%d, a%d, sizeof x%d);" % (a64_type(v, p.ty), i, i, i, i))
            L.append("    _Static_assert(sizeof x%d == sizeof a%d, \"argument size\");" % (i, i))
            args.append("x%d" % i)
        elif p.kind == "v":
            vt = vtype(p.ty, v.veclen(p.ty))
            for j in range(v.pieces(p.ty)):
                L.append("    %s x%d_%d; memcpy(&x%d_%d, &a%d[%d], sizeof x%d_%d);" % (vt, i, j, i, j, i, j * v.veclen(p.ty), i, j))
                args.append("x%d_%d" % (i, j))
        else:
            args.append("(%s)(tbuf[%d] + BUFOFF)" % (ctype(p.ty), i) if is_ptr(p.ty) else "a%d" % i)
    if v.m == "M" and v.a64():
        it = {8: "signed char", 16: "short", 32: "int", 64: "long"}[v.maskbits]
        L.append("    %s mi[VL]; for (int k = 0; k < VL; k++) mi[k] = act[k] ? -1 : 0;" % it)
        L.append("    %s m; memcpy(&m, mi, sizeof m);" % a64_type(v, None, v.maskbits))
        L.append("    _Static_assert(sizeof m == sizeof mi, \"mask size\");")
        args.append("m")
    elif v.m == "M":
        cv = v.veclen(c)
        for j in range(v.pieces(c)):
            if isa == "e":
                mt = "unsigned long" if bits(c) == 8 else "unsigned int"
                L.append("    %s m%d = 0; for (int k = 0; k < %d; k++) if (act[%d + k]) m%d |= (%s)1 << k;" % (mt, j, cv, j * cv, j, mt))
            else:
                it = {8: "signed char", 16: "short", 32: "int", 64: "long"}[bits(c)]
                vt = vtype(c, cv)
                L.append("    %s mi%d[%d]; for (int k = 0; k < %d; k++) mi%d[k] = act[%d + k] ? -1 : 0;" % (it, j, cv, cv, j, j * cv))
                L.append("    %s m%d; memcpy(&m%d, mi%d, sizeof m%d);" % (vt, j, j, j, j))
            args.append("m%d" % j)
    call = "%s(%s)" % (v.name, ", ".join(args))
    re = ctype(elem(f.ret)) if f.ret != "void" else None
    if re:
        L.append("    %s res = %s;" % (rt, call))
        L.append("    %s out[VL]; memcpy(out, &res, sizeof out);" % re)
        L.append("    _Static_assert(sizeof res == sizeof out, \"return size\");")
    else:
        L.append("    %s;" % call)
    sargs = ", ".join(lane_val(i, p, "rbuf") for i, p in enumerate(f.params))
    L.append("    for (int k = 0; k < VL; k++) {")
    L.append("      if (!act[k]) continue;")
    if re:
        L.append("      %s exp = %s(fp_%s(%s));" % (re, "(long)" if is_ptr(f.ret) else "", f.name, sargs))
        L.append("      if (!eq_%s(out[k], exp)) {" % elem(f.ret))
        L.append("        char g[64], x[64], in[512] = \"\";")
        L.append("        fmt_%s(g, out[k]); fmt_%s(x, exp);" % (elem(f.ret), elem(f.ret)))
        for i, p in enumerate(f.params):
            if cx(p) == "L":
                L.append("        { char t[64]; fmt_%s(t, lb%d); strcat(in, \" %s(lane0)=\"); strcat(in, t); }" % (p.base, i, p.name))
            elif cx(p) == "U":
                L.append("        { char t[64]; fmt_%s(t, a%d); strcat(in, \" %s(lane0)=\"); strcat(in, t); }" % (p.base, i, p.name))
            elif p.kind == "v":
                L.append("        { char t[64]; fmt_%s(t, a%d[k]); strcat(in, \" %s=\"); strcat(in, t); }" % (elem(p.ty), i, p.name))
            elif not is_ptr(p.ty):
                L.append("        { char t[64]; fmt_%s(t, a%d); strcat(in, \" %s(lane0)=\"); strcat(in, t); }" % (elem(p.ty), i, p.name))
        L.append("        report(\"%s\", r, k, in, g, x);" % v.name)
        L.append("      }")
    else:
        L.append("      fp_%s(%s);" % (f.name, sargs))
    L.append("    }")
    for i, p in enumerate(f.params):
        if cx(p) == "byval":  # the caller's parameter object: not compared
            L.append("    memcpy(tbuf[%d] + BUFOFF, rbuf[%d] + BUFOFF, 8);" % (i, i))
    if ptrs or f.ret == "void" or any(p.kind == "v" and is_ptr(p.ty) for p in f.params):
        kinds = "".join({"float": "f", "double": "d"}.get(pointee(p.ty), ".") if is_ptr(p.ty) else "."
                        for p in f.params[:4]).ljust(4, ".")
        L.append("    check_buffers(\"%s\", r, act, VL, \"%s\");" % (v.name, kinds))
    L.append("  }")
    L.append("  ran[%d]++;" % ISAS.index(isa))
    L.append("}")
    return L


DRIVER_HEAD = r'''/* Generated by gen_abi_matrix.py; do not edit.
 * Calls every gcc-named variant of callee.c directly with gcc's x86-64 vector
 * ABI and compares each active lane with the scalar function (called through a
 * volatile pointer). Buffers reached through pointer parameters are checked
 * byte for byte afterwards: inactive lanes must not store.
 * Options: --require=LETTERS (or ABI_REQUIRE) fail if one of those ISA
 * classes could not run; --only=SUBSTR (or ABI_ONLY) run only matching
 * variants. Prints "mismatches: N"; exit status 0 only if N == 0. */
#include <float.h>
#include <signal.h>
#include <unistd.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NROUNDS 40
#define NBUF 4
#define BUFBYTES 8192
#define BUFOFF 4096 /* bytes: room for 64 lanes x step 8 x 8 bytes below */

static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static unsigned long long rnd(void) {
  unsigned long long z = (rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static int mismatches, ran[4];
static const char *only;
static const char *volatile current = "(none)";

/* A trap (SIGFPE from a division an inactive lane should not have done, a
 * fault from an inactive lane's load) names the variant that was running. */
static void on_signal(int sig) {
  char msg[256];
  int n = snprintf(msg, sizeof msg, "CRASH: signal %d in variant %s\n", sig, current);
  if (write(1, msg, n) < 0) {}
  _exit(4);
}

static int nmissing;
static void missing(const char *v) {
  mismatches++;
  nmissing++;
  printf("MISSING variant %s (not defined by the callee object)\n", v);
}
#define MAXFAILED 512
static const char *failed[MAXFAILED];
static int failed_count[MAXFAILED], nfailed;
static void report(const char *v, int r, int k, const char *in, const char *got, const char *exp) {
  int i;
  for (i = 0; i < nfailed && strcmp(failed[i], v); i++) {}
  if (i == nfailed && nfailed < MAXFAILED) failed[nfailed++] = v;
  if (i < nfailed) failed_count[i]++;
  if (mismatches++ < 25)
    printf("MISMATCH %s round %d lane %d:%s got %s expected %s\n", v, r, k, in, got, exp);
}

/* mask patterns: all on, all off, first only, last only, alternating, random */
static void make_mask(unsigned char *act, int vl, int r, int masked) {
  for (int k = 0; k < vl; k++) {
    if (!masked) { act[k] = 1; continue; }
    switch (r % 8) {
    case 0: act[k] = 1; break;
    case 1: act[k] = 0; break;
    case 2: act[k] = k == 0; break;
    case 3: act[k] = k == vl - 1; break;
    case 4: act[k] = k & 1; break;
    default: act[k] = (rnd() & 3) != 0 ? (r & 1) : !(r & 1); break;
    }
  }
}

static _Alignas(64) unsigned char tbuf[NBUF][BUFBYTES], rbuf[NBUF][BUFBYTES];
static void fill_buffers(void) {
  for (int i = 0; i < NBUF; i++)
    for (int j = 0; j < BUFBYTES; j += 8) {
      unsigned long long x = rnd();
      memcpy(&tbuf[i][j], &x, 8);
    }
  memcpy(rbuf, tbuf, sizeof tbuf);
}
/* KINDS names each buffer's element type: 'f' float, 'd' double, '.' other.
 * Floating-point elements that are NaN on both sides match whatever their
 * bits: LLVM (and gcc) leave a new NaN's sign and payload unspecified, and
 * the scalar function's constant folding makes 0x7fc00000 where the hardware
 * makes 0xffc00000 (seed 200181). Every other byte must match exactly. */
static int nan_both(const unsigned char *g, const unsigned char *x, int es) {
  if (es == 4) { float a, b; memcpy(&a, g, 4); memcpy(&b, x, 4); return a != a && b != b; }
  double a, b; memcpy(&a, g, 8); memcpy(&b, x, 8); return a != a && b != b;
}
static void check_buffers(const char *v, int r, const unsigned char *act, int vl, const char *kinds) {
  if (!memcmp(tbuf, rbuf, sizeof tbuf)) return;
  for (int i = 0; i < NBUF; i++)
    for (int j = 0; j < BUFBYTES; j++)
      if (tbuf[i][j] != rbuf[i][j]) {
        int es = kinds[i] == 'f' ? 4 : kinds[i] == 'd' ? 8 : 0;
        if (es) { /* elements sit at BUFOFF + n * es (floor division) */
          int e0 = j - (((j - BUFOFF) % es) + es) % es;
          if (e0 + es <= BUFBYTES && nan_both(&tbuf[i][e0], &rbuf[i][e0], es)) { j = e0 + es - 1; continue; }
        }
        char in[128], g[16], x[16];
        snprintf(in, sizeof in, " buffer %d byte offset %d (mask", i, j - BUFOFF);
        for (int k = 0; k < vl && k < 64; k++) strcat(in, act[k] ? "1" : "0");
        strcat(in, ")");
        snprintf(g, sizeof g, "0x%02x", tbuf[i][j]);
        snprintf(x, sizeof x, "0x%02x", rbuf[i][j]);
        report(v, r, -1, in, g, x);
        return;
      }
}

#define INTGEN(T, TN, MIN, MAX)                                                   \
  static T gen_##TN(void) {                                                       \
    static const T sp[] = {0, 1, (T)-1, MIN, MAX, (T)(MIN + 1), (T)(MAX - 1), 2, 100}; \
    unsigned long long x = rnd();                                                 \
    switch (x % 4) {                                                              \
    case 0: return sp[(x >> 8) % (sizeof sp / sizeof sp[0])];                     \
    case 1: return (T)((long)((x >> 8) % 201) - 100);                             \
    default: return (T)(x >> 8);                                                  \
    }                                                                             \
  }                                                                               \
  static T gen_nz_##TN(void) {                                                    \
    T v;                                                                          \
    do v = gen_##TN(); while (v == 0 || v == (T)-1);                              \
    return v;                                                                     \
  }                                                                               \
  static T gen_wrap_##TN(void) {                                                  \
    unsigned long long x = rnd();                                                 \
    switch (x % 4) {                                                              \
    case 0: return (T)(MAX - (T)((x >> 8) % 200));                                \
    case 1: return (T)(MIN + (T)((x >> 8) % 200));                                \
    default: return gen_##TN();                                                   \
    }                                                                             \
  }                                                                               \
  static int eq_##TN(T a, T b) { return a == b; }                                 \
  static void fmt_##TN(char *s, T v) { snprintf(s, 64, "%lld(0x%llx)", (long long)v, (unsigned long long)v); }

INTGEN(signed char, schar, SCHAR_MIN, SCHAR_MAX)
INTGEN(unsigned char, uchar, 0, UCHAR_MAX)
INTGEN(short, short, SHRT_MIN, SHRT_MAX)
INTGEN(unsigned short, ushort, 0, USHRT_MAX)
INTGEN(int, int, INT_MIN, INT_MAX)
INTGEN(unsigned int, uint, 0, UINT_MAX)
INTGEN(long, long, LONG_MIN, LONG_MAX)
INTGEN(unsigned long, ulong, 0, ULONG_MAX)

#define FPGEN(T, TN, IT, BIG, TINY, EPS)                                          \
  static T gen_##TN(void) {                                                       \
    static const T sp[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 100.0, -3.0,           \
                           BIG, -BIG, TINY, -TINY, TINY / 4, EPS,                 \
                           __builtin_inf(), -__builtin_inf(), __builtin_nan(""), -__builtin_nan("")}; \
    unsigned long long x = rnd();                                                 \
    switch (x % 4) {                                                              \
    case 0: return sp[(x >> 8) % (sizeof sp / sizeof sp[0])];                     \
    case 1: { IT b = (IT)(x >> 3); T v; memcpy(&v, &b, sizeof v); return v; }     \
    default: return (T)((long)((x >> 8) % 20001) - 10000) / (T)64;                \
    }                                                                             \
  }                                                                               \
  static int eq_##TN(T a, T b) {                                                  \
    if (a != a && b != b) return 1; /* any NaN matches any NaN */                 \
    return memcmp(&a, &b, sizeof a) == 0;                                         \
  }                                                                               \
  static void fmt_##TN(char *s, T v) {                                            \
    IT b; memcpy(&b, &v, sizeof b);                                               \
    snprintf(s, 64, "%a(0x%llx)", (double)v, (unsigned long long)b);              \
  }

FPGEN(float, float, unsigned int, FLT_MAX, FLT_MIN, FLT_EPSILON)
FPGEN(double, double, unsigned long long, DBL_MAX, DBL_MIN, DBL_EPSILON)
'''

DRIVER_MAIN = r'''
#ifdef ABI_EMULATED_E
#define EMULATED_E 1
#else
#define EMULATED_E 0
#endif
int main(int argc, char **argv) {
  const char *req = getenv("ABI_REQUIRE");
  only = getenv("ABI_ONLY");
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "--require=", 10)) req = argv[i] + 10;
    else if (!strncmp(argv[i], "--only=", 7)) only = argv[i] + 7;
    else { fprintf(stderr, "usage: %s [--require=bcde] [--only=substr]\n", argv[0]); return 2; }
  }
  setvbuf(stdout, NULL, _IONBF, 0);
  signal(SIGFPE, on_signal);
  signal(SIGSEGV, on_signal);
  signal(SIGBUS, on_signal);
  signal(SIGILL, on_signal);
  __builtin_cpu_init();
  int have[4] = {1, __builtin_cpu_supports("avx"), __builtin_cpu_supports("avx2"),
                 __builtin_cpu_supports("avx512f")};
  static const char *feat[4] = {"sse2", "avx", "avx2", "avx512f"};
  /* clang takes the calling convention of 256/512-bit vector arguments from
   * the command-line target, not from a function's target attribute: a
   * clang-built driver can call a class only when the file is built for it
   * (without, it passes the vectors in memory; gcc uses the attribute). */
  int abi_ok[4] = {1, 1, 1, 1};
#if defined(__clang__) && !defined(ABI_EMULATED_E)
#ifndef __AVX__
  abi_ok[1] = abi_ok[2] = 0;
#endif
#ifndef __AVX512F__
  abi_ok[3] = 0;
#endif
#endif
#ifdef ABI_EMULATED_E
  /* test/fuzz/emulate_e.py: this driver and the callee were compiled for
   * AVX-512 to LLVM IR and then lowered for x86-64-v3, so the class e
   * variants run here without AVX-512; b/c/d run in the native build. */
  have[0] = have[1] = have[2] = 0;
  have[3] = 1;
#endif
  for (int c = 0; c < 4; c++) have[c] = have[c] && abi_ok[c];
  int skipped_required = 0;
  for (int c = 0; c < 4; c++) {
    int n = 0;
    if (have[c])
      for (int i = 0; i < NVARIANTS; i++)
        if (variants[i].isa == "bcde"[c] && (!only || strstr(variants[i].name, only))) {
          current = variants[i].name;
          variants[i].fn();
          n++;
        }
    if (have[c])
      printf("class %c (%s): ran %d variants%s\n", "bcde"[c], feat[c], n,
             c == 3 && EMULATED_E ? " (emulated: AVX-512 IR lowered for x86-64-v3)" : "");
#ifdef ABI_EMULATED_E
    else if (c < 3)
      printf("class %c (%s): not run by the emulated-e build\n", "bcde"[c], feat[c]);
#endif
    else if (!abi_ok[c])
      printf("class %c (%s): skipped, this clang-built driver was not compiled for %s\n", "bcde"[c], feat[c], feat[c]);
    else
      printf("class %c (%s): skipped, CPU lacks %s\n", "bcde"[c], feat[c], feat[c]);
    if (req && strchr(req, "bcde"[c]) && (!have[c] || (!only && n == 0))) {
      printf("required class %c did not run\n", "bcde"[c]);
      skipped_required = 1;
    }
  }
  for (int i = 0; i < nfailed; i++)
    printf("FAILED variant %s: %d mismatching lanes/buffers\n", failed[i], failed_count[i]);
  printf("missing variants: %d\n", nmissing);
  printf("mismatches: %d\n", mismatches);
  if (skipped_required) return 3;
  return mismatches != 0;
}
'''


DRIVER_MAIN_A64 = r'''
int main(int argc, char **argv) {
  only = getenv("ABI_ONLY");
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "--only=", 7)) only = argv[i] + 7;
    else { fprintf(stderr, "usage: %s [--only=substr]\n", argv[0]); return 2; }
  }
  setvbuf(stdout, NULL, _IONBF, 0);
  signal(SIGFPE, on_signal);
  signal(SIGSEGV, on_signal);
  signal(SIGBUS, on_signal);
  signal(SIGILL, on_signal);
  int n = 0;
  for (int i = 0; i < NVARIANTS; i++)
    if (!only || strstr(variants[i].name, only)) {
      current = variants[i].name;
      variants[i].fn();
      n++;
    }
  printf("class n (AdvSIMD): ran %d variants\n", n);
  for (int i = 0; i < nfailed; i++)
    printf("FAILED variant %s: %d mismatching lanes/buffers\n", failed[i], failed_count[i]);
  printf("missing variants: %d\n", nmissing);
  printf("mismatches: %d\n", mismatches);
  return mismatches != 0;
}
'''


def all_variants(funcs, which="gcc"):
    """The variants a driver calls: gcc's on x86; on AArch64 gcc's or, with
    \p which "all", every name the plugin defines."""
    variants = []
    for f in funcs:
        if ARCH == "aarch64":
            variants += [v for v in a64_variants(f, which) if a64_supported(v)]
            continue
        for isa in ISAS:
            for m in f.masks():
                variants.append(Variant(f, isa, m))
    return variants


def gen_driver(funcs=FUNCS, which="gcc"):
    """driver.c text and its variants; test/fuzz/gen_fuzz.py passes random funcs."""
    body = []
    variants = all_variants(funcs, which)
    for i, v in enumerate(variants):
        body += gen_variant(v, i)
        body.append("")
    decls = []
    for f in funcs:
        args = ", ".join(ctype(p.ty) for p in f.params)
        decls.append("extern %s %s(%s);" % (ctype(f.ret), f.name, args))
        decls.append("static %s (*volatile fp_%s)(%s) = %s;" % (ctype(f.ret), f.name, args, f.name))
    table = ["static struct { char isa; const char *name; void (*fn)(void); } variants[] = {"]
    for v in variants:
        table.append('  {\'%s\', "%s", t_%s},' % (v.isa, v.name, v.name))
    table.append("};")
    table.append("#define NVARIANTS ((int)(sizeof variants / sizeof variants[0]))")
    main = DRIVER_MAIN_A64 if ARCH == "aarch64" else DRIVER_MAIN
    # Vector typedefs before the structs of them.
    types = sorted(vtypes.values(), key=lambda t: (t.startswith("typedef struct"), t))
    src = [DRIVER_HEAD] + types + [""] + decls + [""] + body + table + [main]
    return "\n".join(src), variants


def main():
    global ARCH, ISAS
    args = sys.argv[1:]
    if args and args[0] == "--arch=aarch64":
        ARCH, ISAS = "aarch64", "n"
        args = args[1:]
    if len(args) != 1:
        sys.exit("usage: gen_abi_matrix.py [--arch=aarch64] OUTDIR")
    outdir = args[0]
    os.makedirs(outdir, exist_ok=True)
    nparams = max(len(f.params) for f in FUNCS)
    assert nparams <= 10
    with open(os.path.join(outdir, "callee.c"), "w") as fh:
        fh.write(gen_callee())
    drv, variants = gen_driver()
    with open(os.path.join(outdir, "driver.c"), "w") as fh:
        fh.write(drv)
    with open(os.path.join(outdir, "gcc-model.txt"), "w") as fh:
        fh.write("".join(sorted(v.name + "\n" for v in variants)))
    if ARCH == "aarch64":
        drv, allv = gen_driver(which="all")
        with open(os.path.join(outdir, "driver-all.c"), "w") as fh:
            fh.write(drv)
        with open(os.path.join(outdir, "all-model.txt"), "w") as fh:
            fh.write("".join(sorted(v.name + "\n" for v in allv)))
        return
    with open(os.path.join(outdir, "gcc-sigs.txt"), "w") as fh:
        fh.write("".join(sorted(variant_sig(v) + "\n" for v in variants)))


if __name__ == "__main__":
    main()
