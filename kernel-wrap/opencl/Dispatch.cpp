//===- Dispatch.cpp - The ICD entry points and the dispatch table ---------===//
//
/// \file
/// The loader finds the platform through the exported functions
/// (clIcdGetPlatformIDsKHR, clGetExtensionFunctionAddress,
/// clGetPlatformInfo) and calls
/// everything else through the table every object points to. What the
/// platform does not implement (images, samplers, pipes, SVM, GL/EGL
/// sharing, native kernels) answers CL_INVALID_OPERATION, through a stub
/// of the slot's own type, rather than leaving a null the loader would
/// call.
//
//===----------------------------------------------------------------------===//

#include "Icd.h"
#include <type_traits>

namespace kwocl {

// Every other slot of the table (OpenCL 1.0 to 3.0, GL and EGL sharing).
#define KW_UNSUPPORTED(X)                                                      \
  X(clCreateImage2D) X(clCreateImage3D) X(clGetSupportedImageFormats)          \
  X(clGetImageInfo) X(clCreateSampler) X(clRetainSampler)                      \
  X(clReleaseSampler) X(clGetSamplerInfo) X(clEnqueueReadImage)                \
  X(clEnqueueWriteImage) X(clEnqueueCopyImage)                                 \
  X(clEnqueueCopyImageToBuffer) X(clEnqueueCopyBufferToImage)                  \
  X(clEnqueueMapImage) X(clEnqueueNativeKernel) X(clCreateFromGLBuffer)        \
  X(clCreateFromGLTexture2D) X(clCreateFromGLTexture3D)                        \
  X(clCreateFromGLRenderbuffer) X(clGetGLObjectInfo) X(clGetGLTextureInfo)     \
  X(clEnqueueAcquireGLObjects) X(clEnqueueReleaseGLObjects)                    \
  X(clGetGLContextInfoKHR) X(clCreateEventFromGLsyncKHR) X(clCreateImage)      \
  X(clCreateProgramWithBuiltInKernels) X(clEnqueueFillImage)                   \
  X(clCreateFromGLTexture) X(clCreateFromEGLImageKHR)                          \
  X(clEnqueueAcquireEGLObjectsKHR) X(clEnqueueReleaseEGLObjectsKHR)            \
  X(clCreateEventFromEGLSyncKHR) X(clCreatePipe) X(clGetPipeInfo)              \
  X(clSVMAlloc) X(clSVMFree) X(clEnqueueSVMFree) X(clEnqueueSVMMemcpy)         \
  X(clEnqueueSVMMemFill) X(clEnqueueSVMMap) X(clEnqueueSVMUnmap)               \
  X(clCreateSamplerWithProperties) X(clSetKernelArgSVMPointer)                 \
  X(clSetKernelExecInfo) X(clGetKernelSubGroupInfoKHR) X(clCloneKernel)        \
  X(clCreateProgramWithIL) X(clEnqueueSVMMigrateMem)                           \
  X(clGetDeviceAndHostTimer) X(clGetHostTimer) X(clGetKernelSubGroupInfo)      \
  X(clSetDefaultDeviceCommandQueue) X(clSetProgramReleaseCallback)             \
  X(clSetProgramSpecializationConstant) X(clCreateBufferWithProperties)        \
  X(clCreateImageWithProperties) X(clSetContextDestructorCallback)           \
  X(clCreateSubDevicesEXT) X(clRetainDeviceEXT) X(clReleaseDeviceEXT)          \
  X(clGetDeviceIDsFromD3D10KHR) X(clCreateFromD3D10BufferKHR)                  \
  X(clCreateFromD3D10Texture2DKHR) X(clCreateFromD3D10Texture3DKHR)            \
  X(clEnqueueAcquireD3D10ObjectsKHR) X(clEnqueueReleaseD3D10ObjectsKHR)        \
  X(clGetDeviceIDsFromD3D11KHR) X(clCreateFromD3D11BufferKHR)                  \
  X(clCreateFromD3D11Texture2DKHR) X(clCreateFromD3D11Texture3DKHR)            \
  X(clCreateFromDX9MediaSurfaceKHR) X(clEnqueueAcquireD3D11ObjectsKHR)         \
  X(clEnqueueReleaseD3D11ObjectsKHR) X(clGetDeviceIDsFromDX9MediaAdapterKHR)   \
  X(clEnqueueAcquireDX9MediaSurfacesKHR)                                       \
  X(clEnqueueReleaseDX9MediaSurfacesKHR)

namespace {

/// A stub of the slot type \p Fn (slots typed void *, the Windows-only
/// sharing calls, stay null): CL_INVALID_OPERATION, through errcode_ret
/// (the last parameter) for the calls that create an object.
template <typename Fn> struct Unsupported;
template <typename R, typename... A> struct Unsupported<R(CL_API_CALL *)(A...)> {
  static R CL_API_CALL call(A... Args) {
    if constexpr (std::is_same_v<R, cl_int>) {
      return CL_INVALID_OPERATION;
    } else {
      if constexpr (sizeof...(A) > 0) {
        using Last = std::tuple_element_t<sizeof...(A) - 1, std::tuple<A...>>;
        if constexpr (std::is_same_v<Last, cl_int *>) {
          Last Err = std::get<sizeof...(A) - 1>(std::tuple<A...>(Args...));
          if (Err)
            *Err = CL_INVALID_OPERATION;
        }
      }
      if constexpr (!std::is_void_v<R>)
        return R();
    }
  }
};

template <typename Slot> void stub(Slot &S) {
  if constexpr (std::is_pointer_v<Slot> &&
                std::is_function_v<std::remove_pointer_t<Slot>>)
    S = &Unsupported<Slot>::call;
}

cl_icd_dispatch makeDispatch() {
  cl_icd_dispatch D;
  memset(&D, 0, sizeof(D));
#define KW_SET(Name) D.Name = &kwocl::Name;
  KW_IMPLEMENTED(KW_SET)
#undef KW_SET
#define KW_STUB(Name) stub(D.Name);
  KW_UNSUPPORTED(KW_STUB)
#undef KW_STUB
  D.clGetExtensionFunctionAddress = &::clGetExtensionFunctionAddress;
  D.clGetExtensionFunctionAddressForPlatform =
      &::clGetExtensionFunctionAddressForPlatform;
  return D;
}

} // namespace

cl_icd_dispatch Dispatch = makeDispatch();

} // namespace kwocl

extern "C" {

__attribute__((visibility("default"))) cl_int CL_API_CALL
clIcdGetPlatformIDsKHR(cl_uint N, cl_platform_id *Platforms,
                       cl_uint *NumPlatforms) {
  return kwocl::clGetPlatformIDs(N, Platforms, NumPlatforms);
}

__attribute__((visibility("default"))) void *CL_API_CALL
clGetExtensionFunctionAddress(const char *Name) {
  if (Name && !strcmp(Name, "clIcdGetPlatformIDsKHR"))
    return reinterpret_cast<void *>(&clIcdGetPlatformIDsKHR);
  return nullptr;
}

// ocl-icd looks this one up by name to read the platform's ICD suffix.
__attribute__((visibility("default"))) cl_int CL_API_CALL
clGetPlatformInfo(cl_platform_id P, cl_platform_info Param, size_t Room,
                  void *Dst, size_t *Ret) {
  return kwocl::clGetPlatformInfo(P, Param, Room, Dst, Ret);
}

__attribute__((visibility("default"))) void *CL_API_CALL
clGetExtensionFunctionAddressForPlatform(cl_platform_id, const char *Name) {
  return clGetExtensionFunctionAddress(Name);
}

} // extern "C"
