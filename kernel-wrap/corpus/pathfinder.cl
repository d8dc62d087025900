// Dynamic-programming row sweep (pathfinder): each group advances `iters`
// rows over a block of get_local_size(0) columns whose edges shrink by one
// column per row (a pyramid), in __local memory with barriers.
__kernel void pathfinder(__global const int *wall, __global const int *src,
                         __global int *dst, int cols, int startRow,
                         int iters, __local int *prev, __local int *result) {
  int bs = get_local_size(0);
  int tx = get_local_id(0), bx = get_group_id(0);
  int small = bs - iters * 2;
  int blkX = small * bx - iters;
  int xidx = blkX + tx;
  int validXmin = blkX < 0 ? -blkX : 0;
  int validXmax = blkX + bs > cols ? bs - 1 - (blkX + bs - cols) : bs - 1;
  int W = max(tx - 1, validXmin);
  int E = min(tx + 1, validXmax);
  bool isValid = tx >= validXmin && tx <= validXmax;
  if (xidx >= 0 && xidx < cols)
    prev[tx] = src[xidx];
  barrier(CLK_LOCAL_MEM_FENCE);
  bool computed = false;
  for (int i = 0; i < iters; i++) {
    computed = false;
    if (tx >= i + 1 && tx <= bs - i - 2 && isValid) {
      computed = true;
      int shortest = min(prev[W], min(prev[tx], prev[E]));
      result[tx] = shortest + wall[cols * (startRow + i) + xidx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == iters - 1)
      break;
    if (computed)
      prev[tx] = result[tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (computed)
    dst[xidx] = result[tx];
}
