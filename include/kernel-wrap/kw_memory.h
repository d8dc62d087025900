//===- kw_memory.h - Host memory for kernel buffers -------------*- C++ -*-===//
//
/// \file
/// The one allocation rule for the buffers kernels run on, in kw-run,
/// kw-pocl and the OpenCL platform: zeroed, aligned, and on 2 MiB
/// transparent huge pages when large (a transpose walks thousands of pages
/// per group row; 4 KiB pages thrash the TLB).
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_KW_MEMORY_H
#define KERNELWRAP_KW_MEMORY_H

#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

namespace kw {

/// \p Bytes of zeroed memory aligned to \p Align (a power of two), or null;
/// release it with free().
inline char *allocBufferMemory(size_t Bytes, size_t Align) {
  constexpr size_t Huge = size_t(2) << 20;
  if (Bytes >= Huge)
    Align = Huge;
  size_t Alloc = Bytes ? (Bytes + Align - 1) / Align * Align : Align;
  char *P = static_cast<char *>(aligned_alloc(Align, Alloc));
  if (!P)
    return nullptr;
  if (Align == Huge)
    madvise(P, Alloc, MADV_HUGEPAGE);
  memset(P, 0, Alloc);
  return P;
}

} // namespace kw

#endif // KERNELWRAP_KW_MEMORY_H
