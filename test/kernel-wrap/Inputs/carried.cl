// Values carried across barriers, uniform and not: kernel-wrap keeps one
// copy per group of the uniform ones (a loop counter, swapped __local
// pointers, a value of a uniform branch) and must keep a copy per work item
// of the others: a phi after a divergent branch, a value of a loop with a
// per-item trip count, a __local read, a value of a divergent branch inside
// the barrier loop.
__kernel void carried(__global int *out, __local int *a, __local int *b) {
  int l = get_local_id(0), n = get_local_size(0), g = get_group_id(0);
  __local int *src = a, *dst = b;
  src[l] = l;
  int v = (l & 1) ? 100 : 200;
  int t = 0;
  for (int i = 0; i < l % 5; ++i)
    t += i + 1;
  int u = g % 2 ? n : 2 * n;
  barrier(CLK_LOCAL_MEM_FENCE);
  int r = src[(l + 1) % n];
  for (int k = 1; k < 4; ++k) {
    dst[l] = src[l] + k;
    if (l % 3 == 0)
      v += k;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *tmp = src;
    src = dst;
    dst = tmp;
    u += k;
  }
  int o = 5 * get_global_id(0);
  out[o] = src[l];
  out[o + 1] = v;
  out[o + 2] = t;
  out[o + 3] = u;
  out[o + 4] = r;
}
