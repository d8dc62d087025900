// async_work_group_copy into a __local tile, read by other work items after
// wait_group_events; the tile updated between barriers and written back
// with a strided copy; a strided copy from __global. count = items + extra
// elements per group (more or fewer than the group has items).
__kernel void tile(__global const int *in, __global const int *in3,
                   __global int *out, __global int *out3,
                   __global int *strided, __local int *t, __local int *t3,
                   int extra) {
  size_t w = get_local_size(0), h = get_local_size(1);
  size_t n = w * h;
  size_t lin = get_local_id(1) * w + get_local_id(0);
  size_t group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
  size_t count = n + extra;
  prefetch(in + group * count, count);
  event_t ev = async_work_group_copy(t, in + group * count, count, 0);
  event_t ev3 = async_work_group_strided_copy(t3, in3 + group * count * 3,
                                              count, 3, 0);
  wait_group_events(1, &ev);
  wait_group_events(1, &ev3);
  // Another item's element.
  out[group * n + lin] = t[count - 1 - lin % count] * 2 + 1;
  out3[group * n + lin] = t3[(lin + 1) % count];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lin < count)
    t[lin] *= 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  ev = async_work_group_strided_copy(strided + group * count * 2, t, count,
                                     2, 0);
  wait_group_events(1, &ev);
}
