// Tree reduction with sequential addressing: the active half shrinks each
// step (a barrier in the loop, most work items idle in the last steps).
__kernel void reduce_seq(__global const float *in, __global float *partial,
                         __local float *scratch) {
  int l = get_local_id(0);
  scratch[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (l < s)
      scratch[l] += scratch[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    partial[get_group_id(0)] = scratch[0];
}
