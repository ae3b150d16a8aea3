package io.github.ycsbdocsearch.common.data;

/**
 * Derives independent, reproducible random streams from a seed and a few integers (SplitMix64
 * finaliser).
 */
public final class Seeds {
  private Seeds() {}

  /** A well-mixed 64-bit value of the inputs: equal inputs give equal outputs on every JVM. */
  public static long mix(long... parts) {
    long h = 0x9E3779B97F4A7C15L;
    for (long p : parts) {
      h = finalise(h ^ finalise(p + 0x9E3779B97F4A7C15L));
    }
    return h;
  }

  private static long finalise(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
