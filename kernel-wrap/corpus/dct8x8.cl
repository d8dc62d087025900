// 2D DCT of 8x8 blocks: a work group per block, a work item per output
// coefficient, the block size an argument (loops with a uniform bound
// unknown at compile time).
__kernel void dct8x8(__global const float *in, __global float *out,
                     __global const float *basis, int width, int n) {
  int gx = get_global_id(0), gy = get_global_id(1);
  int u = get_local_id(0), v = get_local_id(1);
  int bx = gx - u, by = gy - v;
  float s = 0.0f;
  for (int y = 0; y < n; y++) {
    float row = 0.0f;
    for (int x = 0; x < n; x++)
      row += in[(by + y) * width + bx + x] * basis[u * n + x];
    s += row * basis[v * n + y];
  }
  out[gy * width + gx] = s;
}
