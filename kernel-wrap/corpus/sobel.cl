// Sobel edge filter of an RGBA image (uchar4 pixels, AMD SDK SobelFilter
// shape): convert_float4 of the 3x3 neighbours, gradient magnitude per
// channel, convert_uchar4_sat; border pixels are left unwritten.
__kernel void sobel(__global const uchar4 *in, __global uchar4 *out, int w,
                    int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x < 1 || x >= w - 1 || y < 1 || y >= h - 1)
    return;
  int c = y * w + x;
  float4 i00 = convert_float4(in[c - 1 - w]);
  float4 i10 = convert_float4(in[c - w]);
  float4 i20 = convert_float4(in[c + 1 - w]);
  float4 i01 = convert_float4(in[c - 1]);
  float4 i21 = convert_float4(in[c + 1]);
  float4 i02 = convert_float4(in[c - 1 + w]);
  float4 i12 = convert_float4(in[c + w]);
  float4 i22 = convert_float4(in[c + 1 + w]);
  float4 gx = i00 + 2.0f * i10 + i20 - i02 - 2.0f * i12 - i22;
  float4 gy = i00 - i20 + 2.0f * i01 - 2.0f * i21 + i02 - i22;
  out[c] = convert_uchar4_sat(sqrt(gx * gx + gy * gy) * 0.5f);
}
