// One compare-exchange pass of a bitonic sort (AMD SDK BitonicSort shape):
// item i pairs two elements pairDistance = 2^(stage - pass) apart; the
// direction flips every 2^stage items. Global size: half the array.
__kernel void bitonic(__global uint *a, uint stage, uint passOfStage,
                      uint direction) {
  uint i = get_global_id(0);
  uint pairDistance = 1u << (stage - passOfStage);
  uint blockWidth = 2 * pairDistance;
  uint leftId = (i % pairDistance) + (i / pairDistance) * blockWidth;
  uint rightId = leftId + pairDistance;
  uint left = a[leftId], right = a[rightId];
  uint increasing = direction;
  if ((i >> stage) % 2 == 1)
    increasing = 1 - increasing;
  uint greater, lesser;
  if (left > right) {
    greater = left;
    lesser = right;
  } else {
    greater = right;
    lesser = left;
  }
  if (increasing) {
    a[leftId] = lesser;
    a[rightId] = greater;
  } else {
    a[leftId] = greater;
    a[rightId] = lesser;
  }
}
