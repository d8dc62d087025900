// Every OpenCL 1.1 atomic whose result does not depend on the work items'
// order, on __local words (plain read-modify-writes in kernel-wrap) and one
// on a __global word (a real atomic): per group, out[8 * g + k].
__kernel void latom(__global int *out, __global const int *in,
                    __global int *total) {
  __local int w[8];
  int l = get_local_id(0), g = get_group_id(0);
  if (l < 8)
    w[l] = l == 2 ? (int)0x80000000 : l == 3 ? 0x7fffffff : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = in[get_global_id(0)];
  atomic_add(&w[0], v);
  atomic_sub(&w[1], v);
  atomic_max(&w[2], v);
  atomic_min(&w[3], v);
  atomic_inc(&w[4]);
  atomic_dec(&w[5]);
  atomic_or(&w[6], 1 << (l % 31));
  atomic_xor(&w[7], v);
  atomic_add(total, v);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 8)
    out[8 * g + l] = w[l];
}
