#!/usr/bin/env python3
"""Random OpenCL C kernels for kernel-wrap's differential fuzzer.

usage: kw_fuzz_gen.py SEED OUTDIR [--features=LIST]

Writes OUTDIR/kernel.cl (one kernel, `fz`) and OUTDIR/case.json (the launch:
dimensions, global size, the local sizes to run, kw-run's --arg specs in
parameter order, whether the answers must equal pocl's). The same SEED gives
the same files. scripts/kernel-fuzz.py runs each case vectorized, --novec and
on pocl and compares the buffers bit for bit.

Every kernel is valid OpenCL C 1.2 without undefined or order-dependent
behaviour, whatever the local size:
  * integer arithmetic that may overflow is done in uint (signed values are
    converted back), divisors are forced non-zero (and signed ones positive),
    shift counts are masked, float values are clamped to +-1000 after every
    assignment and divisors are |x| + 1, so no inf or NaN ever appears, and
    a float becomes an integer only inside int range;
  * `#pragma OPENCL FP_CONTRACT OFF`: a*b+c is two roundings everywhere;
  * buffer reads are masked into the buffer; a work item writes only its own
    output slots and one slot of a permutation of the global range (scatter);
  * barriers only in uniform control flow (top level, uniform loops and
    branches) and never in a kernel that returns early; __local words are
    written, then read after a barrier, then a barrier comes before the next
    write; tree reductions add in a fixed order;
  * atomics only with order-independent results (add/sub/inc/dec, min, max,
    or, xor, and, each kind on words of its own; return values unused).
Math with results that may differ between implementations (exp, log, sin,
cos, mad, dot) marks the case "pocl": false: vectorized and --novec must
still agree bit for bit (kernel-wrap promises that), pocl is not asked.

--features=LIST (comma-separated; default all) limits what the kernels use:
  ids       work-item queries in 1-3 dimensions, int / size_t / uint indices
  arith     int, uint and float arithmetic and conversions
  branch    if/else on ids and on loaded data, early return
  loops     per-work-item loops with data-dependent trip counts, break
  local     __local arrays (static or argument) with barriers: neighbour
            reads, tree reductions, barriers in uniform loops and branches
  atomics   atomics on __global and __local int/uint words
  gather    loads through computed indices, a scatter through a permutation
  vectors   float4 / uint4 / int2 / uchar4 with vload/vstore and convert_*
  narrow    uchar / short / ushort buffers
  builtins  integer builtins (min/max/clamp/rotate/clz/popcount/mul_hi/...)
  math      exact float builtins (fabs/floor/fmin/sqrt/...) and, marking the
            case not pocl-comparable, exp/log/sin/cos/mad
  private   private arrays indexed by data
"""
import json
import os
import random
import sys

FEATURES = ["ids", "arith", "branch", "loops", "local", "atomics", "gather",
            "vectors", "narrow", "builtins", "math", "private"]

LOCAL_MAX = 256      # most work items in a group; __local arrays have this size
IN_LEN = 4096        # elements of each input buffer (a power of two)
FLOAT_BOUND = "1000.0f"

# Input buffers: OpenCL type, kw-run type, initial values.
INPUT_TYPES = {
    "int": ("i32", "rand:-100000:100000"),
    "uint": ("u32", "rand:0:4294967295"),
    "float": ("f32", "rand:-4:4"),
    "uchar": ("u8", "rand:0:255"),
    "short": ("i16", "rand:-32768:32767"),
    "ushort": ("u16", "rand:0:65535"),
}
KW_TYPE = {"int": "i32", "uint": "u32", "float": "f32", "uchar": "u8",
           "short": "i16", "ushort": "u16"}


class Launch:
    """Dimensions, the global size and the local sizes the driver runs."""

    def __init__(self, rng, dims):
        self.dims = dims
        if dims == 1:
            self.glob = [rng.choice([64, 128, 192, 256, 384, 768])]
            pools = [[1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256]]
        elif dims == 2:
            self.glob = [rng.choice([16, 32, 48]), rng.choice([4, 6, 8, 12])]
            pools = [[1, 2, 3, 4, 6, 8, 12, 16], [1, 2, 3, 4, 6]]
        else:
            self.glob = [rng.choice([8, 12, 16]), rng.choice([2, 4, 6]),
                         rng.choice([2, 3, 4])]
            pools = [[1, 2, 3, 4, 8, 16], [1, 2, 3, 4], [1, 2, 3]]
        self.total = 1
        for g in self.glob:
            self.total *= g
        legal = [list(ls) for ls in self._products(pools) if self._fits(ls)]
        self.locals = self._pick(rng, legal)

    @staticmethod
    def _products(pools):
        out = [[]]
        for pool in pools:
            out = [o + [p] for o in out for p in pool]
        return out

    def _fits(self, ls):
        n = 1
        for g, l in zip(self.glob, ls):
            if g % l:
                return False
            n *= l
        return n <= LOCAL_MAX

    @staticmethod
    def _pick(rng, legal):
        """The all-ones group, the largest, one of the usual vector-friendly
        sizes (4, 8, 16, 64 items) and one more at random."""
        def items(ls):
            n = 1
            for l in ls:
                n *= l
            return n
        ones = [1] * len(legal[0])
        chosen = [ones, max(legal, key=lambda ls: (items(ls), ls))]
        usual = [ls for ls in legal if items(ls) in (4, 8, 16, 64)]
        if usual:
            chosen.append(rng.choice(usual))
        chosen.append(rng.choice(legal))
        unique = []
        for ls in chosen:
            if ls not in unique:
                unique.append(ls)
        return unique

    def all_powers_of_two(self):
        return all(l & (l - 1) == 0 for ls in self.locals for l in ls)


class Kernel:
    """One random kernel: parameters, prologue, body, stores."""

    def __init__(self, seed, features):
        self.rng = random.Random(seed)
        self.seed = seed
        self.feat = set(features)
        self.used = set()           # features the kernel really uses
        self.pocl = True
        self.pocl_why = []
        self.params = []            # (declaration, kw-run spec)
        self.local_decls = []       # kernel-scope __local declarations
        self.body = []
        self.indent = 1
        self.vars = {"uint": [], "int": [], "float": []}
        self.vecs = {}              # vector variable -> (type, output buffer)
        self.readonly = []          # loop counters: (name, type)
        self.inputs = {}            # OpenCL element type -> parameter name
        self.tiles = {}             # element type -> __local array name
        self.names = 0
        dims = self.rng.choice([1, 1, 2, 3]) if "ids" in self.feat else 1
        self.launch = Launch(self.rng, dims)
        # Early returns and barriers do not mix (every item must reach
        # every barrier): a kernel has one or the other.
        self.barriers = "local" in self.feat and self.rng.random() < 0.6
        self.returns = ("branch" in self.feat and not self.barriers
                        and self.rng.random() < 0.4)
        # Small kernels (most of their work-item loops vectorize, and they
        # are quick to read) and larger ones: statements and nesting.
        self.size = self.rng.choice(["small", "small", "medium", "large"])
        self.statements = {"small": (2, 4), "medium": (4, 8), "large": (8, 12)}[self.size]
        self.max_depth = {"small": 2, "medium": 3, "large": 3}[self.size]
        # One kernel in four may call math that pocl need not match.
        self.inexact = self.rng.random() < 0.25
        # __global atomics keep a region scalar (LV does not widen them):
        # in one kernel in four, so that most regions are vectorized.
        self.gatomics = "atomics" in self.feat and self.rng.random() < 0.25
        # A global offset (kw-run --offset) in one kernel in five: the ids
        # then subtract get_global_offset().
        self.offset = None
        if "ids" in self.feat and self.rng.random() < 0.2:
            self.offset = [self.rng.choice([0, 1, 5, 64]) for _ in self.launch.glob]

    # ---- small helpers -------------------------------------------------

    def has(self, f):
        return f in self.feat

    def chance(self, p, feature=None):
        if feature is not None and feature not in self.feat:
            return False
        return self.rng.random() < p

    def fresh(self, prefix):
        self.names += 1
        return f"{prefix}{self.names}"

    def emit(self, line):
        self.body.append("  " * self.indent + line)

    def no_pocl(self, why):
        self.pocl = False
        if why not in self.pocl_why:
            self.pocl_why.append(why)

    # ---- parameters ----------------------------------------------------

    def add_param(self, decl, spec):
        self.params.append((decl, spec))

    def input(self, ctype):
        """The read-only buffer of this element type (made on first use)."""
        if ctype not in self.inputs:
            name = f"in_{ctype}"
            kwt, init = INPUT_TYPES[ctype]
            self.add_param(f"__global const {ctype} *{name}",
                           f"buf:{kwt}:{IN_LEN}:{init}")
            self.inputs[ctype] = name
        return self.inputs[ctype]

    def load(self, ctype, index):
        if ctype in ("uchar", "short", "ushort"):
            self.used.add("narrow")
        return f"{self.input(ctype)}[({index}) & {IN_LEN - 1}u]"

    # ---- ids -----------------------------------------------------------

    def prologue(self):
        """Per-dimension ids in the kernel's index type, the linear global
        id (the output slot), the linear local id and the group size."""
        self.idx = self.rng.choice(["size_t", "int", "uint"]) if self.has("ids") else "size_t"
        d = self.launch.dims
        for k in range(d):
            off = f" - get_global_offset({k})" if self.offset else ""
            self.emit(f"{self.idx} g{k} = get_global_id({k}){off};")
        self.used.add("ids")
        gs = [f"({self.idx})get_global_size({k})" for k in range(d)]
        lin = "g0"
        if d >= 2:
            lin = f"g0 + {gs[0]} * g1"
        if d == 3:
            lin = f"g0 + {gs[0]} * (g1 + {gs[1]} * g2)"
        self.emit(f"{self.idx} gid = {lin};")
        ls = [f"(uint)get_local_size({k})" for k in range(d)]
        llin = "(uint)get_local_id(0)"
        if d >= 2:
            llin += f" + {ls[0]} * (uint)get_local_id(1)"
        if d == 3:
            llin += f" + {ls[0]} * {ls[1]} * (uint)get_local_id(2)"
        self.emit(f"uint lin = {llin};")
        self.emit(f"uint lsz = {' * '.join(ls)};")

    def declare_vars(self):
        self.uniform_vars = []
        if self.chance(0.6):
            # values the whole group shares (one copy per group across
            # barriers); assigned in divergent code now and then too
            for _ in range(self.rng.randint(1, 2)):
                name = self.fresh("w")
                self.emit(f"uint {name} = {self.uniform_expr()};")
                self.uniform_vars.append(name)
                self.vars["uint"].append(name)
        for ty in ("uint", "int", "float"):
            for _ in range(self.rng.randint(1, 3)):
                name = self.fresh(ty[0])
                self.emit(f"{ty} {name} = {self.initial(ty)};")
                self.vars[ty].append(name)
        if self.has("vectors") and self.chance(0.5):
            for vty in self.rng.sample(["float4", "uint4", "int2", "uchar4"], 2):
                self.declare_vector(vty)

    def initial(self, ty):
        r = self.rng
        src = r.choice(["id", "load", "const"])
        if src == "load" and self.has("arith"):
            # never a float into an unsigned integer (negative: undefined)
            kinds = ["int", "float"] if ty == "float" else ["int", "uint"]
            return self.cast(ty, self.load(r.choice(kinds), self.id_index()))
        if src == "id":
            return self.cast(ty, self.id_leaf())
        return self.literal(ty)

    def cast(self, ty, e):
        if ty == "float":
            return f"clamp((float)({e}), -{FLOAT_BOUND}, {FLOAT_BOUND})"
        return f"({ty})({e})"

    def id_leaf(self):
        """A work-item query (any dimension: past work_dim they are 0 or 1)
        or one of the prologue's ids, as a uint."""
        r = self.rng
        d = self.launch.dims
        k = r.randrange(d) if r.random() < 0.9 else r.randrange(3)
        q = r.choice(["get_global_id", "get_local_id", "get_group_id",
                      "get_local_size", "get_num_groups", "get_global_size",
                      "prologue", "prologue", "prologue"])
        if q == "prologue":
            return r.choice(["(uint)gid", "lin", "lsz", f"(uint)g{r.randrange(d)}"])
        return f"(uint){q}({k})"

    def id_index(self):
        r = self.rng
        if r.random() < 0.15:
            # the same word for every work item: a lane-invariant load
            # (read once before the lanes where that is safe), sometimes
            # through an index loaded itself: in[in_uint[c] & mask]
            if r.random() < 0.3:
                return f"{self.input('uint')}[{r.randrange(0, 64)}]"
            return r.choice([self.uniform_expr(), str(r.randrange(0, 64))])
        return r.choice(["gid", "gid", "lin", f"gid + {r.randrange(1, 9)}",
                         f"gid * {r.choice([2, 3, 4, 7])}",
                         f"{self.launch.total - 1} - gid",
                         f"g0 * {r.randrange(1, 5)} + {r.randrange(0, 5)}"])

    # ---- expressions ---------------------------------------------------

    def literal(self, ty):
        r = self.rng
        if ty == "float":
            return r.choice(["0.0f", "1.0f", "-1.0f", "0.5f", "2.0f", "-3.25f",
                             "0.125f", "100.0f", "-0.75f", "7.0f"])
        if ty == "uint":
            return r.choice(["0u", "1u", "3u", "7u", "255u", "0xffffffffu",
                             "0x80000000u", "12345u", "0x9e3779b9u", "65535u"])
        return r.choice(["0", "1", "-1", "5", "-17", "255", "1000",
                         "0x7fffffff", "(int)0x80000000u", "-65536"])

    def leaf(self, ty):
        r = self.rng
        own = self.vars[ty] + [n for n, t in self.readonly if t == ty]
        kinds = ["var"] * 4 + ["lit", "id"]
        if self.has("gather") or self.has("arith"):
            kinds.append("load")
        k = r.choice(kinds)
        if k == "var" and own:
            return r.choice(own)
        if k == "load":
            return self.load_leaf(ty)
        if k == "id" and ty != "float":
            return self.cast(ty, self.id_leaf())
        return self.literal(ty)

    def load_leaf(self, ty):
        r = self.rng
        if ty == "float":
            src = "float"
        else:
            src = r.choice(["int", "uint"] +
                           (["uchar", "short", "ushort"] if self.has("narrow") else []))
        if self.has("gather") and r.random() < 0.5:
            index = self.uexpr(1)           # a computed index: a gather
            self.used.add("gather")
        else:
            index = self.id_index()
        return self.cast(ty, self.load(src, index))

    def expr(self, ty, depth):
        return {"uint": self.uexpr, "int": self.iexpr, "float": self.fexpr}[ty](depth)

    def uexpr(self, depth):
        r = self.rng
        if depth <= 0 or r.random() < 0.25 or not self.has("arith"):
            return self.leaf("uint")
        self.used.add("arith")
        a = lambda: self.uexpr(depth - 1)
        forms = [
            lambda: f"({a()} {r.choice(['+', '-', '*', '&', '|', '^'])} {a()})",
            lambda: f"({a()} {r.choice(['<<', '>>'])} ({a()} & 31u))",
            lambda: f"({a()} {r.choice(['<<', '>>'])} {a()})",  # OpenCL masks
            lambda: f"({a()} {r.choice(['/', '%'])} ({a()} | 1u))",
            lambda: f"({self.cond(depth - 1)} ? {a()} : {a()})",
            lambda: f"(uint)({self.iexpr(depth - 1)})",
            # 64-bit arithmetic, truncated
            lambda: f"(uint)(((ulong){a()} * (ulong){a()}) >> {r.randrange(0, 40)})",
        ]
        if self.has("narrow"):
            forms.append(lambda: f"(uint)({r.choice(['uchar', 'ushort', 'char', 'short'])})({a()} {r.choice(['+', '*', '-'])} {a()})")
            forms.append(lambda: f"(uint)convert_{r.choice(['uchar', 'ushort', 'char', 'short'])}_sat({self.iexpr(depth - 1)})")
        if self.has("math"):
            forms.append(lambda: f"as_uint({self.fexpr(depth - 1)})")
            forms.append(lambda: f"(uint)convert_int_sat({self.fexpr(depth - 1)})")
        if self.has("builtins"):
            forms += [lambda: self.ubuiltin(a)] * 3
        return r.choice(forms)()

    def ubuiltin(self, a):
        r = self.rng
        self.used.add("builtins")
        f = r.choice(["min", "max", "clamp", "rotate", "clz", "popcount",
                      "mul_hi", "abs_diff", "add_sat", "sub_sat", "hadd",
                      "rhadd", "mad24", "mul24", "select", "upsample", "mad_hi",
                      "bitselect"])
        if f in ("clz", "popcount"):
            return f"{f}({a()})"
        if f == "clamp":
            lo, hi = sorted(r.sample(range(0, 5000), 2))
            return f"clamp({a()}, {lo}u, {hi}u)"
        if f in ("mad24", "mul24"):
            # 16-bit operands: the product fits in 32 bits (a 24x24-bit one
            # need not, and pocl's mul24 takes the overflow as undefined)
            extra = f", {a()}" if f == "mad24" else ""
            return f"{f}({a()} & 0xffffu, {a()} & 0xffffu{extra})"
        if f in ("select", "mad_hi", "bitselect"):
            return f"{f}({a()}, {a()}, {a()})"
        if f == "upsample":
            return f"upsample((ushort){a()}, (ushort){a()})"
        return f"{f}({a()}, {a()})"

    def iexpr(self, depth):
        r = self.rng
        if depth <= 0 or r.random() < 0.25 or not self.has("arith"):
            return self.leaf("int")
        self.used.add("arith")
        a = lambda: self.iexpr(depth - 1)
        u = lambda: self.uexpr(depth - 1)
        forms = [
            # +, -, * wrap in uint (no signed overflow)
            lambda: f"(int)((uint){a()} {r.choice(['+', '-', '*'])} (uint){a()})",
            lambda: f"({a()} {r.choice(['&', '|', '^'])} {a()})",
            lambda: f"({a()} >> ({u()} & 31u))",
            lambda: f"({a()} {r.choice(['/', '%'])} ((int)({u()} & 255u) + 1))",
            lambda: f"({a()} {r.choice(['<', '>', '<=', '>=', '==', '!='])} {a()})",
            lambda: f"({self.cond(depth - 1)} ? {a()} : {a()})",
            lambda: f"(int){u()}",
        ]
        if self.has("math"):
            # inside int range first (a float expression may reach 1e12)
            forms.append(lambda: f"convert_int{r.choice(['', '_rte', '_rtz', '_rtp', '_rtn'])}(clamp({self.fexpr(depth - 1)}, -2.0e9f, 2.0e9f))")
            forms.append(lambda: f"convert_int_sat({self.fexpr(depth - 1)})")
            forms.append(lambda: f"(int)clamp({self.fexpr(depth - 1)}, -2.0e9f, 2.0e9f)")
        if self.has("builtins"):
            forms += [lambda: self.ibuiltin(a)] * 3
        return r.choice(forms)()

    def ibuiltin(self, a):
        r = self.rng
        self.used.add("builtins")
        f = r.choice(["min", "max", "clamp", "abs", "abs_diff", "add_sat",
                      "sub_sat", "hadd", "rhadd", "mul_hi", "clz", "popcount",
                      "rotate", "select", "mul24"])
        if f in ("clz", "popcount"):
            return f"{f}({a()})"
        if f == "abs" and not self.inexact:
            # pocl 3.1 folds abs() of a constant INT_MIN to 0 (2^31 is
            # right): kernels compared with pocl never pass it INT_MIN
            return f"(int)abs({a()} | 1)"
        if f == "abs_diff" and not self.inexact:
            # pocl 3.1 gets abs_diff wrong when the difference passes
            # INT_MAX (abs_diff(5, INT_MIN) gave 0, not 2147483653; seed
            # 11082): halved operands in kernels compared with pocl
            return f"(int)abs_diff({a()} >> 1, {a()} >> 1)"
        if f in ("abs", "abs_diff"):
            args = a() if f == "abs" else f"{a()}, {a()}"
            return f"(int){f}({args})"
        if f == "clamp":
            lo, hi = sorted(r.sample(range(-3000, 3000), 2))
            return f"clamp({a()}, {lo}, {hi})"
        if f == "select":
            return f"select({a()}, {a()}, {a()})"
        if f == "mul24":
            # 15-bit signed operands (sign-extended low bits): the product
            # fits in an int (pocl folds a signed overflow in mul24 as
            # undefined: convert_uchar_sat(mul24(50000, 50000)) gave a
            # value outside 0..255, seed 4044)
            return f"mul24((int)((uint){a()} << 17) >> 17, (int)((uint){a()} << 17) >> 17)"
        return f"{f}({a()}, {a()})"

    def fexpr(self, depth):
        r = self.rng
        if depth <= 0 or r.random() < 0.25 or not self.has("arith"):
            return self.leaf("float")
        self.used.add("arith")
        depth = min(depth, 2)   # at most 4 leaves of |x| <= 1000: no overflow
        a = lambda: self.fexpr(depth - 1)
        forms = [
            lambda: f"({a()} {r.choice(['+', '-', '*'])} {a()})",
            lambda: f"({a()} / (fabs({a()}) + 1.0f))",
            lambda: f"({self.cond(depth - 1)} ? {a()} : {a()})",
            lambda: f"(float)({self.iexpr(depth - 1)} % 4096)",
            lambda: f"convert_float({self.uexpr(depth - 1)} & 0xffffu)",
            # through double: exact products, one rounding to float
            lambda: f"(float)((double){a()} * (double){a()} {r.choice(['+', '-'])} (double){a()})",
        ]
        if self.has("math"):
            forms += [lambda: self.fbuiltin(a)] * 3
        return r.choice(forms)()

    def fbuiltin(self, a):
        r = self.rng
        self.used.add("math")
        f = r.choice(["fabs", "floor", "ceil", "trunc", "rint", "round",
                      "fmin", "fmax", "copysign", "sqrt", "fma", "select",
                      "fdim", "step", "maxmag", "minmag", "sign"] +
                     (["exp", "log", "sin", "cos", "mad"] if self.inexact else []))
        if f in ("fabs", "floor", "ceil", "trunc", "rint", "round", "sign"):
            return f"{f}({a()})"
        if f == "sqrt":
            return f"sqrt(fabs({a()}))"
        if f in ("fma",):
            return f"fma({a()}, {a()}, {a()})"
        if f == "select":
            return f"select({a()}, {a()}, ({self.iexpr(1)}) & 1)"
        if f in ("exp", "log", "sin", "cos", "mad"):
            self.no_pocl(f"{f} (kernel-wrap's own or fused: may differ from pocl by an ulp)")
            if f == "exp":
                return f"exp(clamp({a()}, -10.0f, 10.0f))"
            if f == "log":
                return f"log(fabs({a()}) + 1.0f)"
            if f == "mad":
                return f"mad({a()}, {a()}, {a()})"
            return f"{f}({a()})"
        if f in ("fmin", "fmax", "maxmag", "minmag"):
            return f"{f}({self.nz(a())}, {self.nz(a())})"
        return f"{f}({a()}, {a()})"

    def nz(self, e):
        """e, with -0 made +0 in kernels compared with pocl: fmin(+0, -0)
        may be either zero (OpenCL, IEEE maxNum), pocl picks the other one
        (x + 0.0f is +0 for both zeros; LLVM does not fold it away)."""
        return e if self.inexact else f"({e} + 0.0f)"

    def cond(self, depth):
        r = self.rng
        k = r.random()
        if k < 0.3:
            return self.id_cond()
        if k < 0.45 and depth > 0:
            return f"({self.cond(depth - 1)} {r.choice(['&&', '||'])} {self.cond(depth - 1)})"
        ty = r.choice(["uint", "int", "float"])
        if ty == "uint" and r.random() < 0.4:
            return f"(({self.uexpr(depth)} & {r.choice([1, 3, 7])}u) == 0u)"
        op = r.choice(["<", ">", "<=", ">=", "==", "!="])
        return f"({self.expr(ty, depth)} {op} {self.expr(ty, depth)})"

    def id_cond(self):
        r = self.rng
        return r.choice([
            f"((lin & {r.choice([1, 3, 7])}u) == {r.choice([0, 1])}u)",
            f"(lin < lsz / 2u)",
            f"(gid < {r.randrange(1, self.launch.total)})",
            f"(((uint)get_group_id(0) & 1u) == 0u)",
            f"((uint)get_local_id({r.randrange(self.launch.dims)}) > {r.randrange(0, 8)}u)",
            f"(((uint)gid % {r.choice([3, 5, 7])}u) == 0u)",
        ])

    def uniform_expr(self):
        """A uint every work item of a group computes alike."""
        r = self.rng
        leaves = ["(uint)get_group_id(0)", "lsz", "(uint)na", "(uint)get_num_groups(0)",
                  f"(uint)get_group_id({r.randrange(self.launch.dims)})",
                  f"{r.randrange(1, 100)}u"] + self.uniform_vars
        a, b = r.choice(leaves), r.choice(leaves)
        return r.choice([f"{a} * {r.choice([3, 7, 31])}u + {b}", f"({a} ^ {b})",
                         f"({a} << {r.randrange(1, 5)})", f"{a} + {b}", a])

    def uniform_cond(self):
        """A condition every work item of a group agrees on."""
        r = self.rng
        return r.choice([
            "(((uint)get_group_id(0) & 1u) == 0u)",
            f"(lsz > {r.choice([1, 4, 8, 16])}u)",
            f"(na > {r.randrange(0, 100)})",
            "((uint)get_num_groups(0) > 1u)",
            f"((uint)get_group_id({r.randrange(self.launch.dims)}) < {r.randrange(1, 4)}u)",
            # loaded, the same word for everyone
            f"(({self.input('uint')}[{r.randrange(0, 64)}] & 1u) == 0u)",
        ])

    # ---- statements ----------------------------------------------------

    def assign(self, ty=None):
        ty = ty or self.rng.choice(["uint", "int", "float"])
        v = self.rng.choice(self.vars[ty])
        e = self.expr(ty, self.rng.randint(1, 3))
        if ty == "float":
            op = self.rng.choice(["", "+", "-"])
            rhs = f"{v} {op} {e}" if op else e
            self.emit(f"{v} = clamp({rhs}, -{FLOAT_BOUND}, {FLOAT_BOUND});")
        elif ty == "uint":
            self.emit(f"{v} {self.rng.choice(['=', '+=', '^=', '*=', '-='])} {e};")
        else:
            op = self.rng.choice(["", "+", "^"])
            if op == "+":
                self.emit(f"{v} = (int)((uint){v} + (uint)({e}));")
            elif op == "^":
                self.emit(f"{v} ^= {e};")
            else:
                self.emit(f"{v} = {e};")

    def block(self, n, ctx):
        for _ in range(n):
            self.stmt(ctx)

    def nested(self, header, n, ctx, tail=None):
        self.emit(header + " {")
        self.indent += 1
        self.block(n, ctx)
        if tail:
            tail()
        self.indent -= 1
        self.emit("}")

    def stmt(self, ctx):
        """One statement. ctx: depth (nesting), uniform (all items of the
        group run it: barriers allowed), loop (break allowed)."""
        r = self.rng
        options = [("assign", 6), ("store", 1)]
        deep = ctx["depth"] < self.max_depth
        if deep and self.has("branch"):
            options.append(("if", 3))
        if deep and self.has("loops"):
            options += [("loop", 2), ("while", 1)]
        if self.returns:
            options.append(("return", 1))
        if ctx["loop"]:
            options += [("break", 1), ("continue", 1)]
        if self.has("private") and deep:
            options.append(("private", 1))
        if self.gatomics:
            options.append(("gatomic", 1))
        if self.vecs:
            options.append(("vector", 2))
        if ctx["uniform"] and self.barriers:
            options += [("neighbour", 3), ("reduce", 2), ("gneighbour", 1)]
            if self.has("atomics"):
                options.append(("latomic", 2))
            if deep:
                options += [("uloop", 2), ("uif", 1)]
        kinds = [k for k, w in options for _ in range(w)]
        getattr(self, "s_" + r.choice(kinds))(ctx)

    def sub(self, ctx, **changes):
        c = dict(ctx)
        c["depth"] += 1
        c.update(changes)
        return c

    def s_assign(self, ctx):
        if self.uniform_vars and self.chance(0.3):
            w = self.rng.choice(self.uniform_vars)
            if ctx["uniform"] or self.chance(0.3):
                self.emit(f"{w} = {self.uniform_expr()};")
                return
        self.assign()

    def s_store(self, ctx):
        """A store to the item's own slot of out_cond, often under a
        divergent condition or in a loop (masked stores)."""
        slot = self.rng.randrange(2)
        op = self.rng.choice(["=", "+=", "^="])
        self.emit(f"out_cond[gid * 2 + {slot}] {op} {self.uexpr(2)};")

    def s_continue(self, ctx):
        self.emit(f"if {self.cond(1)} continue;")

    def s_if(self, ctx):
        self.used.add("branch")
        inner = self.sub(ctx, uniform=False)
        self.nested(f"if {self.cond(2)}", self.rng.randint(1, 3), inner)
        if self.chance(0.5):
            self.nested("else", self.rng.randint(1, 2), inner)

    def s_loop(self, ctx):
        """A loop with a per-item, data-dependent trip count (bounded)."""
        self.used.add("loops")
        r = self.rng
        k = self.fresh("k")
        bound = f"({self.uexpr(2)} & {r.choice([3, 7, 15])}u)"
        inner = self.sub(ctx, uniform=False, loop=True)
        start, step = "0u", f"++{k}"
        if self.chance(0.3):
            start = f"({self.uexpr(1)} & 3u)"   # before k exists
            step = f"{k} += {r.choice([1, 2, 3])}u"
        self.readonly.append((k, "uint"))

        def body_end():
            if self.chance(0.5):
                # the lockstep shape: items read consecutive words for a
                # fixed counter (a column-major row), in[k * stride + gid]
                stride = r.choice([self.launch.total, 64, "lsz"])
                src = r.choice(["int", "uint"])
                v = r.choice(self.vars["uint"])
                self.emit(f"{v} += (uint){self.load(src, f'{k} * {stride} + gid')};")
                self.used.add("gather")
            if self.chance(0.4):
                self.emit(f"if {self.cond(1)} break;")
        self.nested(f"for (uint {k} = {start}; {k} < {bound}; {step})",
                    r.randint(1, 3), inner, body_end)
        self.readonly.pop()

    def s_while(self, ctx):
        """A loop on a float condition, bounded by a counter (counted in the
        condition, which a `continue` does not skip)."""
        self.used.add("loops")
        r = self.rng
        f = r.choice(self.vars["float"])
        it = self.fresh("it")
        self.emit(f"int {it} = 0;")
        inner = self.sub(ctx, uniform=False, loop=True)

        def step():
            self.emit(f"{f} = {f} * {r.choice(['0.5f', '0.75f', '-0.5f'])} - {r.choice(['0.25f', '1.0f', '0.0f'])};")
        self.nested(f"while (fabs({f}) > {r.choice(['1.0f', '2.0f', '0.5f'])} && {it}++ < {r.choice([4, 8, 12])})",
                    r.randint(0, 2), inner, step)

    def s_break(self, ctx):
        self.emit(f"if {self.cond(1)} break;")

    def s_return(self, ctx):
        """An early return: the outputs first (kernels with returns have no
        barriers)."""
        self.used.add("branch")
        self.emit(f"if {self.cond(1)} {{")
        self.indent += 1
        self.stores()
        self.emit("return;")
        self.indent -= 1
        self.emit("}")

    def s_private(self, ctx):
        """A private array written and read at data-dependent indices."""
        self.used.add("private")
        r = self.rng
        ty = r.choice(["uint", "int"])
        p, t = self.fresh("pa"), self.fresh("t")
        n = r.choice([4, 8, 16])
        self.emit(f"{ty} {p}[{n}];")
        self.readonly.append((t, "uint"))
        self.emit(f"for (uint {t} = 0u; {t} < {n}u; ++{t}) {p}[{t}] = {self.cast(ty, self.uexpr(1))};")
        self.readonly.pop()
        self.emit(f"{p}[{self.uexpr(1)} & {n - 1}u] = {self.expr(ty, 1)};")
        v = r.choice(self.vars[ty])
        self.emit(f"{v} ^= {p}[{self.uexpr(2)} & {n - 1}u];")

    def s_gatomic(self, ctx):
        """An atomic on a __global word: each kind of operation on words of
        its own, so the final values do not depend on the order."""
        self.used.add("atomics")
        r = self.rng
        ty = r.choice(["int", "uint"])
        buf = self.atomic_buffer(ty)
        kind = r.randrange(6)
        op = ["add", "min", "max", "or", "xor", "and"][kind]
        word = f"{kind * 4}u + ({self.uexpr(1)} & 3u)"
        self.atomic(f"&{buf}[{word}]", op, ty)

    def atomic(self, addr, op, ty):
        r = self.rng
        val = self.cast(ty, self.uexpr(1))
        if op == "add":
            op = r.choice(["add", "sub", "inc", "dec"])
            if op in ("add", "sub"):   # keep the sums small
                val = self.cast(ty, f"{self.uexpr(1)} & 1023u")
        call = f"atomic_{op}({addr})" if op in ("inc", "dec") else f"atomic_{op}({addr}, {val})"
        if self.chance(0.5):
            self.emit(f"if {self.cond(1)} {call};")
        else:
            self.emit(f"{call};")

    def atomic_buffer(self, ty):
        name = f"acc_{ty}"
        if not any(d.endswith("*" + name) for d, _ in self.params):
            self.add_param(f"__global {ty} *{name}", f"buf:{KW_TYPE[ty]}:24:{INPUT_TYPES[ty][1]}")
        return name

    # -- vectors

    def declare_vector(self, vty):
        name = self.fresh("v")
        base = vty.rstrip("24")
        n = int(vty[-1])
        init = {
            "float4": lambda: f"vload4({self.id_index()} & {IN_LEN // 4 - 1}u, {self.input('float')})",
            "uint4": lambda: f"vload4({self.id_index()} & {IN_LEN // 4 - 1}u, {self.input('uint')})",
            "int2": lambda: f"vload2({self.id_index()} & {IN_LEN // 2 - 1}u, {self.input('int')})",
            "uchar4": lambda: f"vload4({self.id_index()} & {IN_LEN // 4 - 1}u, {self.input('uchar')})",
        }[vty]()
        self.emit(f"{vty} {name} = {init};")
        out = f"out_{name}"
        self.add_param(f"__global {base} *{out}", f"buf:{KW_TYPE[base]}:{self.launch.total * n}:zero")
        self.vecs[name] = (vty, out)
        self.used.add("vectors")

    def s_vector(self, ctx):
        r = self.rng
        name = r.choice(list(self.vecs))
        vty, _ = self.vecs[name]
        if r.random() < 0.5:
            self.vector_update(name, vty)
        else:
            self.vector_extract(name, vty)

    def vector_update(self, v, vty):
        r = self.rng
        if vty == "float4":
            s = self.fexpr(1)
            e = r.choice([
                f"{v} * ({s}) + {v}.wzyx",
                f"fmin({self.nz(v)}, {self.nz(v + '.yxwz')}) - (float4)({s}, 1.0f, -0.5f, {s})",
                f"fabs({v}) + convert_float4({self.vector_of('int4')})",
                f"floor({v}) * 0.5f + (float4)({s})",
                f"select({v}, {v}.zwxy, {v} < (float4)({s}))",
            ])
            self.emit(f"{v} = clamp({e}, -{FLOAT_BOUND}, {FLOAT_BOUND});")
        elif vty == "uint4":
            u = self.uexpr(1)
            e = r.choice([
                f"{v} * (uint4)({u}, 3u, 5u, 7u) + {v}.yzwx",
                f"rotate({v}, (uint4)({u})) ^ {v}.wzyx",
                f"max({v}, (uint4)({u})) >> (uint4)(1u, 2u, 3u, 4u)",
                f"convert_uint4_sat({self.vector_of('float4')})",
                f"popcount({v}) + clz({v}.zwxy)",
            ])
            self.emit(f"{v} = {e};")
        elif vty == "int2":
            i = self.iexpr(1)
            e = r.choice([
                f"as_int2(as_uint2({v}) + as_uint2((int2)({i}, -3)))",
                f"min({v}, {v}.yx) ^ (int2)({i})",
                f"abs_diff({v}, (int2)({i}, 7)) == (uint2)(0u) ? {v} : {v}.yx",
                f"convert_int2_sat(convert_float2({v}) * 0.5f)",
                f"clamp({v}, -1000, 1000) >> (int2)(1, 3)",
            ])
            self.emit(f"{v} = {e};")
        else:
            u = self.uexpr(1)
            e = r.choice([
                f"{v} + {v}.wzyx",
                f"convert_uchar4_sat(convert_int4({v}) - (int4)({u} & 255u))",
                f"max({v}, (uchar4)({u}))",
                f"rotate({v}, (uchar4)(1, 2, 3, 4))",
                f"as_uchar4(as_uint({v}) * 2654435761u)",
                f"convert_uchar4_sat({self.vector_of('float4')})",
            ])
            self.emit(f"{v} = {e};")

    def vector_of(self, vty):
        """A vector made of the kernel's scalars (for conversions)."""
        f = lambda: self.fexpr(1)
        if vty == "float4":
            return f"(float4)({f()}, {f()}, {f()}, {f()})"
        return f"(int4)({self.iexpr(1)}, {self.iexpr(1)}, -2, 9)"

    def vector_extract(self, v, vty):
        r = self.rng
        comp = r.choice(["x", "y"] if vty == "int2" else ["x", "y", "z", "w", "s2", "s3"])
        if vty == "float4":
            t = r.choice(self.vars["float"])
            self.emit(f"{t} = clamp({t} + {v}.{comp} - {v}.s0, -{FLOAT_BOUND}, {FLOAT_BOUND});")
        elif vty == "int2":
            t = r.choice(self.vars["int"])
            self.emit(f"{t} ^= {v}.{comp};")
        else:
            t = r.choice(self.vars["uint"])
            self.emit(f"{t} += (uint){v}.{comp};")

    # -- __local memory and barriers

    def tile(self, ty):
        """A __local array of LOCAL_MAX elements, one per work item: static
        or a __local pointer argument."""
        if ty not in self.tiles:
            name = f"tile_{ty}"
            if self.chance(0.4):
                self.add_param(f"__local {ty} *{name}", f"local:{LOCAL_MAX * 4}")
            else:
                self.local_decls.append(f"__local {ty} {name}[{LOCAL_MAX}];")
            self.tiles[ty] = name
        self.used.add("local")
        return self.tiles[ty]

    def barrier(self, fence="CLK_LOCAL_MEM_FENCE"):
        self.emit(f"barrier({fence});")

    def s_gneighbour(self, ctx):
        """The same through __global memory: each item writes its slot of
        its group's part of a scratch buffer, a barrier with a global fence,
        then reads another item's slot of the group."""
        r = self.rng
        if not hasattr(self, "scratch"):
            self.scratch = "scratch"
            self.add_param("__global uint *scratch", f"buf:u32:{self.launch.total}:zero")
            d = self.launch.dims
            grp = "(uint)get_group_id(0)"
            if d >= 2:
                grp += " + (uint)get_num_groups(0) * ((uint)get_group_id(1)"
                grp += " + (uint)get_num_groups(1) * (uint)get_group_id(2))" if d == 3 else ")"
            # declared with the ids: the first use may be in a nested block
            self.body.insert(self.prologue_end, f"  uint gbase = ({grp}) * lsz;")
        self.used.add("local")
        self.emit(f"scratch[gbase + lin] = {self.uexpr(2)};")
        self.barrier("CLK_GLOBAL_MEM_FENCE")
        nb = r.choice(["(lin + 1u) % lsz", "lsz - 1u - lin", f"({self.uexpr(1)}) % lsz"])
        v = r.choice(self.vars["uint"])
        self.emit(f"{v} += scratch[gbase + {nb}];")
        self.barrier("CLK_GLOBAL_MEM_FENCE")

    def s_neighbour(self, ctx):
        """Write my slot, barrier, read another item's, barrier."""
        r = self.rng
        ty = r.choice(["uint", "int", "float"])
        t = self.tile(ty)
        self.emit(f"{t}[lin] = {self.expr(ty, 2)};")
        self.barrier()
        nb = r.choice(["(lin + 1u) % lsz", "lsz - 1u - lin", "min(lin ^ 1u, lsz - 1u)",
                       f"(lin + {r.randrange(2, 9)}u) % lsz", "0u",
                       f"({self.uexpr(1)}) % lsz"])
        if self.chance(0.5):
            self.nested(f"if {self.cond(1)}", 0, ctx,
                        lambda: self.read_tile(t, ty, nb))
        else:
            self.read_tile(t, ty, nb)
        self.barrier()

    def read_tile(self, t, ty, index):
        v = self.rng.choice(self.vars[ty])
        if ty == "float":
            self.emit(f"{v} = clamp({v} + {t}[{index}], -{FLOAT_BOUND}, {FLOAT_BOUND});")
        elif ty == "int":
            self.emit(f"{v} = (int)((uint){v} + (uint){t}[{index}]);")
        else:
            self.emit(f"{v} ^= {t}[{index}];")

    def s_reduce(self, ctx):
        """A tree reduction over the group in __local memory."""
        r = self.rng
        ty = r.choice(["uint", "int", "float"])
        t = self.tile(ty)
        op = {"uint": ["+", "^", "max", "min"], "int": ["max", "min", "^", "+"],
              "float": ["+", "fmax", "fmin"]}[ty]
        op = r.choice(op)
        val = self.expr(ty, 2)
        if ty == "int" and op == "+":
            val = f"({val}) & 0xffff"   # no signed overflow in the sum
        if ty == "float" and op != "+":
            val = self.nz(val)
        self.emit(f"{t}[lin] = {val};")
        self.barrier()
        s = self.fresh("s")
        combine = (f"{t}[lin] {op}= {t}[lin + {s}];" if op in ("+", "^")
                   else f"{t}[lin] = {op}({t}[lin], {t}[lin + {s}]);")
        if self.launch.all_powers_of_two() and self.chance(0.5):
            self.emit(f"for (uint {s} = lsz / 2u; {s} > 0u; {s} >>= 1) {{")
            self.emit(f"  if (lin < {s}) {combine}")
        else:
            self.emit(f"for (uint {s} = 1u; {s} < lsz; {s} <<= 1) {{")
            self.emit(f"  if ((lin % (2u * {s})) == 0u && lin + {s} < lsz) {combine}")
        self.indent += 1
        self.barrier()
        self.indent -= 1
        self.emit("}")
        self.read_tile(t, ty, "0u")
        self.barrier()

    def s_latomic(self, ctx):
        """Atomics on __local words: zeroed, updated, read after barriers."""
        self.used.add("atomics")
        r = self.rng
        ty = r.choice(["int", "uint"])
        name = f"lacc_{ty}"
        decl = f"__local {ty} {name}[16];"
        if decl not in self.local_decls:
            self.local_decls.append(decl)
        self.used.add("local")
        t = self.fresh("t")
        self.emit(f"for (uint {t} = lin; {t} < 16u; {t} += lsz) {name}[{t}] = {self.literal(ty)};")
        self.barrier()
        op = r.choice(["add", "min", "max", "or", "xor", "and"])
        self.atomic(f"&{name}[{self.uexpr(1)} & 15u]", op, ty)
        self.barrier()
        v = r.choice(self.vars["uint"])
        self.emit(f"{v} ^= (uint){name}[{self.uexpr(1)} & 15u];")
        self.barrier()

    def s_uloop(self, ctx):
        """A loop every item of the group runs equally often, with barriers
        in its body."""
        self.used.add("local")
        r = self.rng
        k = self.fresh("r")
        bound = r.choice(["2", "3", "(na & 3)", "(int)(get_group_id(0) & 1u) + 1",
                          "(int)(lsz & 3u)", "shared"])
        if bound == "shared":
            # a trip count read from __local memory: the same for every
            # item, though only the data says so
            t, b = self.tile("uint"), self.fresh("rb")
            self.emit(f"{t}[lin] = {self.uexpr(2)};")
            self.barrier()
            self.emit(f"uint {b} = {t}[{r.choice(['0u', 'lsz - 1u', 'lsz / 2u'])}] & 3u;")
            self.barrier()
            bound = b
        self.readonly.append((k, "uint"))
        self.nested(f"for (uint {k} = 0u; {k} < (uint)({bound}); ++{k})",
                    r.randint(1, 3), self.sub(ctx, loop=False))
        self.readonly.pop()

    def s_uif(self, ctx):
        """A branch on a value the whole group shares, barriers inside.
        Not compared with pocl: pocl 3.1 runs the stores of divergent
        branches after such a barrier in work items whose condition is
        false (seed 5071; `if (group even) { barrier; if (gid % 3 == 0)
        if (x[gid] >= 0) out[gid] = 7; }` stores 7 at gid 2, 4, 5, ... and not at 36, 45)."""
        self.no_pocl("a barrier under a uniform branch (pocl 3.1 then runs "
                     "divergent branches in items whose condition is false)")
        self.nested(f"if {self.uniform_cond()}", self.rng.randint(1, 2), self.sub(ctx))
        if self.chance(0.5):
            self.nested("else", 1, self.sub(ctx))

    # ---- outputs -------------------------------------------------------

    def declare_outputs(self):
        """Per-item result buffers (one slot per variable) and the
        permutation's target, made before the body so that early returns
        can store."""
        total = self.launch.total
        self.outs = {}
        for ty in ("uint", "int", "float"):
            n = len(self.vars[ty])
            name = f"out_{ty}"
            self.add_param(f"__global {ty} *{name}", f"buf:{KW_TYPE[ty]}:{total * n}:zero")
            self.outs[ty] = (name, n)
        self.add_param("__global uint *out_cond", f"buf:u32:{total * 2}:zero")
        self.narrow = None
        if self.has("narrow") and self.chance(0.4):
            nt = self.rng.choice(["uchar", "short", "ushort"])
            self.narrow = (nt, f"out_{nt}")
            self.add_param(f"__global {nt} *out_{nt}", f"buf:{KW_TYPE[nt]}:{total}:zero")
        self.perm = None
        if self.has("gather") and self.chance(0.5):
            self.perm = self.permutation()
            self.add_param("__global uint *out_perm", f"buf:u32:{total}:zero")

    def permutation(self):
        """An expression in gid that maps [0, total) onto itself."""
        total = self.launch.total
        r = self.rng
        forms = [f"{total - 1}u - (uint)gid",
                 f"((uint)gid + {r.randrange(1, total)}u) % {total}u"]
        if self.launch.dims == 1:
            # each group's slice reversed (in 1D the groups tile the range)
            forms.append("(uint)get_group_id(0) * lsz + (lsz - 1u - lin)")
        if total & (total - 1) == 0:
            forms.append(f"((uint)gid ^ {r.randrange(1, total)}u)")
            forms.append(f"((uint)gid * {r.randrange(1, total) | 1}u) & {total - 1}u")
        return r.choice(forms)

    def stores(self):
        for ty, (name, n) in self.outs.items():
            for j, v in enumerate(self.vars[ty]):
                self.emit(f"{name}[gid * {n} + {j}] = {v};")
        for v, (vty, out) in self.vecs.items():
            n = int(vty[-1])
            self.emit(f"vstore{n}({v}, gid, {out});")
        if self.narrow:
            nt, out = self.narrow
            src = self.rng.choice(self.vars["int"])
            conv = self.rng.choice([f"convert_{nt}_sat({src})", f"({nt}){src}"])
            self.emit(f"{out}[gid] = {conv};")
        if self.perm:
            u = self.rng.choice(self.vars["uint"])
            self.emit(f"out_perm[{self.perm}] = {u} ^ (uint)gid;")
            self.used.add("gather")

    # ---- the whole kernel ------------------------------------------------

    def build(self):
        self.prologue()
        self.add_param("int na", f"i32:{self.rng.randrange(0, 100)}")
        self.declare_vars()
        self.declare_outputs()
        self.prologue_end = len(self.body)
        ctx = {"depth": 0, "uniform": True, "loop": False}
        self.block(self.rng.randint(*self.statements), ctx)
        if self.barriers and "local" not in self.used:
            self.s_reduce(ctx)     # a kernel meant to have barriers gets one
        self.stores()

    def source(self):
        params = ",\n          ".join(d for d, _ in self.params)
        lines = [f"// kernel-fuzz seed {self.seed} (kw_fuzz_gen.py); features: "
                 + ", ".join(sorted(self.used)),
                 "#pragma OPENCL FP_CONTRACT OFF",
                 f"__kernel void fz({params}) {{"]
        lines += ["  " + d for d in self.local_decls]
        lines += self.body
        lines.append("}")
        return "\n".join(lines) + "\n"

    def case(self):
        return {
            "seed": self.seed,
            "kernel": "fz",
            "dims": self.launch.dims,
            "global": self.launch.glob,
            "locals": self.launch.locals,
            "offset": self.offset,
            "args": [spec for _, spec in self.params],
            "names": [decl.split("*")[-1].split()[-1] for decl, _ in self.params],
            "pocl": self.pocl,
            "pocl_why": self.pocl_why,
            "features": sorted(self.used),
        }


def generate(seed, outdir, features=FEATURES):
    k = Kernel(seed, features)
    k.build()
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "kernel.cl"), "w") as f:
        f.write(k.source())
    with open(os.path.join(outdir, "case.json"), "w") as f:
        json.dump(k.case(), f, indent=1)
        f.write("\n")
    return k.case()


def parse_features(text):
    if text in (None, "", "all"):
        return list(FEATURES)
    names = [t for t in text.split(",") if t]
    bad = [t for t in names if t not in FEATURES]
    if bad:
        raise SystemExit(f"kw_fuzz_gen.py: unknown feature(s) {', '.join(bad)}; "
                         f"known: {', '.join(FEATURES)}")
    return names


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) for a in argv[1:] if a.startswith("--") and "=" in a)
    if len(args) != 2:
        print(__doc__)
        return 2
    generate(int(args[0]), args[1], parse_features(opts.get("features")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
