__kernel void k(__global float *out, __local float *tmp, float4 scale, int n) {
  size_t i = get_global_id(0);
  tmp[get_local_id(0)] = scale.x * n;
  out[i] = tmp[get_local_id(0)] + scale.w;
}
