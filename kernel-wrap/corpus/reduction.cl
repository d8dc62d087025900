// Sum of each work group's elements in __local scratch: a tree with a
// barrier inside the loop; works for any local size.
__kernel void reduction(__global const float *in, __global float *partial,
                        __local float *scratch) {
  int l = get_local_id(0);
  int n = get_local_size(0);
  scratch[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 1; s < n; s *= 2) {
    if (l % (2 * s) == 0 && l + s < n)
      scratch[l] += scratch[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    partial[get_group_id(0)] = scratch[0];
}
