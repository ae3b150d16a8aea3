package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import java.util.ArrayList;
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

  /** The legend's "Stores" group: each store's solid line in its colour, then a spacer line. */
  List<LegendEntry> legend(List<String> storeNames) {
    List<LegendEntry> legend = new ArrayList<>(List.of(LegendEntry.heading("Stores")));
    storeNames.forEach(s -> legend.add(LegendEntry.line(s, colour(s), LineStyle.SOLID)));
    legend.add(LegendEntry.heading(""));
    return legend;
  }
}
