"""Inputs of more-builtins.cl: edge cases and random values."""
import random, struct, sys
random.seed(7)
N = 256
edge_i = [0, 1, -1, 2**31 - 1, -2**31, -2**31 + 1, 2**30, 7, -7, 31, 32, 33,
          65535, -65536]
ia = [edge_i[k % len(edge_i)] if k % 3 == 0 else random.randint(-2**31, 2**31 - 1)
      for k in range(N + 1)]
ib = [edge_i[(k * 5) % len(edge_i)] if k % 4 == 0
      else random.randint(-2**31, 2**31 - 1) for k in range(N + 1)]
inf, nan = float("inf"), float("nan")
edge_f = [0.0, -0.0, 1.0, -1.0, inf, -inf, nan, 1e-40, -1e-40, 2.0, -2.0, 0.5,
          3.5, 1e30, -1e30, 1.17549435e-38]
f32 = lambda v: struct.unpack("f", struct.pack("f", v))[0]
fa = [edge_f[k % len(edge_f)] if k % 2 == 0 else f32(random.uniform(-4, 4))
      for k in range(4 * N + 8)]
fb = [edge_f[(k * 3) % len(edge_f)] if k % 5 == 0 else f32(random.uniform(-4, 4))
      for k in range(4 * N + 8)]
by = [random.randint(0, 255) for k in range(4 * N + 8)]
d = sys.argv[1]
open(d + "/ia.bin", "wb").write(struct.pack(f"{len(ia)}i", *ia))
open(d + "/ib.bin", "wb").write(struct.pack(f"{len(ib)}i", *ib))
open(d + "/fa.bin", "wb").write(struct.pack(f"{len(fa)}f", *fa))
open(d + "/fb.bin", "wb").write(struct.pack(f"{len(fb)}f", *fb))
open(d + "/by.bin", "wb").write(bytes(by))
