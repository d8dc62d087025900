// kernel-fuzz seed 2064, reduced: a lane-invariant gather x[x[0] & 4095]
// after a short-circuit branch (a division on one side) and before a loop
// whose trip count differs per work item.
__kernel void k(__global const uint *a, __global const int *b,
                __global const uchar *c, __global const uint *x,
                __global uint *flag, __global uchar *out) {
  int gid = get_global_id(0);
  float f = (float)gid;
  uchar4 v = vload4(gid, c);
  if (b[0] > 0 || (int)get_local_size(0) / ((int)(a[0] & 255u) + 1) >= 0)
    flag[gid] = 0;
  v = max(v, (uchar)x[x[0] & 4095u]);
  int it = 0;
  while (fabs(f) > 2.0f && it++ < 4)
    ;
  vstore4(v, gid, out);
}
