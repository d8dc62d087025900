// Black-Scholes European option prices (call and put), one option per work
// item: exp, log, sqrt and a polynomial normal CDF.
float cnd(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f;
  const float A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267794f;
  float K = 1.0f / (1.0f + 0.2316419f * fabs(d));
  float c = RSQRT2PI * exp(-0.5f * d * d) *
            (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  return d > 0 ? 1.0f - c : c;
}

__kernel void blackscholes(__global float *call, __global float *put,
                           __global const float *S, __global const float *X,
                           __global const float *T, float R, float V) {
  size_t i = get_global_id(0);
  float s = S[i], x = X[i], t = T[i];
  float sqrtT = sqrt(t);
  float d1 = (log(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float expRT = exp(-R * t);
  call[i] = s * cnd(d1) - x * expRT * cnd(d2);
  put[i] = x * expRT * (1.0f - cnd(d2)) - s * (1.0f - cnd(d1));
}
