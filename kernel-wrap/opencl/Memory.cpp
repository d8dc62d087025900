//===- Memory.cpp - Buffers and the commands that move their bytes --------===//
//
/// \file
/// A buffer is host memory (the device is the host): its own allocation, or
/// the host's pointer under CL_MEM_USE_HOST_PTR. Reads, writes, copies and
/// fills run when they are enqueued; mapping hands out the buffer's own
/// bytes, so unmapping has nothing to copy.
//
//===----------------------------------------------------------------------===//

#include "Icd.h"
#include <cstdlib>

_cl_mem::~_cl_mem() {
  for (auto It = Destructors.rbegin(); It != Destructors.rend(); ++It)
    It->first(this, It->second);
  if (Owned)
    free(Data);
  if (Parent)
    Parent->release();
  Ctx->release();
}

namespace kwocl {
namespace {

constexpr cl_mem_flags AccessFlags =
    CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
constexpr cl_mem_flags HostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

/// At most one bit of \p Group set in \p F.
bool oneOf(cl_mem_flags F, cl_mem_flags Group) {
  cl_mem_flags G = F & Group;
  return (G & (G - 1)) == 0;
}

cl_int checkFlags(cl_mem_flags F, void *HostPtr) {
  constexpr cl_mem_flags Known = AccessFlags | HostAccessFlags |
                                 CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR |
                                 CL_MEM_COPY_HOST_PTR;
  if ((F & ~Known) || !oneOf(F, AccessFlags) || !oneOf(F, HostAccessFlags))
    return CL_INVALID_VALUE;
  if ((F & CL_MEM_USE_HOST_PTR) &&
      (F & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    return CL_INVALID_VALUE;
  bool WantsPtr = F & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (WantsPtr != (HostPtr != nullptr))
    return CL_INVALID_HOST_PTR;
  return CL_SUCCESS;
}

/// The range [Off, Off + Size) fits \p M.
bool inRange(cl_mem M, size_t Off, size_t Size) {
  return Off <= M->Size && Size <= M->Size - Off;
}

/// The checks common to the memory commands: queue, buffer, context.
cl_int checkCommand(cl_command_queue Q, std::initializer_list<cl_mem> Mems) {
  if (!_cl_command_queue::valid(Q))
    return CL_INVALID_COMMAND_QUEUE;
  for (cl_mem M : Mems) {
    if (!_cl_mem::valid(M))
      return CL_INVALID_MEM_OBJECT;
    if (M->Ctx != Q->Ctx)
      return CL_INVALID_CONTEXT;
  }
  return CL_SUCCESS;
}

/// Runs \p Body as one command: waits for the list, times it, makes the
/// event.
template <typename F>
cl_int command(cl_command_queue Q, cl_command_type Type, cl_uint NWait,
               const cl_event *Wait, cl_event *Ev, F Body) {
  if (cl_int E = waitList(NWait, Wait))
    return E;
  cl_ulong T0 = nowNs();
  Body();
  completeEvent(Q, Type, T0, Ev);
  return CL_SUCCESS;
}

/// Byte offset of a rectangle's origin, with the spec's default pitches.
struct Rect {
  size_t Row, Slice;
  Rect(const size_t Region[3], size_t RowPitch, size_t SlicePitch)
      : Row(RowPitch ? RowPitch : Region[0]),
        Slice(SlicePitch ? SlicePitch : Region[1] * Row) {}
  size_t offset(const size_t O[3]) const {
    return O[2] * Slice + O[1] * Row + O[0];
  }
  size_t last(const size_t O[3], const size_t R[3]) const {
    return offset(O) + (R[2] - 1) * Slice + (R[1] - 1) * Row + R[0];
  }
};

/// Copies a rectangle between two byte arrays laid out by \p A and \p B.
void copyRect(char *Dst, const Rect &DR, const size_t DO[3], const char *Src,
              const Rect &SR, const size_t SO[3], const size_t Region[3]) {
  for (size_t Z = 0; Z < Region[2]; ++Z)
    for (size_t Y = 0; Y < Region[1]; ++Y) {
      size_t D = DR.offset(DO) + Z * DR.Slice + Y * DR.Row;
      size_t S = SR.offset(SO) + Z * SR.Slice + Y * SR.Row;
      memmove(Dst + D, Src + S, Region[0]);
    }
}

} // namespace

cl_mem CL_API_CALL clCreateBuffer(cl_context C, cl_mem_flags Flags,
                                  size_t Size, void *HostPtr, cl_int *Err) {
  if (!_cl_context::valid(C))
    return failWith<_cl_mem>(Err, CL_INVALID_CONTEXT);
  if (!Flags)
    Flags = CL_MEM_READ_WRITE;
  if (cl_int E = checkFlags(Flags, HostPtr))
    return failWith<_cl_mem>(Err, E);
  if (!Size || Size > (size_t(1) << 46))
    return failWith<_cl_mem>(Err, CL_INVALID_BUFFER_SIZE);
  auto *M = new _cl_mem();
  M->Ctx = C;
  C->retain();
  M->Flags = Flags;
  M->Size = Size;
  M->HostPtr = HostPtr;
  if (Flags & CL_MEM_USE_HOST_PTR) {
    M->Data = static_cast<char *>(HostPtr);
  } else {
    // Kernels may read a vector past a buffer's last element; 64 bytes of
    // slack keep that inside the allocation.
    size_t Bytes = (Size + 64 + 127) / 128 * 128;
    M->Data = static_cast<char *>(aligned_alloc(128, Bytes));
    if (!M->Data) {
      delete M;
      return failWith<_cl_mem>(Err, CL_MEM_OBJECT_ALLOCATION_FAILURE);
    }
    memset(M->Data, 0, Bytes);
    M->Owned = true;
    if (Flags & CL_MEM_COPY_HOST_PTR)
      memcpy(M->Data, HostPtr, Size);
  }
  return failWith(Err, CL_SUCCESS, M);
}

cl_mem CL_API_CALL clCreateSubBuffer(cl_mem Parent, cl_mem_flags Flags,
                                     cl_buffer_create_type Type,
                                     const void *Info, cl_int *Err) {
  if (!_cl_mem::valid(Parent) || Parent->Parent)
    return failWith<_cl_mem>(Err, CL_INVALID_MEM_OBJECT);
  if (Type != CL_BUFFER_CREATE_TYPE_REGION || !Info)
    return failWith<_cl_mem>(Err, CL_INVALID_VALUE);
  if ((Flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR |
                CL_MEM_COPY_HOST_PTR)) ||
      checkFlags(Flags, nullptr))
    return failWith<_cl_mem>(Err, CL_INVALID_VALUE);
  auto *R = static_cast<const cl_buffer_region *>(Info);
  if (!R->size)
    return failWith<_cl_mem>(Err, CL_INVALID_BUFFER_SIZE);
  if (!inRange(Parent, R->origin, R->size))
    return failWith<_cl_mem>(Err, CL_INVALID_VALUE);
  if (R->origin % 128)
    return failWith<_cl_mem>(Err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
  auto *M = new _cl_mem();
  M->Ctx = Parent->Ctx;
  M->Ctx->retain();
  // Access the parent allows, unless narrowed.
  cl_mem_flags Inherit = CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR |
                         CL_MEM_COPY_HOST_PTR;
  if (!(Flags & AccessFlags))
    Inherit |= AccessFlags;
  if (!(Flags & HostAccessFlags))
    Inherit |= HostAccessFlags;
  M->Flags = Flags | (Parent->Flags & Inherit);
  M->Size = R->size;
  M->Data = Parent->Data + R->origin;
  M->HostPtr = Parent->HostPtr ? static_cast<char *>(Parent->HostPtr) +
                                     R->origin
                               : nullptr;
  M->Parent = Parent;
  M->Origin = R->origin;
  Parent->retain();
  return failWith(Err, CL_SUCCESS, M);
}

cl_int CL_API_CALL clRetainMemObject(cl_mem M) {
  if (!_cl_mem::valid(M))
    return CL_INVALID_MEM_OBJECT;
  M->retain();
  return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseMemObject(cl_mem M) {
  if (!_cl_mem::valid(M))
    return CL_INVALID_MEM_OBJECT;
  M->release();
  return CL_SUCCESS;
}

cl_int CL_API_CALL clSetMemObjectDestructorCallback(
    cl_mem M, void(CL_CALLBACK *Fn)(cl_mem, void *), void *Data) {
  if (!_cl_mem::valid(M))
    return CL_INVALID_MEM_OBJECT;
  if (!Fn)
    return CL_INVALID_VALUE;
  M->Destructors.push_back({Fn, Data});
  return CL_SUCCESS;
}

cl_int CL_API_CALL clGetMemObjectInfo(cl_mem M, cl_mem_info Param, size_t Room,
                                      void *Dst, size_t *Ret) {
  if (!_cl_mem::valid(M))
    return CL_INVALID_MEM_OBJECT;
  switch (Param) {
  case CL_MEM_TYPE: return info(cl_mem_object_type(CL_MEM_OBJECT_BUFFER), Room, Dst, Ret);
  case CL_MEM_FLAGS: return info(M->Flags, Room, Dst, Ret);
  case CL_MEM_SIZE: return info(M->Size, Room, Dst, Ret);
  case CL_MEM_HOST_PTR: return info(M->HostPtr, Room, Dst, Ret);
  case CL_MEM_MAP_COUNT: return info(cl_uint(M->Maps), Room, Dst, Ret);
  case CL_MEM_REFERENCE_COUNT: return info(cl_uint(M->Refs), Room, Dst, Ret);
  case CL_MEM_CONTEXT: return info(M->Ctx, Room, Dst, Ret);
  case CL_MEM_ASSOCIATED_MEMOBJECT: return info(M->Parent, Room, Dst, Ret);
  case CL_MEM_OFFSET: return info(M->Origin, Room, Dst, Ret);
  case CL_MEM_USES_SVM_POINTER: return info(cl_bool(CL_FALSE), Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue Q, cl_mem M, cl_bool,
                                       size_t Off, size_t Size, void *Ptr,
                                       cl_uint NWait, const cl_event *Wait,
                                       cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  if (!Ptr || !Size || !inRange(M, Off, Size))
    return CL_INVALID_VALUE;
  return command(Q, CL_COMMAND_READ_BUFFER, NWait, Wait, Ev,
                 [&] { memmove(Ptr, M->Data + Off, Size); });
}

cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue Q, cl_mem M, cl_bool,
                                        size_t Off, size_t Size,
                                        const void *Ptr, cl_uint NWait,
                                        const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  if (!Ptr || !Size || !inRange(M, Off, Size))
    return CL_INVALID_VALUE;
  return command(Q, CL_COMMAND_WRITE_BUFFER, NWait, Wait, Ev,
                 [&] { memmove(M->Data + Off, Ptr, Size); });
}

cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue Q, cl_mem Src,
                                       cl_mem Dst, size_t SrcOff,
                                       size_t DstOff, size_t Size,
                                       cl_uint NWait, const cl_event *Wait,
                                       cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {Src, Dst}))
    return E;
  if (!Size || !inRange(Src, SrcOff, Size) || !inRange(Dst, DstOff, Size))
    return CL_INVALID_VALUE;
  const char *S = Src->Data + SrcOff;
  char *D = Dst->Data + DstOff;
  if (S < D + Size && D < S + Size)
    return CL_MEM_COPY_OVERLAP;
  return command(Q, CL_COMMAND_COPY_BUFFER, NWait, Wait, Ev,
                 [&] { memcpy(D, S, Size); });
}

cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue Q, cl_mem M,
                                       const void *Pattern, size_t PatSize,
                                       size_t Off, size_t Size, cl_uint NWait,
                                       const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  bool Pow2 = PatSize && !(PatSize & (PatSize - 1)) && PatSize <= 128;
  if (!Pattern || !Pow2 || Off % PatSize || Size % PatSize ||
      !inRange(M, Off, Size))
    return CL_INVALID_VALUE;
  return command(Q, CL_COMMAND_FILL_BUFFER, NWait, Wait, Ev, [&] {
    for (size_t I = 0; I < Size; I += PatSize)
      memcpy(M->Data + Off + I, Pattern, PatSize);
  });
}

cl_int CL_API_CALL clEnqueueReadBufferRect(
    cl_command_queue Q, cl_mem M, cl_bool, const size_t *BufOrigin,
    const size_t *HostOrigin, const size_t *Region, size_t BufRow,
    size_t BufSlice, size_t HostRow, size_t HostSlice, void *Ptr,
    cl_uint NWait, const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  if (!Ptr || !BufOrigin || !HostOrigin || !Region || !Region[0] ||
      !Region[1] || !Region[2])
    return CL_INVALID_VALUE;
  Rect B(Region, BufRow, BufSlice), H(Region, HostRow, HostSlice);
  if (B.last(BufOrigin, Region) > M->Size)
    return CL_INVALID_VALUE;
  return command(Q, CL_COMMAND_READ_BUFFER_RECT, NWait, Wait, Ev, [&] {
    copyRect(static_cast<char *>(Ptr), H, HostOrigin, M->Data, B, BufOrigin,
             Region);
  });
}

cl_int CL_API_CALL clEnqueueWriteBufferRect(
    cl_command_queue Q, cl_mem M, cl_bool, const size_t *BufOrigin,
    const size_t *HostOrigin, const size_t *Region, size_t BufRow,
    size_t BufSlice, size_t HostRow, size_t HostSlice, const void *Ptr,
    cl_uint NWait, const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  if (!Ptr || !BufOrigin || !HostOrigin || !Region || !Region[0] ||
      !Region[1] || !Region[2])
    return CL_INVALID_VALUE;
  Rect B(Region, BufRow, BufSlice), H(Region, HostRow, HostSlice);
  if (B.last(BufOrigin, Region) > M->Size)
    return CL_INVALID_VALUE;
  return command(Q, CL_COMMAND_WRITE_BUFFER_RECT, NWait, Wait, Ev, [&] {
    copyRect(M->Data, B, BufOrigin, static_cast<const char *>(Ptr), H,
             HostOrigin, Region);
  });
}

cl_int CL_API_CALL clEnqueueCopyBufferRect(
    cl_command_queue Q, cl_mem Src, cl_mem Dst, const size_t *SrcOrigin,
    const size_t *DstOrigin, const size_t *Region, size_t SrcRow,
    size_t SrcSlice, size_t DstRow, size_t DstSlice, cl_uint NWait,
    const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {Src, Dst}))
    return E;
  if (!SrcOrigin || !DstOrigin || !Region || !Region[0] || !Region[1] ||
      !Region[2])
    return CL_INVALID_VALUE;
  Rect S(Region, SrcRow, SrcSlice), D(Region, DstRow, DstSlice);
  if (S.last(SrcOrigin, Region) > Src->Size ||
      D.last(DstOrigin, Region) > Dst->Size)
    return CL_INVALID_VALUE;
  return command(Q, CL_COMMAND_COPY_BUFFER_RECT, NWait, Wait, Ev, [&] {
    copyRect(Dst->Data, D, DstOrigin, Src->Data, S, SrcOrigin, Region);
  });
}

void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue Q, cl_mem M, cl_bool,
                                     cl_map_flags Flags, size_t Off,
                                     size_t Size, cl_uint NWait,
                                     const cl_event *Wait, cl_event *Ev,
                                     cl_int *Err) {
  if (cl_int E = checkCommand(Q, {M}))
    return failWith<void>(Err, E);
  constexpr cl_map_flags Known =
      CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
  if (!Size || !inRange(M, Off, Size) || (Flags & ~Known))
    return failWith<void>(Err, CL_INVALID_VALUE);
  if (cl_int E = command(Q, CL_COMMAND_MAP_BUFFER, NWait, Wait, Ev,
                         [&] { ++M->Maps; }))
    return failWith<void>(Err, E);
  return failWith<void>(Err, CL_SUCCESS, M->Data + Off);
}

cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue Q, cl_mem M,
                                           void *Ptr, cl_uint NWait,
                                           const cl_event *Wait,
                                           cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  char *P = static_cast<char *>(Ptr);
  if (!M->Maps || P < M->Data || P >= M->Data + M->Size)
    return CL_INVALID_VALUE;
  return command(Q, CL_COMMAND_UNMAP_MEM_OBJECT, NWait, Wait, Ev,
                 [&] { --M->Maps; });
}

cl_int CL_API_CALL clEnqueueMigrateMemObjects(cl_command_queue Q, cl_uint N,
                                              const cl_mem *Mems,
                                              cl_mem_migration_flags,
                                              cl_uint NWait,
                                              const cl_event *Wait,
                                              cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {}))
    return E;
  if (!N || !Mems)
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < N; ++I)
    if (!_cl_mem::valid(Mems[I]))
      return CL_INVALID_MEM_OBJECT;
  return command(Q, CL_COMMAND_MIGRATE_MEM_OBJECTS, NWait, Wait, Ev, [] {});
}

} // namespace kwocl
