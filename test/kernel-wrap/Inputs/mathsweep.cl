// exp, log, sin and cos of every input (kernel-wrap's own float versions).
__kernel void mathsweep(__global const float *x, __global float *e,
                        __global const float *y, __global float *l,
                        __global const float *z, __global float *s,
                        __global float *c) {
  int i = get_global_id(0);
  e[i] = exp(x[i]);
  l[i] = log(y[i]);
  s[i] = sin(z[i]);
  c[i] = cos(z[i]);
}
