/*===- kw_abi.h - The work-group function ABI of kernel-wrap ------*- C -*-===*\
|*                                                                            *|
|* For every OpenCL kernel K the kernel-wrap pass emits                       *|
|*                                                                            *|
|*   void __kw_wg_K(void **args, const kw_wg_state *st);                      *|
|*                                                                            *|
|* which runs every work item of the work group st->group_id. args[i] points  *|
|* to the value of K's i-th parameter (a buffer or __local pointer is passed  *|
|* as a pointer to the pointer). Unused dimensions must hold size 1 and id /  *|
|* offset 0, as OpenCL defines them.                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef KERNELWRAP_KW_ABI_H
#define KERNELWRAP_KW_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kw_wg_state {
  uint64_t global_size[3];
  uint64_t local_size[3];
  uint64_t num_groups[3];
  uint64_t global_offset[3];
  uint64_t group_id[3];
  uint64_t work_dim;
} kw_wg_state;

typedef void (*kw_wg_fn)(void **args, const kw_wg_state *st);

/* The largest local size in one dimension a runner may give: work-group
 * functions count work items in 32 bits. */
#define KW_MAX_LOCAL_SIZE (1u << 20)

/* Prefix of the work-group function of a kernel. */
#define KW_WG_PREFIX "__kw_wg_"
/* Prefix of a kernel's parameter list, a C string:
 * `kind:bytes:type:space:qualifiers:name` per parameter, `;`-separated;
 * kind `buf` (__global or __constant pointer), `local` (__local pointer) or
 * `val` (a value of that many bytes); space the OpenCL address space
 * (0 private, 1 global, 2 constant, 3 local); qualifiers `const`,
 * `restrict`, `volatile` separated by spaces; name empty unless built with
 * -cl-kernel-arg-info. */
#define KW_SIG_PREFIX "__kw_sig_"
/* Prefix of a kernel's reqd_work_group_size, three uint64_t, when it has
 * one: the work-group function assumes it and runs only groups of it. */
#define KW_REQD_PREFIX "__kw_reqd_"
/* The names of the module's kernels, a `;`-separated C string. */
#define KW_KERNELS_SYMBOL "__kw_kernels"

#ifdef __cplusplus
}
#endif

#endif /* KERNELWRAP_KW_ABI_H */
