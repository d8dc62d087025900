#!/usr/bin/env python3
"""Inputs and expected results of new-builtins.cl, computed here from the
OpenCL C 1.2 definitions independently of the pass.
`new_builtins.py gen DIR N` writes the inputs; `new_builtins.py check DUMP N`
checks a kw-run --dump of newmath (exact but for the ulp tolerances named
below), `new_builtins.py halves DUMP N` one of halves."""
import math
import random
import struct
import sys
from decimal import Decimal, getcontext
from fractions import Fraction as Q

NF, NI, NL, ND = 24, 48, 4, 8
inf, nan = math.inf, math.nan


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0] if math.isfinite(v) \
        and abs(v) < 3.4028235677973366e38 else round_to(v, "rte")


def fbits(v):
    return struct.unpack("i", struct.pack("f", v))[0]


def dbits(v):
    return struct.unpack("q", struct.pack("d", v))[0]


def round_to(v, mode, mant=24, emin=-126, emax=127):
    """The exact value v (int, float or Fraction) rounded to a binary format."""
    if isinstance(v, float) and not math.isfinite(v):
        return v
    q = Q(v)
    if q == 0:
        return math.copysign(0.0, v) if isinstance(v, float) else 0.0
    s = -1 if q < 0 else 1
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Q(2) ** e > a:
        e -= 1
    while Q(2) ** (e + 1) <= a:
        e += 1
    e = max(e, emin)
    ulp = Q(2) ** (e - mant + 1)
    m = a / ulp
    fl = m.numerator // m.denominator
    rem = m - fl
    up = {"rte": rem > Q(1, 2) or (rem == Q(1, 2) and fl % 2 == 1),
          "rtz": False, "rtp": rem > 0 and s > 0, "rtn": rem > 0 and s < 0}[mode]
    r = (fl + up) * ulp
    if r >= Q(2) ** (emax + 1):
        big = {"rte": True, "rtz": False, "rtp": s > 0, "rtn": s < 0}[mode]
        r = None if big else (2 - Q(2) ** (1 - mant)) * Q(2) ** emax
        return s * inf if r is None else s * float(r)
    return s * float(r)


def to_int(x, mode, lo, hi):
    """x rounded as mode says and saturated to [lo, hi]; NaN -> 0."""
    if math.isnan(x):
        return 0
    if math.isinf(x):
        return hi if x > 0 else lo
    v = {"rte": round(Q(x)), "rtz": math.trunc(x), "rtp": math.ceil(x),
         "rtn": math.floor(x)}[mode]
    return max(lo, min(hi, v))


def sat(v, bits, signed):
    lo, hi = (-2 ** (bits - 1), 2 ** (bits - 1) - 1) if signed else (0, 2 ** bits - 1)
    return max(lo, min(hi, v))


def ul(v):
    """(ulong)v for an int v."""
    return v % 2 ** 64


def wrap(v, bits=32):
    return (v + 2 ** (bits - 1)) % 2 ** bits - 2 ** (bits - 1)


def gen(d, n):
    random.seed(24)
    edge_f = [0.0, -0.0, 1.0, -1.0, inf, -inf, nan, 1e-40, -1e-40, 0.5, -0.5,
              1.5, 2.5, -2.5, 3.5, 0.25, 0.75, -0.75, 2.0 ** 31, -2.0 ** 31,
              2147483520.0, 4294967296.0, 1e10, -1e10, 255.5, 127.5, -128.5,
              65535.5, -32768.5, 1e30, 3e38, -3e38, 1.17549435e-38, 1.4e-45,
              8388607.5, 16777216.0, -8388609.0, 0.4999999701976776, 7.0,
              -3.0, 1e-5, 123456.5, -0.0001]
    edge_i = [0, 1, -1, 2 ** 31 - 1, -2 ** 31, -2 ** 31 + 1, 127, 128, -128,
              -129, 255, 256, 32767, 32768, -32768, -32769, 65535, 65536,
              16777217, 16777216, 2 ** 24 + 3, -(2 ** 24 + 1), 2 ** 30 + 1,
              0x7fffffc0, 3, -5, 7, 319, -319]
    def rf(k):
        if k % 3 == 0:
            return f32(edge_f[(k // 3) % len(edge_f)])
        if k % 3 == 1:
            return f32(random.uniform(-8, 8))
        return f32(math.ldexp(random.uniform(-1, 1), random.randint(-150, 128)))
    fa = [rf(k) for k in range(4 * n + 8)]
    fb = [rf(k + 7) if k % 5 else f32(random.uniform(-1.2, 1.2))
          for k in range(4 * n + 8)]
    ia = [edge_i[k % len(edge_i)] if k % 2 == 0
          else random.randint(-2 ** 31, 2 ** 31 - 1) for k in range(8 * n + 16)]
    ib = [edge_i[(k * 7) % len(edge_i)] if k % 3 == 0
          else random.randint(-2 ** 31, 2 ** 31 - 1) for k in range(8 * n + 16)]
    for name, fmt, v in (("fa", "f", fa), ("fb", "f", fb), ("ia", "i", ia),
                         ("ib", "i", ib)):
        open(f"{d}/{name}.bin", "wb").write(struct.pack(f"{len(v)}{fmt}", *v))


def read(path):
    bufs = []
    for line in open(path).read().split("\n"):
        if not line:
            continue
        if line.startswith("arg"):
            bufs.append((line.split()[1], []))
            continue
        typ, vals = bufs[-1]
        vals.append(float.fromhex(line) if typ in ("f32", "f64") else int(line))
    return [v for _, v in bufs]


def ulps(g, w, mant=24):
    """Distance of g from w in units of w's last place (inf if a class differs)."""
    if math.isnan(w) or math.isnan(g):
        return 0 if math.isnan(w) and math.isnan(g) else inf
    if math.isinf(w) or math.isinf(g) or w == 0 or g == 0:
        return 0 if g == w and math.copysign(1, g) == math.copysign(1, w) else inf
    e = max(math.frexp(w)[1], -125 if mant == 24 else -1021)
    return abs(g - w) / math.ldexp(1, e - mant)


def frexp_ref(x):
    if x == 0 or not math.isfinite(x):
        return x, 0
    return math.frexp(x)


def remquo_ref(x, y, mant=24):
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0:
        return nan, 0
    if math.isinf(y):
        return x, 0
    qx, qy = Q(x), Q(y)
    t = qx / qy
    k = math.floor(t)
    if t - k > Q(1, 2) or (t - k == Q(1, 2) and k % 2):
        k += 1
    r = qx - k * qy
    r = float(r) if r != 0 else math.copysign(0.0, x)
    qq = abs(k) % 128
    return r, -qq if (x < 0) != (y < 0) and qq else qq


def sinpi_ref(x):
    """sin(pi x), cos(pi x) with the exact reduction x = n/2 + r."""
    if not math.isfinite(x):
        return nan, nan
    q = Q(x)
    n = round(2 * q)
    r = float(q - Q(n, 2))
    s, c = math.sin(math.pi * r), math.cos(math.pi * r)
    vals = [s, c, -s, -c]
    sp, cp = vals[n % 4], vals[(n + 1) % 4]
    sp = math.copysign(0.0, x) if sp == 0 else sp
    return sp, (0.0 if cp == 0 else cp)


def rootn_ref(x, n):
    if n == 0 or (x < 0 and n % 2 == 0) or math.isnan(x):
        return nan
    if x == 0:
        r = inf if n < 0 else 0.0
    elif math.isinf(x):
        r = 0.0 if n < 0 else inf
    else:
        getcontext().prec = 60
        r = float(Decimal(abs(x)) ** (Decimal(1) / Decimal(n)))
    return math.copysign(r, x) if n % 2 else r


def lgamma_ref(x):
    if math.isnan(x):
        return nan, 1
    if math.isinf(x):
        return inf, 1
    if x <= 0 and x == math.floor(x):
        return inf, -1 if x == 0 and math.copysign(1, x) < 0 else 1
    sign = 1
    if x < 0 and math.floor(x) % 2 == 1:
        sign = -1
    return math.lgamma(x), sign


def as_f(i):
    return struct.unpack("f", struct.pack("i", wrap(i)))[0]


def pack(vals, fmt):
    return struct.unpack("i", struct.pack(fmt, *vals))[0]


def shuffle_ref(src, mask):
    return [src[m % len(src)] for m in mask]


def floats_wanted(x, y, a, b, fa4, k):
    fr = frexp_ref(x)
    mf = math.modf(x) if math.isfinite(x) else ((math.copysign(0.0, x), x)
                                                 if math.isinf(x) else (nan, nan))
    fl = float(math.floor(x)) if math.isfinite(x) and x != 0 else x
    fract = (min(x - fl, 1 - 2 ** -24) if math.isfinite(x) and x != 0 else
             (nan if math.isnan(x) else math.copysign(0.0, x)))
    n, rn = b % 6 if b >= 0 else -((-b) % 6), b % 5 if b >= 0 else -((-b) % 5)
    if n == 0:
        pw = 1.0
    else:
        try:
            pw = float(Q(x) ** n) if math.isfinite(x) and x != 0 else x ** n
        except (OverflowError, ZeroDivisionError):
            pw = math.copysign(inf, x) if n % 2 else inf
        except ValueError:
            pw = nan
    sp, cp = sinpi_ref(x)
    tp = sp / cp if cp != 0 else (math.copysign(inf, sp) if sp == sp else nan)
    asp = math.asin(y) / math.pi if abs(y) <= 1 else nan
    acp = math.acos(y) / math.pi if abs(y) <= 1 else nan
    m4 = frexp_ref(fa4[3])[0]
    fl2 = (float(math.floor(fa4[2])) if math.isfinite(fa4[2]) and fa4[2] != 0
           else fa4[2])
    fr2 = (min(fa4[2] - fl2, 1 - 2 ** -24) if math.isfinite(fa4[2]) and fa4[2] != 0
           else (nan if math.isnan(fa4[2]) else math.copysign(0.0, fa4[2])))
    # (value, tolerance in ulps)
    return [(fr[0], 0), (mf[0], 0), (mf[1], 0), (f32(fract), 0), (fl, 0),
            (math.sin(x) if math.isfinite(x) else nan, 1),
            (math.cos(x) if math.isfinite(x) else nan, 1),
            (f32(remquo_ref(x, y)[0]), 0), (f32(lgamma_ref(x)[0]), 2),
            (ldexp_ref(x, k), 0),
            (f32(pw) if pw == pw else pw, 1), (f32(rootn_ref(x, rn)), 1),
            (f32(sp), 1), (f32(cp), 1), (f32(tp) if tp == tp else tp, 1),
            (f32(asp), 1), (f32(acp), 1), (f32(math.atan(x) / math.pi), 1),
            (f32(math.atan2(x, y) / math.pi) if not (math.isnan(x) or
                                                    math.isnan(y)) else nan, 1),
            (m4, 0), (ldexp_ref(fa4[1], k), 0),
            (f32(fr2), 0), (fl2, 0), (round_to(a, "rtz"), 0)]


def ldexp_ref(x, k, mant=24, emin=-126, emax=127):
    if x == 0 or not math.isfinite(x):
        return x
    return round_to(Q(x) * Q(2) ** k, "rte", mant, emin, emax)


def ilogb_ref(x):
    if math.isnan(x) or math.isinf(x):
        return 2 ** 31 - 1
    return -2 ** 31 if x == 0 else math.frexp(x)[1] - 1


def ints_wanted(x, y, a, b, fa4, fb4, ia8, k, ia_i, ib_i):
    ua, ub = a % 2 ** 32, b % 2 ** 32
    c = 0.0 if math.isnan(x) else min(max(x, -1e9), 1e9)
    d = Q(x) * Q(y) if math.isfinite(x * y) and x * y != 0 else x * y
    dconv = lambda m: fbits(round_to(d, m) if not isinstance(d, float)
                            else f32(d))
    lgs = lgamma_ref(x)[1]
    w = [frexp_ref(x)[1], remquo_ref(x, y)[1], lgs, ilogb_ref(x),
         wrap(0x7fc00000 | (ua & 0xffff)), frexp_ref(fa4[3])[1],
         ilogb_ref(fa4[1]),
         to_int(x, "rtz", -128, 127), to_int(x, "rte", 0, 255),
         to_int(x, "rtp", -32768, 32767), to_int(x, "rtn", 0, 65535),
         to_int(x, "rtz", -2 ** 31, 2 ** 31 - 1),
         to_int(x, "rte", -2 ** 31, 2 ** 31 - 1),
         wrap(to_int(x, "rtp", 0, 2 ** 32 - 1)),
         to_int(x, "rtn", -2 ** 31, 2 ** 31 - 1),
         to_int(c, "rte", -2 ** 31, 2 ** 31), to_int(c, "rtp", -2 ** 31, 2 ** 31),
         to_int(c, "rtn", -2 ** 31, 2 ** 31), to_int(c, "rtz", -2 ** 31, 2 ** 31),
         sat(a, 8, True), sat(a, 8, False), sat(a, 16, True), sat(ua, 16, False),
         wrap(sat(a, 32, False)), sat(ua, 32, True), sat(a * b, 32, True),
         wrap(sat(a * b, 32, False)),
         fbits(round_to(a, "rtp")), fbits(round_to(a, "rtn")),
         fbits(round_to(a, "rte")), fbits(round_to(ua, "rtp")),
         fbits(round_to(a * b, "rtn")),
         fbits(round_to(ul(a) * ul(b) % 2 ** 64, "rtz")),
         dconv("rtz"), dconv("rtp"), dconv("rtn"), dconv("rte")]
    c4 = [to_int(v, "rtz", -128, 127) % 256 for v in fa4]
    u2 = [to_int(v, "rte", 0, 255) for v in fa4[:2]]
    s2 = [sat(v, 16, True) % 65536 for v in ia_i]
    g2 = round_to(ib_i[1] % 2 ** 32, "rtp")
    n4 = to_int(fa4[2], "rtp", -2 ** 31, 2 ** 31 - 1)
    w += [pack(c4, "4B"), u2[0] | u2[1] << 8, pack(s2, "2H"), fbits(g2), n4]
    m = [ub, ub >> 8, ub >> 16, ub >> 24]
    sh = shuffle_ref(fb4, m)
    s8 = shuffle_ref(ia8, m + [v >> 3 for v in m])
    a2 = list(struct.pack("h", wrap(a, 16)))
    cs = shuffle_ref(a2, [ub % 256, (ub >> 1) % 256, (ub >> 2) % 256,
                          (ub >> 3) % 256])
    w16 = list(struct.unpack("16H", struct.pack("8i", *ia_8_for_w)))
    ws = shuffle_ref(w16 + [(v + 1) % 65536 for v in w16], [ub % 65536, 33])
    w += [fbits(sh[1]) ^ fbits(sh[3]), wrap(s8[1] ^ s8[6]), pack(cs, "4B"),
          pack(ws, "2H"), sat(a * b + a, 32, True),
          wrap(sat(ua * ub + ua, 32, False))]
    return w


ia_8_for_w = []


def check(path, n):
    global ia_8_for_w
    fa, fb, ia, ib, of, oi, ol, od = read(path)
    bad = []
    worst = {}
    for i in range(n):
        x, y, a, b = fa[i], fb[i], ia[i], ib[i]
        k = b % 320 if b >= 0 else -((-b) % 320)
        fa4, fb4 = fa[4 * i: 4 * i + 4], fb[4 * i: 4 * i + 4]
        ia8 = ia[4 * i: 4 * i + 16]
        ia_8_for_w = ia[8 * i: 8 * i + 8]
        for j, ((w, tol), g) in enumerate(zip(
                floats_wanted(x, y, a, b, fa4, k), of[NF * i: NF * i + NF])):
            u = ulps(g, w)
            worst[j] = max(worst.get(j, 0), u)
            if u > tol:
                bad.append(("float", i, j, x, y, g, w))
        ints = ints_wanted(x, y, a, b, fa4, fb4, ia8, k,
                           ia[2 * i: 2 * i + 2], ib[2 * i: 2 * i + 2])
        for j, (w, g) in enumerate(zip(ints, oi[NI * i: NI * i + NI])):
            if w != g:
                bad.append(("int", i, j, x, y, a, b, g, w))
        ua, ub = a % 2 ** 32, b % 2 ** 32
        lw = [to_int(x, "rte", -2 ** 63, 2 ** 63 - 1),
              wrap(to_int(x, "rtn", 0, 2 ** 64 - 1), 64), a if a > 0 else 0,
              sat(ul(a) * ul(b) % 2 ** 64, 64, True)]
        for j, (w, g) in enumerate(zip(lw, ol[NL * i: NL * i + NL])):
            if w != g:
                bad.append(("long", i, j, x, a, b, g, w))
        bad += double_checks(i, x, y, a, b, k, od[ND * i: ND * i + ND])
    print("worst ulps:", {j: u for j, u in worst.items() if u})
    if bad:
        kinds = {}
        for b_ in bad:
            kinds.setdefault(b_[:3:2], b_)
        print(f"{len(bad)} wrong, first of each {list(kinds.values())[:30]}")
        return 1
    print("ok")
    return 0


def double_checks(i, x, y, a, b, k, got):
    bad = []
    def want_eq(j, w, tol=0):
        if ulps(got[j], w, 53) > tol:
            bad.append(("double", i, j, x, y, got[j], w))
    ua, ub = a % 2 ** 32, b % 2 ** 32
    want_eq(0, round_to(wrap(ul(a * b) * 4097, 64), "rtn", 53, -1022, 1023))
    want_eq(1, round_to(ul(a) * ul(b) * 4097 % 2 ** 64, "rtp", 53, -1022,
                        1023))
    dx, dy = x * 1.25, y
    m, e = frexp_ref(dx * 1e-300) if math.isfinite(dx) else (dx * 1e-300, 0)
    r, q = remquo_ref(dx * 1e10, dy, 53)
    want_eq(2, m)
    want_eq(3, r)
    want_eq(4, float(e * 1000 + q))
    want_eq(5, sinpi_ref(dx)[0], 2)
    want_eq(6, rootn_ref(dx * 1e200, 3), 2)
    want_eq(7, ldexp_ref(dx, 3 * k, 53, -1022, 1023))
    return bad


def half_bits(x, mode):
    if math.isnan(x):
        return None
    v = round_to(x, mode, 11, -14, 15)
    return struct.unpack("H", struct.pack("e", v))[0]


def check_halves(path, n):
    fa, h, h3 = read(path)
    raw = struct.pack(f"{len(fa)}f", *fa)
    halves = struct.unpack(f"{len(raw) // 2}H", raw)
    bad = []
    for i in range(n):
        x = fa[i]
        want = [half_bits(x, m) for m in ("rte", "rtz", "rtp", "rtn")]
        want += [half_bits(v, "rtn") for v in fa[4 * i: 4 * i + 4]]
        for j, (w, g) in enumerate(zip(want, h[8 * i: 8 * i + 8])):
            # NaN: any NaN half.
            if (w is None and (g & 0x7c00 != 0x7c00 or not g & 0x3ff)) or \
                    (w is not None and w != g):
                bad.append((i, j, x, g, w))
        for j in range(3):
            w = halves[4 * i + j]
            g = h3[4 * i + j]
            if w != g and not (w & 0x7c00 == 0x7c00 and w & 0x3ff and
                               g & 0x7c00 == 0x7c00 and g & 0x3ff):
                bad.append(("a3", i, j, g, w))
        if h3[4 * i + 3] != 0:
            bad.append(("a3 gap", i))
    print(f"{len(bad)} wrong, first {bad[:6]}" if bad else "ok")
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "halves":
        sys.exit(check_halves(sys.argv[2], int(sys.argv[3])))
    else:
        sys.exit(check(sys.argv[2], int(sys.argv[3])))
