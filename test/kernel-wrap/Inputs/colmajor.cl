// Reads and writes consecutive in dimension 1 (column-major): the cost
// model picks y as the vectorization dimension.
__kernel void colmajor(__global const float *in, __global float *out,
                       ulong h) {
  size_t x = get_global_id(0), y = get_global_id(1);
  out[x * h + y] = 2.0f * in[x * h + y];
}
