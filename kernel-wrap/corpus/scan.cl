// Inclusive prefix sum of each work group's elements (Hillis-Steele, two
// __local buffers, a barrier inside the loop), plus the group totals.
__kernel void scan(__global const int *in, __global int *out,
                   __global int *totals, __local int *a, __local int *b) {
  int l = get_local_id(0), n = get_local_size(0);
  a[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *src = a, *dst = b;
  for (int off = 1; off < n; off *= 2) {
    dst[l] = l >= off ? src[l] + src[l - off] : src[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *t = src;
    src = dst;
    dst = t;
  }
  out[get_global_id(0)] = src[l];
  if (l == n - 1)
    totals[get_group_id(0)] = src[l];
}
