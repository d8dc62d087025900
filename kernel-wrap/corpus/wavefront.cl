// Needleman-Wunsch style dynamic programming on independent 16x16 tiles:
// anti-diagonals in __local memory, a barrier after each of the 31 short
// steps, one row per work item.
#define B 16
__kernel void wavefront(__global int *score, __global const int *ref,
                        int penalty) {
  __local int t[(B + 1) * (B + 1)];
  int tx = get_local_id(0), g = get_group_id(0);
  __global int *S = score + g * (B + 1) * (B + 1);
  __global const int *R = ref + g * B * B;
  t[tx + 1] = S[tx + 1];
  t[(tx + 1) * (B + 1)] = S[(tx + 1) * (B + 1)];
  if (tx == 0)
    t[0] = S[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int m = 0; m < 2 * B - 1; m++) {
    int i = tx, j = m - tx;
    if (j >= 0 && j < B) {
      int idx = (i + 1) * (B + 1) + j + 1;
      int a = t[idx - B - 2] + R[i * B + j];
      int b = t[idx - 1] - penalty;
      int c = t[idx - B - 1] - penalty;
      t[idx] = max(a, max(b, c));
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int j = 0; j < B; j++)
    S[(tx + 1) * (B + 1) + j + 1] = t[(tx + 1) * (B + 1) + j + 1];
}
