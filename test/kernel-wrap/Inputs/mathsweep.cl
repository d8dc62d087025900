// exp and log of every input (kernel-wrap's own float exp/log).
__kernel void mathsweep(__global const float *x, __global float *e,
                        __global const float *y, __global float *l) {
  int i = get_global_id(0);
  e[i] = exp(x[i]);
  l[i] = log(y[i]);
}
