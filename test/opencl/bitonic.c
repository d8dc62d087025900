/* Staged bitonic sort: one clEnqueueNDRangeKernel per (stage, pass), the
 * stage, pass and direction passed as uint kernel arguments. Two halves of
 * the input are sorted on the device in separate buffers (one ascending
 * and one descending, so the direction argument matters), and the host
 * merges the two sorted halves. Checked against qsort of the whole. */
#include "common.h"

enum { LOG_HALF = 16, HALF = 1 << LOG_HALF, TOTAL = 2 * HALF };

static const char *source =
    "/* One compare-exchange per work-item: pairs (left, left + distance)\n"
    " * inside blocks of 2 * distance; the direction flips every 2^stage\n"
    " * pairs so that each stage builds bitonic runs of twice the length. */\n"
    "__kernel void bitonic_pass(__global uint *keys, uint stage, uint pass,\n"
    "                           uint ascending) {\n"
    "  uint i = get_global_id(0);\n"
    "  uint distance = 1u << (stage - pass);\n"
    "  uint left = (i % distance) + (i / distance) * 2u * distance;\n"
    "  uint right = left + distance;\n"
    "  uint up = ascending;\n"
    "  if ((i >> stage) & 1u) up = !up;\n"
    "  uint a = keys[left], b = keys[right];\n"
    "  uint lo = min(a, b), hi = max(a, b);\n"
    "  keys[left] = up ? lo : hi;\n"
    "  keys[right] = up ? hi : lo;\n"
    "}\n";

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

static void device_sort(env_t *env, cl_kernel k, cl_uint *data, cl_uint asc,
                        int *launches) {
  cl_mem buf;
  CLNEW(buf, clCreateBuffer(env->context,
                            CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                            HALF * sizeof(cl_uint), data, &err_));
  CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
  CHECK(clSetKernelArg(k, 3, sizeof asc, &asc));
  size_t global = HALF / 2;
  for (cl_uint stage = 0; stage < LOG_HALF; stage++)
    for (cl_uint pass = 0; pass <= stage; pass++) {
      CHECK(clSetKernelArg(k, 1, sizeof stage, &stage));
      CHECK(clSetKernelArg(k, 2, sizeof pass, &pass));
      CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, NULL, 0,
                                   NULL, NULL));
      ++*launches;
    }
  CHECK(clEnqueueReadBuffer(env->queue, buf, CL_TRUE, 0,
                            HALF * sizeof(cl_uint), data, 0, NULL, NULL));
  CHECK(clReleaseMemObject(buf));
}

int main(void) {
  env_t env;
  env_init(&env, "bitonic", 0);
  cl_uint *keys = malloc(TOTAL * sizeof *keys);
  cl_uint *ref = malloc(TOTAL * sizeof *ref);
  cl_uint *merged = malloc(TOTAL * sizeof *merged);
  rng_seed(2024);
  for (int i = 0; i < TOTAL; i++) /* narrow range: many duplicates */
    keys[i] = (i % 3 == 0) ? rng_below(1000) : (cl_uint)rng_u64();
  memcpy(ref, keys, TOTAL * sizeof *keys);
  qsort(ref, TOTAL, sizeof *ref, cmp_u32);

  cl_program prog = build_program(&env, source, "");
  cl_kernel k;
  CLNEW(k, clCreateKernel(prog, "bitonic_pass", &err_));
  int launches = 0;
  cl_uint *lo = keys, *hi = keys + HALF;
  device_sort(&env, k, lo, 1, &launches);
  device_sort(&env, k, hi, 0, &launches);
  for (int i = 1; i < HALF; i++) {
    REQUIRE(lo[i - 1] <= lo[i], "first half not ascending at %d", i);
    REQUIRE(hi[i - 1] >= hi[i], "second half not descending at %d", i);
  }
  /* Host merge: lo ascending, hi read backwards. */
  int a = 0, b = HALF - 1, o = 0;
  while (a < HALF && b >= 0)
    merged[o++] = lo[a] <= hi[b] ? lo[a++] : hi[b--];
  while (a < HALF)
    merged[o++] = lo[a++];
  while (b >= 0)
    merged[o++] = hi[b--];
  for (int i = 0; i < TOTAL; i++)
    if (merged[i] != ref[i])
      fail("element %d: %u, expected %u", i, merged[i], ref[i]);
  uint64_t weighted = 0;
  for (int i = 0; i < TOTAL; i++)
    weighted += (uint64_t)merged[i] * (uint64_t)(i + 1);
  printf("sum bitonic.launches %d\n", launches);
  printf("sum bitonic.hash %016" PRIx64 "\n",
         fnv1a(merged, TOTAL * sizeof *merged));
  printf("sum bitonic.weighted %" PRIu64 "\n", weighted);
  printf("sum bitonic.min_max_median %u %u %u\n", merged[0],
         merged[TOTAL - 1], merged[TOTAL / 2]);
  CHECK(clReleaseKernel(k));
  CHECK(clReleaseProgram(prog));
  env_release(&env);
  free(keys); free(ref); free(merged);
  printf("PASS bitonic\n");
  return 0;
}
