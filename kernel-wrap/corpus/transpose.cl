// out = transpose(in) for a w x h matrix through a padded __local tile
// (2D, one barrier): reads and writes are both row-wise.
#ifndef TS
#define TS 8
#endif
__kernel void transpose(__global const float *in, __global float *out, int w,
                        int h) {
  __local float tile[TS][TS + 1];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx = get_group_id(0) * TS, gy = get_group_id(1) * TS;
  tile[ly][lx] = in[(gy + ly) * w + gx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(gx + ly) * h + gy + lx] = tile[lx][ly];
}
