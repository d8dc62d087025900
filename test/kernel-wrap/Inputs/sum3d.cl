// 3D work groups with barriers: every item gets its group's sum plus the
// linear local id of its mirror item.
__kernel void sum3d(__global const int *in, __global int *out,
                    __local int *s) {
  size_t l = get_local_linear_id();
  size_t n = get_local_size(0) * get_local_size(1) * get_local_size(2);
  size_t g = get_global_linear_id();
  s[l] = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  int acc = 0;
  for (size_t i = 0; i < n; ++i)
    acc += s[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  s[l] = acc + (int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = s[n - 1 - l];
}
