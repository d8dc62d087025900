__kernel void bad(__global float *a) {
  a[get_global_id(0)] = sub_group_reduce_add(a[0]);
}
