package io.github.ycsbdocsearch.common.data;

import java.util.Properties;
import site.ycsb.Utils;

/**
 * YCSB's record key for a record number, exactly as {@code CoreWorkload.buildKeyName} makes it
 * ({@code user} + hashed or ordered number, zero-padded), so the oracle names the same keys the
 * workload loaded. Immutable.
 */
public record KeyNames(boolean ordered, int zeroPadding) {

  /** Reads {@code insertorder} and {@code zeropadding} as CoreWorkload does. */
  public static KeyNames fromProperties(Properties p) {
    boolean ordered = "ordered".equals(p.getProperty("insertorder", "hashed"));
    int padding = Integer.parseInt(p.getProperty("zeropadding", "1").trim());
    return new KeyNames(ordered, padding);
  }

  public String key(long recordNumber) {
    long n = ordered ? recordNumber : Utils.hash(recordNumber);
    String value = Long.toString(n);
    return "user" + "0".repeat(Math.max(0, zeroPadding - value.length())) + value;
  }
}
