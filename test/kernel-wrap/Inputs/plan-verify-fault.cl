// A work-item loop with a divergent inner loop.
__kernel void collatz(__global int *out, __global const int *in) {
  int i = get_global_id(0), x = in[i], n = 0;
  while (x > 1) {
    x = x & 1 ? 3 * x + 1 : x / 2;
    n++;
  }
  out[i] = n;
}
