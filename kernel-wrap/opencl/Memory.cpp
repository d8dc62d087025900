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
#include "kernel-wrap/kw_memory.h"
#include <array>
#include <cstdint>
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

/// The host may read (\p Read) or write \p M (CL_MEM_HOST_* flags).
bool hostMay(cl_mem M, bool Read) {
  cl_mem_flags Deny = CL_MEM_HOST_NO_ACCESS |
                      (Read ? CL_MEM_HOST_WRITE_ONLY : CL_MEM_HOST_READ_ONLY);
  return !(M->Flags & Deny);
}

/// A reference to \p M for as long as a command that may run later
/// captures it (the host may release the buffer once it enqueued).
using Holds = std::vector<std::shared_ptr<_cl_mem>>;
Holds hold(std::initializer_list<cl_mem> Mems) {
  Holds H;
  for (cl_mem M : Mems) {
    M->retain();
    H.emplace_back(M, [](cl_mem X) { X->release(); });
  }
  return H;
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

/// One side of a rectangle copy (clEnqueue*BufferRect): its bytes (a
/// buffer's, or host memory: no size), the rectangle's origin and the
/// pitches, defaulted as the spec says.
struct RectSide {
  char *Base;
  size_t Size;
  std::array<size_t, 3> Origin;
  size_t Row, Slice;
  RectSide(char *Base, size_t Size, const size_t *O, const size_t *Region,
           size_t RowPitch, size_t SlicePitch)
      : Base(Base), Size(Size), Origin{O[0], O[1], O[2]},
        Row(RowPitch ? RowPitch : Region[0]),
        Slice(SlicePitch ? SlicePitch : Region[1] * Row) {}
  size_t at(size_t Y, size_t Z) const {
    return (Origin[2] + Z) * Slice + (Origin[1] + Y) * Row + Origin[0];
  }
};

/// Enqueues the copy of a rectangle from \p Src to \p Dst after checking
/// both sides' bounds.
cl_int rectCommand(cl_command_queue Q, cl_command_type Type, cl_bool Blocking,
                   const RectSide &Dst, const RectSide &Src,
                   const size_t *Region, cl_uint NWait, const cl_event *Wait,
                   cl_event *Ev, Holds H) {
  std::array<size_t, 3> R{Region[0], Region[1], Region[2]};
  for (const RectSide *S : {&Dst, &Src})
    if (S->at(R[1] - 1, R[2] - 1) + R[0] > S->Size)
      return CL_INVALID_VALUE;
  return enqueue(Q, Type, NWait, Wait, Ev, Blocking, [=, H = std::move(H)] {
    for (size_t Z = 0; Z < R[2]; ++Z)
      for (size_t Y = 0; Y < R[1]; ++Y)
        memmove(Dst.Base + Dst.at(Y, Z), Src.Base + Src.at(Y, Z), R[0]);
  });
}

bool validRegion(const size_t *A, const size_t *B, const size_t *Region) {
  return A && B && Region && Region[0] && Region[1] && Region[2];
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
    // slack keep that inside the allocation. Aligned as
    // CL_DEVICE_MEM_BASE_ADDR_ALIGN says (128 bytes).
    M->Data = kw::allocBufferMemory(Size + 64, 128);
    if (!M->Data) {
      delete M;
      return failWith<_cl_mem>(Err, CL_MEM_OBJECT_ALLOCATION_FAILURE);
    }
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
  return retainObject(M, CL_INVALID_MEM_OBJECT);
}

cl_int CL_API_CALL clReleaseMemObject(cl_mem M) {
  return releaseObject(M, CL_INVALID_MEM_OBJECT);
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

cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue Q, cl_mem M, cl_bool B,
                                       size_t Off, size_t Size, void *Ptr,
                                       cl_uint NWait, const cl_event *Wait,
                                       cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  if (!Ptr || !Size || !inRange(M, Off, Size))
    return CL_INVALID_VALUE;
  if (!hostMay(M, /*Read=*/true))
    return CL_INVALID_OPERATION;
  return enqueue(Q, CL_COMMAND_READ_BUFFER, NWait, Wait, Ev, B,
                 [=, H = hold({M})] { memmove(Ptr, M->Data + Off, Size); });
}

cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue Q, cl_mem M, cl_bool B,
                                        size_t Off, size_t Size,
                                        const void *Ptr, cl_uint NWait,
                                        const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  if (!Ptr || !Size || !inRange(M, Off, Size))
    return CL_INVALID_VALUE;
  if (!hostMay(M, /*Read=*/false))
    return CL_INVALID_OPERATION;
  return enqueue(Q, CL_COMMAND_WRITE_BUFFER, NWait, Wait, Ev, B,
                 [=, H = hold({M})] { memmove(M->Data + Off, Ptr, Size); });
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
  return enqueue(Q, CL_COMMAND_COPY_BUFFER, NWait, Wait, Ev, false,
                 [=, H = hold({Src, Dst})] { memcpy(D, S, Size); });
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
  std::string Pat(static_cast<const char *>(Pattern), PatSize);
  return enqueue(Q, CL_COMMAND_FILL_BUFFER, NWait, Wait, Ev, false,
                 [=, H = hold({M})] {
    for (size_t I = 0; I < Size; I += PatSize)
      memcpy(M->Data + Off + I, Pat.data(), PatSize);
  });
}

cl_int CL_API_CALL clEnqueueReadBufferRect(
    cl_command_queue Q, cl_mem M, cl_bool B, const size_t *BufOrigin,
    const size_t *HostOrigin, const size_t *Region, size_t BufRow,
    size_t BufSlice, size_t HostRow, size_t HostSlice, void *Ptr,
    cl_uint NWait, const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  if (!Ptr || !validRegion(BufOrigin, HostOrigin, Region))
    return CL_INVALID_VALUE;
  if (!hostMay(M, /*Read=*/true))
    return CL_INVALID_OPERATION;
  return rectCommand(
      Q, CL_COMMAND_READ_BUFFER_RECT, B,
      RectSide(static_cast<char *>(Ptr), SIZE_MAX, HostOrigin, Region,
               HostRow, HostSlice),
      RectSide(M->Data, M->Size, BufOrigin, Region, BufRow, BufSlice), Region,
      NWait, Wait, Ev, hold({M}));
}

cl_int CL_API_CALL clEnqueueWriteBufferRect(
    cl_command_queue Q, cl_mem M, cl_bool B, const size_t *BufOrigin,
    const size_t *HostOrigin, const size_t *Region, size_t BufRow,
    size_t BufSlice, size_t HostRow, size_t HostSlice, const void *Ptr,
    cl_uint NWait, const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {M}))
    return E;
  if (!Ptr || !validRegion(BufOrigin, HostOrigin, Region))
    return CL_INVALID_VALUE;
  if (!hostMay(M, /*Read=*/false))
    return CL_INVALID_OPERATION;
  return rectCommand(
      Q, CL_COMMAND_WRITE_BUFFER_RECT, B,
      RectSide(M->Data, M->Size, BufOrigin, Region, BufRow, BufSlice),
      RectSide(static_cast<char *>(const_cast<void *>(Ptr)), SIZE_MAX,
               HostOrigin, Region, HostRow, HostSlice),
      Region, NWait, Wait, Ev, hold({M}));
}

cl_int CL_API_CALL clEnqueueCopyBufferRect(
    cl_command_queue Q, cl_mem Src, cl_mem Dst, const size_t *SrcOrigin,
    const size_t *DstOrigin, const size_t *Region, size_t SrcRow,
    size_t SrcSlice, size_t DstRow, size_t DstSlice, cl_uint NWait,
    const cl_event *Wait, cl_event *Ev) {
  if (cl_int E = checkCommand(Q, {Src, Dst}))
    return E;
  if (!validRegion(SrcOrigin, DstOrigin, Region))
    return CL_INVALID_VALUE;
  return rectCommand(
      Q, CL_COMMAND_COPY_BUFFER_RECT, CL_FALSE,
      RectSide(Dst->Data, Dst->Size, DstOrigin, Region, DstRow, DstSlice),
      RectSide(Src->Data, Src->Size, SrcOrigin, Region, SrcRow, SrcSlice),
      Region, NWait, Wait, Ev, hold({Src, Dst}));
}

void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue Q, cl_mem M, cl_bool B,
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
  if (((Flags & CL_MAP_READ) && !hostMay(M, /*Read=*/true)) ||
      ((Flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
       !hostMay(M, /*Read=*/false)))
    return failWith<void>(Err, CL_INVALID_OPERATION);
  if (cl_int E = enqueue(Q, CL_COMMAND_MAP_BUFFER, NWait, Wait, Ev, B,
                         [=, H = hold({M})] { ++M->Maps; }))
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
  return enqueue(Q, CL_COMMAND_UNMAP_MEM_OBJECT, NWait, Wait, Ev, false,
                 [=, H = hold({M})] { --M->Maps; });
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
  return enqueue(Q, CL_COMMAND_MIGRATE_MEM_OBJECTS, NWait, Wait, Ev, false, [] {});
}

} // namespace kwocl
