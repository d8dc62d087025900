// Escape-time Mandelbrot: a data-dependent loop per pixel.
__kernel void mandelbrot(__global int *out, int width, int height,
                         float x0, float y0, float dx, float dy,
                         int max_iter) {
  int px = get_global_id(0);
  int py = get_global_id(1);
  float cr = x0 + px * dx;
  float ci = y0 + py * dy;
  float zr = 0.0f, zi = 0.0f;
  int n = 0;
  while (n < max_iter && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++n;
  }
  out[py * width + px] = n;
}
