// The OpenCL 1.2 builtins added in issue 24's list: a second result through
// a __global, __local or __private pointer, int arguments and results, the
// *pi functions, convert_* with _sat and rounding modes, shuffle, mad_sat.
// One work item reads fa[i], fb[i], ia[i], ib[i] (and vectors at 4 i) and
// writes NF floats, NI ints, NL longs and ND doubles of its own.
#define NF 24
#define NI 48
#define NL 4
#define ND 8
__kernel void newmath(__global const float *fa, __global const float *fb,
                      __global const int *ia, __global const int *ib,
                      __global float *of, __global int *oi,
                      __global long *ol, __global double *od) {
  __local float tmp[64];
  size_t i = get_global_id(0), l = get_local_id(0);
  float x = fa[i], y = fb[i];
  int a = ia[i], b = ib[i];
  uint ua = (uint)a, ub = (uint)b;
  __global float *f = of + i * NF;
  __global int *o = oi + i * NI;
  int e;
  f[0] = frexp(x, &e);
  o[0] = e;
  f[1] = modf(x, f + 2);
  f[3] = fract(x, f + 4);
  f[5] = sincos(x, tmp + l);
  f[6] = tmp[l];
  int q;
  f[7] = remquo(x, y, &q);
  o[1] = q;
  f[8] = lgamma_r(x, o + 2);
  int k = b % 320;
  f[9] = ldexp(x, k);
  o[3] = ilogb(x);
  int n = b % 6;
  f[10] = pown(x, n);
  f[11] = rootn(x, b % 5);
  f[12] = sinpi(x);
  f[13] = cospi(x);
  f[14] = tanpi(x);
  f[15] = asinpi(y);
  f[16] = acospi(y);
  f[17] = atanpi(x);
  f[18] = atan2pi(x, y);
  o[4] = as_int(nan(ua & 0xffff));
  // Vector forms: float4 with int4 pointers and an int exponent.
  float4 x4 = vload4(i, fa);
  int4 e4;
  float4 m4 = frexp(x4, &e4);
  float2 l2 = ldexp(x4.xy, k);
  f[19] = m4.w;
  o[5] = e4.w;
  f[20] = l2.y;
  float2 i2;
  float2 fr2 = fract(x4.zw, &i2); // 8 bytes: passed as one double
  f[21] = fr2.x;
  f[22] = i2.x;
  int2 il2 = ilogb(x4.xy);
  o[6] = il2.y;
  // Conversions from float: saturated with each rounding mode.
  o[7] = convert_char_sat(x);
  o[8] = convert_uchar_sat_rte(x);
  o[9] = convert_short_sat_rtp(x);
  o[10] = convert_ushort_sat_rtn(x);
  o[11] = convert_int_sat(x);
  o[12] = convert_int_sat_rte(x);
  o[13] = (int)convert_uint_sat_rtp(x);
  o[14] = convert_int_sat_rtn(x);
  float c = isnan(x) ? 0.0f : clamp(x, -1e9f, 1e9f);
  o[15] = convert_int_rte(c);
  o[16] = convert_int_rtp(c);
  o[17] = convert_int_rtn(c);
  o[18] = convert_int_rtz(c);
  ol[i * NL + 0] = convert_long_sat_rte(x);
  ol[i * NL + 1] = (long)convert_ulong_sat_rtn(x);
  // Integer to integer, saturated.
  o[19] = convert_char_sat(a);
  o[20] = convert_uchar_sat(a);
  o[21] = convert_short_sat(a);
  o[22] = convert_ushort_sat(ua);
  o[23] = (int)convert_uint_sat(a);
  o[24] = convert_int_sat(ua);
  o[25] = convert_int_sat((long)a * b);
  o[26] = (int)convert_uint_sat((long)a * b);
  ol[i * NL + 2] = (long)convert_ulong_sat(a);
  ol[i * NL + 3] = convert_long_sat((ulong)a * (ulong)b);
  // Integer to float with each rounding mode.
  f[23] = convert_float_rtz(a);
  o[27] = as_int(convert_float_rtp(a));
  o[28] = as_int(convert_float_rtn(a));
  o[29] = as_int(convert_float_rte(a));
  o[30] = as_int(convert_float_rtp(ua));
  o[31] = as_int(convert_float_rtn((long)a * b));
  o[32] = as_int(convert_float_rtz((ulong)a * (ulong)b));
  double d = (double)x * (double)y; // exact
  o[33] = as_int(convert_float_rtz(d));
  o[34] = as_int(convert_float_rtp(d));
  o[35] = as_int(convert_float_rtn(d));
  o[36] = as_int(convert_float(d));
  // Unsigned products: signed overflow is undefined.
  od[i * ND + 0] = convert_double_rtn((long)((ulong)((long)a * b) * 4097));
  od[i * ND + 1] = convert_double_rtp((ulong)a * (ulong)b * 4097);
  // Vectors of conversions, small ones passed as one scalar.
  char4 c4 = convert_char4_sat(x4);
  uchar2 u2 = convert_uchar2_sat_rte(x4.xy);
  short2 s2 = convert_short2_sat_rtn(vload2(i, ia));
  float2 g2 = convert_float2_rtp(vload2(i, (__global const uint *)ib));
  int4 n4 = convert_int4_sat_rtp(x4);
  o[37] = as_int(c4);
  o[38] = u2.x | u2.y << 8;
  o[39] = as_int(s2);
  o[40] = as_int(g2.y);
  o[41] = n4.z;
  // Shuffles with masks whose high bits are set (only the low ones count).
  uint4 m = (uint4)(ub, ub >> 8, ub >> 16, ub >> 24);
  float4 sh = shuffle(vload4(i, fb), m);
  int8 s8 = shuffle2(vload8(0, ia + 4 * i), vload8(1, ia + 4 * i),
                     (uint8)(m, m >> 3));
  char4 cs = shuffle(as_char2((short)a), (uchar4)(ub, ub >> 1, ub >> 2, ub >> 3));
  ushort16 w = as_ushort16(vload8(i, ia));
  ushort2 ws = shuffle2(w, w.s0123456789abcdef + (ushort)1, (ushort2)(ub, 33));
  o[42] = as_int(sh.y) ^ as_int(sh.w);
  o[43] = s8.s1 ^ s8.s6;
  o[44] = as_int(cs);
  o[45] = as_int(ws);
  o[46] = mad_sat(a, b, a);
  o[47] = (int)mad_sat(ua, ub, ua);
  // Doubles.
  double dx = (double)x * 1.25, dy = (double)y;
  int de, dq;
  od[i * ND + 2] = frexp(dx * 1e-300, &de);
  od[i * ND + 3] = remquo(dx * 1e10, dy, &dq);
  od[i * ND + 4] = (double)(de * 1000 + dq);
  od[i * ND + 5] = sinpi(dx);
  od[i * ND + 6] = rootn(dx * 1e200, 3);
  od[i * ND + 7] = ldexp(dx, k * 3);
}

// vstore_half with each rounding mode, vloada_half3 / vstorea_half3 (which
// step by 4 halves).
__kernel void halves(__global const float *fa, __global ushort *h,
                     __global ushort *h3) {
  size_t i = get_global_id(0);
  float x = fa[i];
  __global half *p = (__global half *)h + 8 * i;
  vstore_half_rte(x, 0, p);
  vstore_half_rtz(x, 1, p);
  vstore_half_rtp(x, 2, p);
  vstore_half_rtn(x, 3, p);
  vstore_half4_rtn(vload4(i, fa), 1, p);
  float3 v = vloada_half3(i, (__global const half *)fa);
  vstorea_half3_rtz(v, i, (__global half *)h3);
}
