// atomic_min/max and atom_min/max on unsigned and signed words, __global
// (clang mangles the address space as U8CLglobal) and __local.
__kernel void minmax(volatile __global uint *u, volatile __global int *s,
                     __global uint *lo) {
  __local uint lu[2];
  uint l = get_local_id(0), i = get_global_id(0);
  if (l == 0) {
    lu[0] = 0xffffffffu;
    lu[1] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uint v = i * 2654435761u;
  atomic_min(&u[0], v);
  atomic_max(&u[1], v);
  atom_min(&u[2], v);
  atom_max(&u[3], v);
  atomic_min(&s[0], (int)v);
  atomic_max(&s[1], (int)v);
  atomic_min(&lu[0], v);
  atomic_max(&lu[1], v);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    lo[2 * get_group_id(0)] = lu[0];
    lo[2 * get_group_id(0) + 1] = lu[1];
  }
}
