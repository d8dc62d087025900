// Kernels for the lockstep rounds (-kernel-wrap-lockstep): divergent loops
// whose accesses are contiguous across work items for a fixed counter
// (column-major, a[j * n + r]), in every shape the rewrite handles.

// Two exits (the header's test and a data-dependent break), a uniform
// non-zero start from an argument, step 2, stores inside the loop, the
// counter and the state used after the loop, an early return before it.
__kernel void lsbreak(__global const int *len, __global const float *a,
                      __global float *out, __global int *cnt,
                      __global float *res, int n, int s) {
  int r = get_global_id(0);
  if (r >= n - 3)
    return;
  int k = len[r] % 40;
  float acc = 1.0f;
  int j;
  for (j = s; j < k; j += 2) {
    float v = a[j * n + r];
    if (v > 0.9f)
      break;
    acc = acc * 0.5f + v;
    out[j * n + r] = acc;
  }
  cnt[r] = j;
  res[r] = acc;
}

// Items that skip the loop and go on after it (a branch around the loop),
// a return from inside the loop.
__kernel void lsskip(__global const int *len, __global const float *a,
                     __global float *res, int n) {
  int r = get_global_id(0);
  float acc = 0.0f;
  int k = len[r] % 17;
  if (r % 3 != 0) {
    for (int j = 0; j < k; ++j) {
      float v = a[j * n + r];
      if (v < 0.02f) {
        res[r] = -1.0f - j;
        return;
      }
      acc += v;
    }
  } else {
    acc = -0.5f;
  }
  res[r] = acc * 2.0f;
}

// Two dimensions, the rows of a 2D grid flattened; an inner loop with a
// constant trip count inside the divergent one.
__kernel void ls2d(__global const int *len, __global const float *a,
                   __global float *res, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  int r = y * w + x;
  int n = w * (int)get_global_size(1);
  int k = len[r] % 9;
  float acc = 0.0f;
  for (int j = 0; j < k; ++j) {
    float v = a[j * n + r];
    for (int i = 0; i < 3; ++i)
      v = v * v + 0.25f;
    acc += v;
  }
  res[r] = acc;
}
