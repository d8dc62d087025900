// kernel-fuzz seed 9204 (kw_fuzz_gen.py): a short loop of global atomics
// (at most 3 trips) the unroller flattens into conditional atomicrmw in the
// innermost work-item loop, which the vectorizer declines.
#pragma OPENCL FP_CONTRACT OFF
__kernel void fz(int na,
          __global uint *out_uint,
          __global int *out_int,
          __global float *out_float,
          __global uint *out_cond,
          __global uchar *out_uchar,
          __global const uint *in_uint,
          __global int *acc_int,
          __global const int *in_int,
          __global const uchar *in_uchar) {
  __local float tile_float[256];
  uint g0 = get_global_id(0);
  uint gid = g0;
  uint lin = (uint)get_local_id(0);
  uint lsz = (uint)get_local_size(0);
  uint w1 = ((uint)na << 1);
  uint u2 = (uint)((uint)get_local_id(0));
  int i3 = (int)((uint)get_local_size(0));
  float f4 = clamp((float)((uint)get_global_size(0)), -1000.0f, 1000.0f);
  float f5 = -3.25f;
  float f6 = 0.125f;
  w1 *= abs_diff(w1, u2);
  if ((uint)get_group_id(0) < 3u) {
    w1 = (uint)na;
  }
  for (uint k7 = 0u; k7 < (bitselect(as_uint(f6), (uint)convert_int_sat(1.0f), (uint)(char)(u2 * u2)) & 3u); ++k7) {
    atomic_sub(&acc_int[0u + ((uint)(lin) & 3u)], (int)(((uint)(in_uchar[(lin) & 4095u]) << (k7 & 31u)) & 1023u));
  }
  tile_float[lin] = f5;
  barrier(CLK_LOCAL_MEM_FENCE);
  f4 = clamp(f4 + tile_float[(lin + 1u) % lsz], -1000.0f, 1000.0f);
  barrier(CLK_LOCAL_MEM_FENCE);
  i3 = (int)((uint)i3 + (uint)(i3));
  out_uint[gid * 2 + 0] = w1;
  out_uint[gid * 2 + 1] = u2;
  out_int[gid * 1 + 0] = i3;
  out_float[gid * 3 + 0] = f4;
  out_float[gid * 3 + 1] = f5;
  out_float[gid * 3 + 2] = f6;
  out_uchar[gid] = convert_uchar_sat(i3);
}
