// Work-item loops holding inner loops whose accesses -O3 changes after
// kernel-wrap: LICM's promoted loads, stores merged from two branches, and
// a private array's initialisation (a memset into the context array).
__kernel void colsum(__global float *out, __global const float *m,
                     __global const int *len, int n) {
  int i = get_global_id(0);
  for (int j = 0; j < len[i]; j++)
    out[i] += m[j * n + i];
}

__kernel void privhist(__global int *out, __global const int *n) {
  int i = get_global_id(0);
  int hist[16] = {0};
  for (int j = 0; j < n[i]; j++)
    hist[(i + j) & 15] += j;
  out[i] = hist[i & 15] + hist[(i + 3) & 15];
}

__kernel void merged(__global int *out, __global const int *n) {
  int i = get_global_id(0);
  int s = 0;
  for (int j = 0; j < n[i]; j++)
    s += (j ^ i) & 7;
  if (s & 1)
    out[i] = s;
  else
    out[i] = -s;
}
