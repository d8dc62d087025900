// 64-bin histogram: per-group bins in __local memory with atomics, then
// merged into the global bins with atomics.
#define BINS 64
__kernel void histogram(__global const uint *data, __global uint *bins,
                        int n) {
  __local uint lbins[BINS];
  int l = get_local_id(0), ls = get_local_size(0);
  for (int b = l; b < BINS; b += ls)
    lbins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int i = get_global_id(0);
  if (i < n)
    atomic_inc(&lbins[data[i] % BINS]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = l; b < BINS; b += ls)
    atomic_add(&bins[b], lbins[b]);
}
