__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void scale(__global float *a, float s) {
  a[get_global_id(0)] *= s;
}
