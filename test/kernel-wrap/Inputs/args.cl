__kernel void k(__global float *out, __local float *tmp, float4 scale, int n) {
  size_t i = get_global_id(0);
  tmp[get_local_id(0)] = scale.x * n;
  out[i] = tmp[get_local_id(0)] + scale.w;
}

__kernel void narrow(__global short *s, __global ushort *u, __global char *c) {
  size_t i = get_global_id(0);
  s[i] = -s[i];
  u[i] = u[i] + 1;
  c[i] = c[i] - 1;
}

__kernel __attribute__((reqd_work_group_size(8, 1, 1)))
void fixed(__global int *o) {
  o[get_global_id(0)] = get_local_size(0) * 100 + get_local_id(0);
}
