//===- Platform.cpp - Platform, device and context queries ----------------===//
//
/// \file
/// One platform, one CPU device (this machine's cores), contexts over it.
/// The device's numbers are what kernel-wrap supports: work groups of up to
/// MaxWorkGroupSize items, no images, 64-bit floats and atomics.
//
//===----------------------------------------------------------------------===//

#include "Icd.h"
#include <chrono>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace kwocl {

_cl_platform_id ThePlatform;
_cl_device_id TheDevice;

cl_int info(const void *Src, size_t Size, size_t Room, void *Dst,
            size_t *SizeRet) {
  if (Dst) {
    if (Room < Size)
      return CL_INVALID_VALUE;
    memcpy(Dst, Src, Size);
  }
  if (SizeRet)
    *SizeRet = Size;
  return CL_SUCCESS;
}

cl_ulong nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

unsigned threadCount() {
  if (const char *T = getenv("KW_THREADS"))
    if (unsigned N = strtoul(T, nullptr, 10))
      return N;
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

const char *Extensions =
    "cl_khr_icd cl_khr_fp64 cl_khr_byte_addressable_store "
    "cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
    "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics "
    "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics";

std::string cpuName() {
  std::ifstream In("/proc/cpuinfo");
  std::string Line;
  while (std::getline(In, Line))
    if (Line.rfind("model name", 0) == 0) {
      size_t C = Line.find(':');
      if (C != std::string::npos)
        return Line.substr(C + 2);
    }
  return "CPU";
}

cl_ulong physicalMemory() {
  long Pages = sysconf(_SC_PHYS_PAGES), Page = sysconf(_SC_PAGE_SIZE);
  return Pages > 0 && Page > 0 ? cl_ulong(Pages) * cl_ulong(Page)
                               : cl_ulong(1) << 32;
}

/// Device queries whose answer is a string.
bool deviceString(cl_device_info P, std::string &S) {
  switch (P) {
  case CL_DEVICE_NAME: S = "kernel-wrap " + cpuName(); return true;
  case CL_DEVICE_VENDOR: S = "kernel-wrap"; return true;
  case CL_DRIVER_VERSION: S = "1.0"; return true;
  case CL_DEVICE_PROFILE: S = "FULL_PROFILE"; return true;
  case CL_DEVICE_VERSION: S = "OpenCL 1.2 kernel-wrap"; return true;
  case CL_DEVICE_OPENCL_C_VERSION: S = "OpenCL C 1.2 "; return true;
  case CL_DEVICE_EXTENSIONS: S = Extensions; return true;
  case CL_DEVICE_BUILT_IN_KERNELS: S = ""; return true;
  default: return false;
  }
}

/// Device queries whose answer is a cl_uint.
bool deviceUint(cl_device_info P, cl_uint &V) {
  switch (P) {
  case CL_DEVICE_VENDOR_ID: V = 0x6b77; return true;
  case CL_DEVICE_MAX_COMPUTE_UNITS: V = threadCount(); return true;
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: V = 3; return true;
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR: V = 16; return true;
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT: V = 8; return true;
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT: V = 4; return true;
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE: V = 2; return true;
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF: V = 0; return true;
  case CL_DEVICE_MAX_CLOCK_FREQUENCY: V = 0; return true;
  case CL_DEVICE_ADDRESS_BITS: V = 64; return true;
  case CL_DEVICE_MAX_READ_IMAGE_ARGS:
  case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
  case CL_DEVICE_MAX_SAMPLERS: V = 0; return true;
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN: V = 1024; return true;
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: V = 128; return true;
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: V = 64; return true;
  case CL_DEVICE_MAX_CONSTANT_ARGS: V = 64; return true;
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: V = 0; return true;
  case CL_DEVICE_REFERENCE_COUNT: V = 1; return true;
  default: return false;
  }
}

/// Device queries whose answer is a cl_ulong, a size_t or a cl_bool.
bool deviceWide(cl_device_info P, cl_ulong &U, size_t &S, cl_bool &B,
                int &Which) {
  cl_ulong Mem = physicalMemory();
  Which = 0;
  switch (P) {
  case CL_DEVICE_GLOBAL_MEM_SIZE: U = Mem; return true;
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE: U = Mem / 4; return true;
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: U = 1 << 20; return true;
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: U = 1 << 20; return true;
  // __local buffers live on the worker threads' 64 MiB stacks.
  case CL_DEVICE_LOCAL_MEM_SIZE: U = 4 << 20; return true;
  default: break;
  }
  Which = 1;
  switch (P) {
  case CL_DEVICE_MAX_WORK_GROUP_SIZE: S = MaxWorkGroupSize; return true;
  case CL_DEVICE_MAX_PARAMETER_SIZE: S = MaxParameterBytes; return true;
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION: S = 1; return true;
  case CL_DEVICE_PRINTF_BUFFER_SIZE: S = 1 << 20; return true;
  case CL_DEVICE_IMAGE2D_MAX_WIDTH: case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
  case CL_DEVICE_IMAGE3D_MAX_WIDTH: case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
  case CL_DEVICE_IMAGE3D_MAX_DEPTH: case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE: S = 0; return true;
  default: break;
  }
  Which = 2;
  switch (P) {
  case CL_DEVICE_IMAGE_SUPPORT: case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC: B = CL_FALSE; return true;
  case CL_DEVICE_ENDIAN_LITTLE: case CL_DEVICE_AVAILABLE:
  case CL_DEVICE_COMPILER_AVAILABLE: case CL_DEVICE_LINKER_AVAILABLE:
  case CL_DEVICE_HOST_UNIFIED_MEMORY: B = CL_TRUE; return true;
  default: return false;
  }
}

cl_int deviceInfo(cl_device_info P, size_t Room, void *Dst, size_t *Ret) {
  std::string Str;
  if (deviceString(P, Str))
    return info(Str, Room, Dst, Ret);
  cl_uint U32;
  if (deviceUint(P, U32))
    return info(U32, Room, Dst, Ret);
  cl_ulong U64;
  size_t Sz;
  cl_bool B;
  int Which;
  if (deviceWide(P, U64, Sz, B, Which))
    return Which == 0 ? info(U64, Room, Dst, Ret)
           : Which == 1 ? info(Sz, Room, Dst, Ret)
                        : info(B, Room, Dst, Ret);
  cl_device_fp_config FP = CL_FP_DENORM | CL_FP_INF_NAN |
                           CL_FP_ROUND_TO_NEAREST | CL_FP_ROUND_TO_ZERO |
                           CL_FP_ROUND_TO_INF | CL_FP_FMA;
  switch (P) {
  case CL_DEVICE_TYPE: return info(cl_device_type(CL_DEVICE_TYPE_CPU), Room, Dst, Ret);
  case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
    size_t Sizes[3] = {MaxWorkGroupSize, MaxWorkGroupSize, MaxWorkGroupSize};
    return info(Sizes, sizeof(Sizes), Room, Dst, Ret);
  }
  case CL_DEVICE_SINGLE_FP_CONFIG:
    return info(FP | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, Room, Dst, Ret);
  case CL_DEVICE_DOUBLE_FP_CONFIG: return info(FP, Room, Dst, Ret);
  case CL_DEVICE_HALF_FP_CONFIG: return info(cl_device_fp_config(0), Room, Dst, Ret);
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
    return info(cl_device_mem_cache_type(CL_READ_WRITE_CACHE), Room, Dst, Ret);
  case CL_DEVICE_LOCAL_MEM_TYPE:
    return info(cl_device_local_mem_type(CL_GLOBAL), Room, Dst, Ret);
  case CL_DEVICE_EXECUTION_CAPABILITIES:
    return info(cl_device_exec_capabilities(CL_EXEC_KERNEL), Room, Dst, Ret);
  case CL_DEVICE_QUEUE_PROPERTIES:
    return info(cl_command_queue_properties(
                    CL_QUEUE_PROFILING_ENABLE |
                    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE),
                Room, Dst, Ret);
  case CL_DEVICE_PLATFORM: return info(&ThePlatform, Room, Dst, Ret);
  case CL_DEVICE_PARENT_DEVICE: return info(cl_device_id(nullptr), Room, Dst, Ret);
  case CL_DEVICE_PARTITION_PROPERTIES:
  case CL_DEVICE_PARTITION_TYPE:
    return info(cl_device_partition_property(0), Room, Dst, Ret);
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
    return info(cl_device_affinity_domain(0), Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

} // namespace

cl_int CL_API_CALL clGetPlatformIDs(cl_uint N, cl_platform_id *Platforms,
                                    cl_uint *NumPlatforms) {
  if ((!N && Platforms) || (!Platforms && !NumPlatforms))
    return CL_INVALID_VALUE;
  if (Platforms)
    Platforms[0] = &ThePlatform;
  if (NumPlatforms)
    *NumPlatforms = 1;
  return CL_SUCCESS;
}

cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id P, cl_platform_info Param,
                                     size_t Room, void *Dst, size_t *Ret) {
  if (P && P != &ThePlatform)
    return CL_INVALID_PLATFORM;
  switch (Param) {
  case CL_PLATFORM_PROFILE: return info(std::string("FULL_PROFILE"), Room, Dst, Ret);
  case CL_PLATFORM_VERSION:
    return info(std::string("OpenCL 1.2 kernel-wrap"), Room, Dst, Ret);
  case CL_PLATFORM_NAME: return info(std::string("kernel-wrap"), Room, Dst, Ret);
  case CL_PLATFORM_VENDOR: return info(std::string("kernel-wrap"), Room, Dst, Ret);
  case CL_PLATFORM_EXTENSIONS:
    return info(std::string("cl_khr_icd"), Room, Dst, Ret);
  case CL_PLATFORM_ICD_SUFFIX_KHR: return info(std::string("KW"), Room, Dst, Ret);
  case CL_PLATFORM_HOST_TIMER_RESOLUTION: return info(cl_ulong(1), Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id P, cl_device_type Type,
                                  cl_uint N, cl_device_id *Devices,
                                  cl_uint *NumDevices) {
  if (P && P != &ThePlatform)
    return CL_INVALID_PLATFORM;
  const cl_device_type Known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                               CL_DEVICE_TYPE_GPU |
                               CL_DEVICE_TYPE_ACCELERATOR |
                               CL_DEVICE_TYPE_CUSTOM;
  if (Type != CL_DEVICE_TYPE_ALL && (!Type || (Type & ~Known)))
    return CL_INVALID_DEVICE_TYPE;
  if ((!N && Devices) || (!Devices && !NumDevices))
    return CL_INVALID_VALUE;
  bool Match = Type & (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_DEFAULT);
  if (NumDevices)
    *NumDevices = Match;
  if (!Match)
    return CL_DEVICE_NOT_FOUND;
  if (Devices)
    Devices[0] = &TheDevice;
  return CL_SUCCESS;
}

cl_int CL_API_CALL clGetDeviceInfo(cl_device_id D, cl_device_info Param,
                                   size_t Room, void *Dst, size_t *Ret) {
  if (!isDevice(D))
    return CL_INVALID_DEVICE;
  return deviceInfo(Param, Room, Dst, Ret);
}

cl_int CL_API_CALL clRetainDevice(cl_device_id D) {
  return isDevice(D) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL clReleaseDevice(cl_device_id D) {
  return isDevice(D) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL clCreateSubDevices(cl_device_id D,
                                      const cl_device_partition_property *,
                                      cl_uint, cl_device_id *, cl_uint *) {
  return isDevice(D) ? CL_INVALID_VALUE : CL_INVALID_DEVICE;
}

namespace {

/// Checks a context's property list: only CL_CONTEXT_PLATFORM (ours).
cl_int checkProps(const cl_context_properties *Props,
                  std::vector<cl_context_properties> &Out) {
  if (!Props)
    return CL_SUCCESS;
  for (const cl_context_properties *P = Props; *P; P += 2) {
    if (P[0] != CL_CONTEXT_PLATFORM)
      return CL_INVALID_PROPERTY;
    if (reinterpret_cast<cl_platform_id>(P[1]) != &ThePlatform)
      return CL_INVALID_PLATFORM;
    Out.push_back(P[0]);
    Out.push_back(P[1]);
  }
  Out.push_back(0);
  return CL_SUCCESS;
}

} // namespace

cl_context CL_API_CALL clCreateContext(
    const cl_context_properties *Props, cl_uint N, const cl_device_id *Devices,
    void(CL_CALLBACK *Notify)(const char *, const void *, size_t, void *),
    void *Data, cl_int *Err) {
  if (!N || !Devices || (!Notify && Data))
    return failWith<_cl_context>(Err, CL_INVALID_VALUE);
  for (cl_uint I = 0; I < N; ++I)
    if (!isDevice(Devices[I]))
      return failWith<_cl_context>(Err, CL_INVALID_DEVICE);
  std::vector<cl_context_properties> Checked;
  if (cl_int E = checkProps(Props, Checked))
    return failWith<_cl_context>(Err, E);
  auto *C = new _cl_context();
  C->Props = std::move(Checked);
  C->Notify = Notify;
  C->NotifyData = Data;
  return failWith(Err, CL_SUCCESS, C);
}

cl_context CL_API_CALL clCreateContextFromType(
    const cl_context_properties *Props, cl_device_type Type,
    void(CL_CALLBACK *Notify)(const char *, const void *, size_t, void *),
    void *Data, cl_int *Err) {
  cl_device_id D;
  cl_int E = kwocl::clGetDeviceIDs(nullptr, Type, 1, &D, nullptr);
  if (E != CL_SUCCESS)
    return failWith<_cl_context>(Err, E);
  return kwocl::clCreateContext(Props, 1, &D, Notify, Data, Err);
}

cl_int CL_API_CALL clRetainContext(cl_context C) {
  return retainObject(C, CL_INVALID_CONTEXT);
}

cl_int CL_API_CALL clReleaseContext(cl_context C) {
  return releaseObject(C, CL_INVALID_CONTEXT);
}

cl_int CL_API_CALL clGetContextInfo(cl_context C, cl_context_info Param,
                                    size_t Room, void *Dst, size_t *Ret) {
  if (!_cl_context::valid(C))
    return CL_INVALID_CONTEXT;
  switch (Param) {
  case CL_CONTEXT_REFERENCE_COUNT: return info(cl_uint(C->Refs), Room, Dst, Ret);
  case CL_CONTEXT_NUM_DEVICES: return info(cl_uint(1), Room, Dst, Ret);
  case CL_CONTEXT_DEVICES: return info(&TheDevice, Room, Dst, Ret);
  case CL_CONTEXT_PROPERTIES: return info(C->Props, Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

} // namespace kwocl
