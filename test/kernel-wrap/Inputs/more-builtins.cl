// Integer, relational, float-formula and vector load/store builtins (issue
// 22's list), on inputs with their edge cases: INT_MIN/INT_MAX, 0, -0,
// infinities, NaN, subnormals. One work item writes INTS ints, FLOATS
// floats and 4 uchars.
#define INTS 24
#define FLOATS 26
__kernel void more(__global const int *ia, __global const int *ib,
                   __global const float *fa, __global const float *fb,
                   __global const uchar *bytes, __global int *oi,
                   __global float *of, __global uchar *ob,
                   __global uchar *halves) {
  size_t i = get_global_id(0);
  int a = ia[i], b = ib[i];
  uint ua = (uint)a, ub = (uint)b;
  __global int *o = oi + i * INTS;
  o[0] = clz(a);
  o[1] = rotate(a, b);
  o[2] = (int)abs_diff(a, b);
  o[3] = add_sat(a, b);
  o[4] = sub_sat(a, b);
  o[5] = hadd(a, b);
  o[6] = rhadd(a, b);
  o[7] = mul_hi(a, b);
  o[8] = mad_hi(a, b, a);
  o[9] = bitselect(a, b, a ^ 0x5a5a5a5a);
  o[10] = (int)add_sat(ua, ub);
  o[11] = (int)sub_sat(ua, ub);
  o[12] = (int)mul_hi(ua, ub);
  o[13] = (int)hadd(ua, ub);
  o[14] = (int)abs_diff(ua, ub);
  o[15] = upsample((short)a, (ushort)b);
  float x = fa[i], y = fb[i];
  o[16] = isnan(x) | isinf(x) << 1 | isfinite(x) << 2 | isnormal(x) << 3 |
          signbit(x) << 4;
  o[17] = isequal(x, y) | isnotequal(x, y) << 1 | isgreater(x, y) << 2 |
          isgreaterequal(x, y) << 3 | isless(x, y) << 4 |
          islessequal(x, y) << 5 | islessgreater(x, y) << 6 |
          isordered(x, y) << 7 | isunordered(x, y) << 8;
  float4 x4 = vload4(i, fa), y4 = vload4(i, fb);
  int4 gt = isgreater(x4, y4);
  o[18] = gt.x;
  o[19] = gt.w;
  o[20] = any(gt);
  o[21] = all(gt);
  o[22] = any((int4)(a, 0, 0, 0));
  o[23] = all((int4)(b, -1, -1, -1));
  __global float *f = of + i * FLOATS;
  f[0] = sign(x);
  f[1] = step(y, x);
  f[2] = smoothstep(-1.0f, 2.0f, x);
  f[3] = degrees(x);
  f[4] = radians(x);
  f[5] = maxmag(x, y);
  f[6] = minmag(x, y);
  f[7] = bitselect(x, y, as_float(0x807fff00));
  float4 s = select(x4, y4, gt);
  f[8] = s.x;
  f[9] = s.y;
  f[10] = s.z;
  f[11] = s.w;
  float4 st = step((float4)(0.5f), x4);
  f[12] = st.x;
  f[13] = st.w;
  float3 v3 = vload3(i, fa + 1);
  f[14] = v3.x;
  f[15] = v3.z;
  vstore4(x4 + y4, 4, f);     // f[16..19]
  vstore3(v3, 0, f + 20);     // f[20..22]
  f[23] = vload_half(2 * i, (const __global half *)bytes);
  float2 h2 = vload_half2(i, (const __global half *)bytes);
  f[24] = h2.x;
  f[25] = h2.y;
  uchar4 u = vload4(i, bytes), v = vload4(i + 1, bytes);
  vstore4(add_sat(u, v) - rhadd(u, v), i, ob);
  vstore_half(x, i, (__global half *)halves);
}
