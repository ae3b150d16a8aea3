package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.report.charts.LatencyCharts;
import io.github.ycsbdocsearch.report.charts.ReportChart;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code compare --charts DIR}: the two runs' latency-vs-offered-load charts overlaid, one per
 * workload, store and operation the two runs share and at least one of them has fixed-rate steps
 * of, each as the report writes its charts: SVG, CSV and Vega-Lite specification. Stateless.
 */
final class OverlayCharts {

  private OverlayCharts() {}

  /**
   * Writes the overlays into {@code dir}.
   *
   * @return the SVG files' names, in workload, store and operation order
   */
  static List<String> write(ResultsSet baseline, ResultsSet current, Path dir) throws IOException {
    List<String> written = new ArrayList<>();
    for (Map.Entry<String, ResultsRun> e : baseline.byWorkload().entrySet()) {
      // The comparison has checked that both sets hold the same workloads.
      RunFolder before = RunFolder.read(e.getValue().dir());
      RunFolder after = RunFolder.read(current.byWorkload().get(e.getKey()).dir());
      for (String store : before.storeNames()) {
        for (String op : before.operations()) {
          if (!after.storeNames().contains(store) || !after.operations().contains(op)) {
            continue;
          }
          String name =
              String.join("-", "latency-vs-offered-load", e.getKey(), store, op)
                      .replaceAll("[^A-Za-z0-9_.-]", "_")
                      .toLowerCase(Locale.ROOT)
                  + RunLayout.CHART_SVG;
          ReportChart chart = LatencyCharts.offeredLoadOverlay(before, after, store, op, name);
          if (chart.hasData()) {
            chart.writeTo(dir);
            written.add(name);
          }
        }
      }
    }
    return written;
  }
}
