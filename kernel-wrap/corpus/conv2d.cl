// 2D convolution of a w x h image with an fw x fw filter (fw odd, an
// argument: loops with a uniform bound unknown at compile time) in
// __constant memory; taps outside the image are skipped (zero padding).
__kernel void conv2d(__global const float *in, __global float *out,
                     __constant float *filter, int w, int h, int fw) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h)
    return;
  int r = fw / 2;
  float sum = 0.0f;
  for (int j = -r; j <= r; j++) {
    int sy = y + j;
    if (sy < 0 || sy >= h)
      continue;
    for (int i = -r; i <= r; i++) {
      int sx = x + i;
      if (sx < 0 || sx >= w)
        continue;
      sum += filter[(j + r) * fw + i + r] * in[sy * w + sx];
    }
  }
  out[y * w + x] = sum;
}
