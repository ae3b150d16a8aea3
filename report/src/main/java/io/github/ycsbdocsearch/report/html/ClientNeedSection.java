package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.ClientNeed;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StoreRun;

/**
 * Whether the run had enough client machines for each store ({@link ClientNeed}): the client's CPU
 * per operation, the peak, and the machines of this size that peak needed against those the run
 * had. Stateless, thread-safe.
 */
final class ClientNeedSection {

  static final String ID = "clients";

  private ClientNeedSection() {}

  /** The section, or "" when no store's steps recorded the client's CPU. */
  static String render(RunFolder run, StorePalette palette) throws ResultsFormatException {
    StringBuilder rows = new StringBuilder();
    for (StoreRun s : run.stores()) {
      ClientNeed n = ClientNeed.of(s);
      if (n == null) {
        continue;
      }
      rows.append("<tr>")
          .append(Html.cell(Html.store(s.name(), palette)))
          .append(Html.num(fmt("%.1f", n.cpuUsPerOp())))
          .append(Html.num(micros(n.openLoopUsPerOp())))
          .append(Html.num(micros(n.floorUsPerOp())))
          .append(
              Html.num(
                  Html.orDash(
                      n.openLoopUsPerOp(), us -> Numbers.rate(1e6 * ClientNeed.TARGET_SHARE / us))))
          .append(Html.num(Html.orDash(n.capacityOps(), Numbers::rate)))
          .append(Html.num(Html.orDash(n.machinesForCapacity(), String::valueOf)))
          .append(Html.num(Html.orDash(n.peakOps(), ops -> atLeast(n) + Numbers.rate(ops))))
          .append(Html.num(String.valueOf(n.cpusPerMachine())))
          .append(Html.num(Html.orDash(n.machinesNeeded(), machines -> atLeast(n) + machines)))
          .append(Html.num(String.valueOf(n.machinesRun())))
          .append(Html.cell(Html.esc(verdict(n))))
          .append("</tr>\n");
    }
    if (rows.length() == 0) {
      return "";
    }
    return Html.section(
            ID,
            "Were the clients enough?",
            fmt(
                "What the client paid per operation: its CPU over each step's window, JIT compiler"
                    + " left out, per operation (each step's <code>client_cpu_us_per_op</code>), in"
                    + " the closed loop (the median over the ramp steps the client did not"
                    + " limit), in the fixed-rate windows near the capacity (within %.0f %% of it),"
                    + " and the harness floor's (BasicDB at the curve's rates). One client core"
                    + " drives about %.0f %% of a million over the open-loop cost; times the peak"
                    + " or the capacity, the costs give the client machines of this size each"
                    + " needed, counting a machine as enough up to %.0f %% of its CPUs. Too few:"
                    + " the peak and the capacity may be the client's; run again with more clients"
                    + " (<code>--clients</code>, or more machines in the hosts file).",
                100 * ClientNeed.NEAR_CAPACITY,
                100 * ClientNeed.TARGET_SHARE,
                100 * ClientNeed.TARGET_SHARE))
        + "<table class=\"grid\"><thead><tr><th>Store</th><th>Client CPU per op, closed loop"
        + " (µs)</th><th>Open loop near the capacity (µs)</th><th>Harness floor (µs)</th><th>One"
        + " client core drives (ops/s)</th><th>Capacity (ops/s)</th><th>Machines for the"
        + " capacity</th><th>Peak (ops/s)</th><th>CPUs per client machine</th><th>Machines needed"
        + " at the peak</th><th>Machines run</th><th></th></tr></thead><tbody>\n"
        + rows
        + "</tbody></table></section>\n";
  }

  private static String micros(Double us) {
    return Html.orDash(us, v -> fmt("%.1f", v));
  }

  private static String atLeast(ClientNeed n) {
    return n.peakLowerBound() ? "≥ " : "";
  }

  private static String verdict(ClientNeed n) {
    if (n.machinesNeeded() == null) {
      return "no peak: unknown";
    }
    if (n.peakLowerBound()) {
      return "unknown: the peak is only a lower bound";
    }
    return n.enough() ? "enough" : "too few: the peak may be the client's";
  }
}
