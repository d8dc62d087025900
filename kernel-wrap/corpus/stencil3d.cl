// 7-point heat step on an n x n x n grid (3D); borders copied.
__kernel void stencil3d(__global const float *in, __global float *out,
                        int n, float c0, float c1) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  int i = (z * n + y) * n + x;
  if (x == 0 || y == 0 || z == 0 || x == n - 1 || y == n - 1 || z == n - 1) {
    out[i] = in[i];
    return;
  }
  out[i] = c0 * in[i] + c1 * (in[i - 1] + in[i + 1] + in[i - n] + in[i + n] +
                               in[i - n * n] + in[i + n * n]);
}
