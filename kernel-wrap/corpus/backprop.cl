// Back-propagation layer forward (Rodinia bpnn_layerforward shape): a TS x TS
// group multiplies a tile of the weights by its inputs in __local memory,
// then sums the tile's columns with a barrier-separated tree over rows.
#ifndef TS
#define TS 16
#endif
__kernel void backprop(__global const float *input,
                       __global const float *weights,
                       __global float *partial, __local float *input_node,
                       __local float *weight_matrix, int in, int hid) {
  int bx = get_group_id(0), by = get_group_id(1);
  int tx = get_local_id(0), ty = get_local_id(1);
  // Row 0 of weights and input[0] are the bias; hidden column 0 too.
  int index = (hid + 1) * (TS * by + ty + 1) + TS * bx + tx + 1;
  int index_in = TS * by + ty + 1;
  if (tx == 0)
    input_node[ty] = input[index_in];
  barrier(CLK_LOCAL_MEM_FENCE);
  weight_matrix[ty * TS + tx] = weights[index];
  barrier(CLK_LOCAL_MEM_FENCE);
  weight_matrix[ty * TS + tx] = weight_matrix[ty * TS + tx] * input_node[ty];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 1; s < TS; s *= 2) {
    if (ty % (2 * s) == 0 && ty + s < TS)
      weight_matrix[ty * TS + tx] += weight_matrix[(ty + s) * TS + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (ty == 0)
    partial[by * hid + TS * bx + tx] = weight_matrix[tx];
}
