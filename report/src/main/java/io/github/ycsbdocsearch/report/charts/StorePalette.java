package io.github.ycsbdocsearch.report.charts;

import java.util.List;
import java.util.Map;

/**
 * One colour per store, the same in every chart and table: the three stores of this project have
 * fixed colours, any other store takes the next free colour of a colour-blind-safe palette (Okabe
 * and Ito) in name order. Immutable, thread-safe.
 */
public final class StorePalette {

  private static final Map<String, String> FIXED =
      Map.of("redisjson", "#D55E00", "mongodb", "#009E73", "elasticsearch", "#0072B2");
  private static final List<String> OTHERS =
      List.of("#E69F00", "#CC79A7", "#56B4E9", "#000000", "#999999");

  private final List<String> stores;

  /**
   * @param stores every store of the run, in a stable order
   */
  public StorePalette(List<String> stores) {
    this.stores = List.copyOf(stores);
  }

  public String colour(String store) {
    String fixed = FIXED.get(store);
    if (fixed != null) {
      return fixed;
    }
    int i =
        (int)
            stores.stream()
                .filter(s -> !FIXED.containsKey(s))
                .takeWhile(s -> !s.equals(store))
                .count();
    return OTHERS.get(i % OTHERS.size());
  }
}
