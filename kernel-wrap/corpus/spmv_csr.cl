// Sparse matrix-vector product, CSR, one row per work item ("scalar
// row"): a loop whose bounds come from memory, rows of 0-32 entries.
__kernel void spmv_csr(__global const int *rowptr, __global const int *cols,
                       __global const float *vals, __global const float *x,
                       __global float *y, int rows) {
  int r = get_global_id(0);
  if (r >= rows)
    return;
  float sum = 0.0f;
  for (int j = rowptr[r]; j < rowptr[r + 1]; j++)
    sum += vals[j] * x[cols[j]];
  y[r] = sum;
}
