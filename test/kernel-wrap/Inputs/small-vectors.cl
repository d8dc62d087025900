// Conversions between small vectors (4 and 8 bytes, which the C calling
// convention passes as one integer) and wider ones, both ways, and integer
// builtins on them.
__kernel void conv(__global const uchar4 *u4, __global const char4 *c4,
                   __global const short4 *s4, __global const uchar8 *u8v,
                   __global const float4 *f4, __global float4 *of,
                   __global int4 *oi, __global float4 *os,
                   __global float8 *o8, __global uchar4 *ou,
                   __global uchar4 *om) {
  size_t i = get_global_id(0);
  of[i] = convert_float4(u4[i]);
  oi[i] = convert_int4(c4[i]);
  os[i] = convert_float4(s4[i]);
  o8[i] = convert_float8(u8v[i]);
  ou[i] = convert_uchar4(f4[i]);
  om[i] = max(u4[i], convert_uchar4(c4[i])) + abs(c4[i]);
}

// uchar3 (3 bytes, in an i32) through vload3 and vstore3.
__kernel void v3(__global const uchar *in, __global uchar *out) {
  size_t i = get_global_id(0);
  vstore3(vload3(i, in) + (uchar3)(1), i, out);
}
