/* Calls _ZGVnM8vuul_f as gcc 12 would (the vector PCS, the mask as 8 bytes
 * in a d register, a lane active when its byte is non-zero), for several
 * masks, and checks that exactly the active lanes are stored. */
#include <arm_neon.h>
#include <stdio.h>

__attribute__((aarch64_vector_pcs)) void
_ZGVnM8vuul_f(int16x8_t x, const char *p, short *out, int i, uint8x8_t mask);

int main(void) {
  static const unsigned char masks[][8] = {
      {1, 1, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0, 0, 0, 255}, {1, 0, 1, 0, 0, 1, 0, 1},
      {0, 7, 0, 0, 9, 0, 0, 0}};
  short in[8], out[16];
  for (int l = 0; l < 8; ++l)
    in[l] = (short)(l + 1);
  int bad = 0;
  for (unsigned m = 0; m < sizeof(masks) / sizeof(masks[0]); ++m) {
    for (int l = 0; l < 16; ++l)
      out[l] = -1;
    _ZGVnM8vuul_f(vld1q_s16(in), "unused", out, 4, vld1_u8(masks[m]));
    for (int l = 0; l < 16; ++l) {
      int lane = l - 4, active = lane >= 0 && lane < 8 && masks[m][lane];
      short want = active ? (short)(in[lane] * 3) : -1;
      if (out[l] != want) {
        printf("mask %u: out[%d] = %d, want %d\n", m, l, out[l], want);
        bad = 1;
      }
    }
  }
  puts(bad ? "MISMATCH" : "ok");
  return bad;
}
