// 256-bin histogram with per-work-item uchar counters in __local memory
// (one column per item), then each item sums bins across the columns.
// Each item counts 4 bytes of perItem words (perItem <= 63: no overflow).
#define BINS 256
#define WG 64
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void hist_uchar(__global const uint *data, __global uint *partial,
                int perItem) {
  __local uchar counts[BINS * WG];
  int l = get_local_id(0), g = get_group_id(0);
  for (int b = 0; b < BINS; b++)
    counts[b * WG + l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < perItem; k++) {
    uint v = data[(g * perItem + k) * WG + l];
    counts[(v & 0xff) * WG + l]++;
    counts[((v >> 8) & 0xff) * WG + l]++;
    counts[((v >> 16) & 0xff) * WG + l]++;
    counts[(v >> 24) * WG + l]++;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = l; b < BINS; b += WG) {
    uint s = 0;
    for (int t = 0; t < WG; t++)
      s += counts[b * WG + t];
    partial[g * BINS + b] = s;
  }
}
