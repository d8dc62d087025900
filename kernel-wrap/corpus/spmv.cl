// y = A x for a sparse matrix in ELLPACK form with varying row lengths:
// row r has len[r] % (maxnz + 1) entries (a data-dependent loop per item),
// stored column-major (entry j of row r at j * nrows + r), the usual ELL
// layout for SIMT devices: neighbouring rows' entries are neighbours.
__kernel void spmv(__global const int *len, __global const int *cols,
                   __global const float *vals, __global const float *x,
                   __global float *y, int nrows, int maxnz) {
  int r = get_global_id(0);
  if (r >= nrows)
    return;
  int k = len[r] % (maxnz + 1);
  float acc = 0.0f;
  for (int j = 0; j < k; ++j)
    acc += vals[j * nrows + r] * x[cols[j * nrows + r] % nrows];
  y[r] = acc;
}
