// 3x3 convolution of a w x h image, clamped at the borders (2D).
__kernel void stencil2d(__global const float *in, __global float *out,
                        __constant float *weights, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h)
    return;
  float acc = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int sx = clamp(x + dx, 0, w - 1), sy = clamp(y + dy, 0, h - 1);
      acc += weights[(dy + 1) * 3 + dx + 1] * in[sy * w + sx];
    }
  out[y * w + x] = acc;
}
