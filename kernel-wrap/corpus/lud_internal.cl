// LU decomposition, internal tiles (Rodinia lud_internal shape): each BS x BS
// group loads the perimeter row and column tiles of the current block into
// __local memory, then each item subtracts their BS-long dot product.
#ifndef BS
#define BS 16
#endif
__kernel void lud_internal(__global float *m, __local float *peri_row,
                           __local float *peri_col, int matrix_dim,
                           int offset) {
  int bx = get_group_id(0), by = get_group_id(1);
  int tx = get_local_id(0), ty = get_local_id(1);
  int global_row_id = offset + (by + 1) * BS;
  int global_col_id = offset + (bx + 1) * BS;
  peri_row[ty * BS + tx] = m[(offset + ty) * matrix_dim + global_col_id + tx];
  peri_col[ty * BS + tx] = m[(global_row_id + ty) * matrix_dim + offset + tx];
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int i = 0; i < BS; i++)
    sum += peri_col[ty * BS + i] * peri_row[i * BS + tx];
  m[(global_row_id + ty) * matrix_dim + global_col_id + tx] -= sum;
}
