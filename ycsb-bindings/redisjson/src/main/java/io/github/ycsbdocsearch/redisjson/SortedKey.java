package io.github.ycsbdocsearch.redisjson;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/**
 * One shard's hit: the record key and its numeric sort value ({@code NaN} when the record has
 * none). Immutable; the byte array is never modified after construction.
 */
record SortedKey(byte[] recordKey, double sortValue) {

  /**
   * The merge order of a search: by sort value in the requested direction, records without one
   * last, equal values by record key bytes (ranks are unique by construction, so this only makes
   * the order total).
   */
  static Comparator<SortedKey> order(boolean ascending) {
    Comparator<SortedKey> byValue =
        (a, b) -> {
          boolean an = Double.isNaN(a.sortValue);
          boolean bn = Double.isNaN(b.sortValue);
          if (an || bn) {
            return Boolean.compare(an, bn);
          }
          return ascending
              ? Double.compare(a.sortValue, b.sortValue)
              : Double.compare(b.sortValue, a.sortValue);
        };
    return byValue.thenComparing((a, b) -> Arrays.compareUnsigned(a.recordKey, b.recordKey));
  }

  @Override
  public String toString() {
    return new String(recordKey, StandardCharsets.UTF_8) + "=" + sortValue;
  }
}
