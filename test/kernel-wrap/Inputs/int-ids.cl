// Work-item ids kept in `int` (as most kernels do) index memory that is
// contiguous across work items: the loads must stay contiguous vectors.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void intid(__global const float *in, __global float *out, int n) {
  int l = get_local_id(0), g = get_group_id(0);
  float s = 0.0f;
  for (int k = 0; k < n; k++)
    s += in[(g * n + k) * 64 + l];
  out[g * 64 + l] = s;
}
