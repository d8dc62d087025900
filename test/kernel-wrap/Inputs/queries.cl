// Every work-item query, written per work item (3D).
__kernel void queries(__global ulong *out) {
  size_t i = get_global_linear_id() * 12;
  out[i + 0] = get_work_dim();
  out[i + 1] = get_global_id(0) + 1000 * get_global_id(1) + 1000000 * get_global_id(2);
  out[i + 2] = get_local_id(0) + 1000 * get_local_id(1) + 1000000 * get_local_id(2);
  out[i + 3] = get_group_id(0) + 1000 * get_group_id(1) + 1000000 * get_group_id(2);
  out[i + 4] = get_global_size(0) + 1000 * get_global_size(1) + 1000000 * get_global_size(2);
  out[i + 5] = get_local_size(0) + 1000 * get_local_size(1) + 1000000 * get_local_size(2);
  out[i + 6] = get_num_groups(0) + 1000 * get_num_groups(1) + 1000000 * get_num_groups(2);
  out[i + 7] = get_global_offset(0);
  out[i + 8] = get_local_linear_id();
  out[i + 9] = get_global_size(3) + get_local_id(5);
  uint d = get_local_id(0) % 3;
  out[i + 10] = get_local_size(d);
  out[i + 11] = get_global_linear_id();
}
