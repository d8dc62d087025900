// C = A * B (n x n, n a multiple of TS) with TS x TS tiles of A and B in
// __local memory: two barriers inside the loop over tiles.
#ifndef TS
#define TS 8
#endif
__kernel void matmul(__global const float *A, __global const float *B,
                     __global float *C, int n) {
  __local float As[TS][TS];
  __local float Bs[TS][TS];
  int lx = get_local_id(0), ly = get_local_id(1);
  int col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (int t = 0; t < n / TS; ++t) {
    As[ly][lx] = A[row * n + t * TS + lx];
    Bs[ly][lx] = B[(t * TS + ly) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; ++k)
      acc += As[ly][k] * Bs[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}
