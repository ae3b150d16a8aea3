package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.report.charts.svg.Axis;
import io.github.ycsbdocsearch.report.charts.svg.Scale;
import io.github.ycsbdocsearch.resultsformat.Numbers;

/** The axes the charts share: units and labels read the same everywhere. Stateless, thread-safe. */
final class ChartAxes {

  private ChartAxes() {}

  static Axis latency() {
    return new Axis("Latency (log scale; µs, ms, s)", Scale.LOG10, Numbers::micros);
  }

  static Axis stepThroughput() {
    return new Axis("Step throughput, all operations (ops/s)", Scale.LINEAR, Numbers::compact);
  }

  /**
   * A step's time axis, e.g. from the start of its warm-up to the end of its window: 0 is the end
   * of the warm-up, where the readers start counting (and events.json's t_s).
   */
  static Axis secondsSinceMeasurementStart(double fromS, double toS) {
    return new Axis("Seconds since the end of the warm-up", Scale.LINEAR, Numbers::compact)
        .range(fromS, toS);
  }

  static Axis throughputPerSecond() {
    return new Axis("Successful operations per second (ops/s)", Scale.LINEAR, Numbers::compact);
  }

  static Axis failuresPerSecond() {
    return new Axis("Failed operations per second", Scale.LINEAR, Numbers::compact);
  }

  static Axis threadsBusy() {
    return new Axis("Client threads busy", Scale.LINEAR, Numbers::compact);
  }

  static Axis arrivalsWaiting() {
    return new Axis("Requests due, not yet sent", Scale.LINEAR, Numbers::compact);
  }

  static Axis threads() {
    return new Axis(
        "YCSB client threads (log2 scale)", Scale.LOG2, v -> Long.toString(Math.round(v)));
  }

  static Axis percentile() {
    return new Axis("Percentile (log \"nines\" scale)", Scale.NINES, v -> "p" + v);
  }

  /** File-name-safe form of an operation name. */
  static String slug(String op) {
    return op.replaceAll("[^A-Za-z0-9-]", "_");
  }
}
