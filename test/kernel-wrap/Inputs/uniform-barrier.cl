// A barrier under a uniform branch and one in a loop; a private array
// indexed dynamically (a context array even without a barrier across it).
__kernel void ubar(__global float *out, __global const float *in, int mode,
                   __local float *tmp) {
  int l = get_local_id(0), n = get_local_size(0);
  float priv[4];
  for (int k = 0; k < 4; ++k)
    priv[k] = in[get_global_id(0)] * k;
  float v = priv[l % 4];
  if (mode > 0) {
    tmp[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    v = tmp[n - 1 - l];
  }
  for (int r = 0; r < mode; ++r) {
    tmp[l] = v + r;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    v = tmp[(l + 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = v;
}
