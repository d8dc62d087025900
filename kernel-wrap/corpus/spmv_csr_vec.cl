// Sparse matrix-vector product, CSR, vecWidth work items per row ("vector
// row", SHOC csr_vector shape): a strided loop over the row's nonzeros,
// then a __local tree over the row's partial sums (vecWidth a power of 2).
__kernel void spmv_csr_vec(__global const int *rowptr,
                           __global const int *cols,
                           __global const float *vals,
                           __global const float *x, __global float *y,
                           __local float *partial, int rows, int vecWidth) {
  int t = get_local_id(0);
  int id = t & (vecWidth - 1);
  int rowsPerGroup = get_local_size(0) / vecWidth;
  int row = get_group_id(0) * rowsPerGroup + t / vecWidth;
  float sum = 0.0f;
  if (row < rows) {
    int end = rowptr[row + 1];
    for (int j = rowptr[row] + id; j < end; j += vecWidth)
      sum += vals[j] * x[cols[j]];
  }
  partial[t] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int bar = vecWidth / 2; bar > 0; bar /= 2) {
    if (id < bar)
      partial[t] += partial[t + bar];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (id == 0 && row < rows)
    y[row] = partial[t];
}
