package io.github.ycsbdocsearch.lab.sim;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code calibrate} ({@code bin/docsearch calibrate}): the capacity search proven on a simulated
 * clock ({@link Calibration}): its bias, spread and interval coverage per scenario, as the
 * calibration finding's table; with {@code --truth}, the stall scenarios' true capacities by long
 * simulation again ({@link SimulatedTruth}). Options declared once, here (help text:
 * docs/cli/calibrate-help.txt). One instance per call.
 */
@Command(
    name = "calibrate",
    header =
        "the capacity search on a simulated clock: bias, CV and interval coverage per scenario",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs the runner's own capacity search, with its default settings and budget, against"
          + " simulated stores whose true",
      "capacity is known (M/M/1 at 1,000 ops/s; with 200 ms stalls every 35 s, every 5-15 s or"
          + " after every 16,000",
      "requests; a client capped at 80 %% of the capacity), one search per seed, no wall time,"
          + " and prints a Markdown table:",
      "the median's bias, the CV, how often the stated 95 %% interval held the truth, and the"
          + " least CV the budget allows",
      "(that of an oracle spending the whole budget at the true capacity). The same seeds give"
          + " the same table."
    },
    optionListHeading = "%nOptions:%n",
    footer = {"", "Exit status: 0 printed; 2 bad input."})
public final class CalibrateMain implements Callable<Integer> {

  @Option(
      names = "--seeds",
      paramLabel = "N",
      description = "searches per scenario, each its own seed (default: ${DEFAULT-VALUE})")
  int seeds = 200;

  @Option(
      names = "--truth",
      description =
          "also compute the stall scenarios' true capacities again by long simulation (10^8"
              + " requests each: minutes)")
  boolean truth;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (seeds < 1) {
      spec.commandLine().getErr().println("calibrate: --seeds " + seeds + ": give 1 or more");
      return 2;
    }
    if (truth) {
      for (Scenario sc : Scenario.stalling()) {
        out.printf(
            Locale.ROOT,
            "%s: true capacity %.2f ops/s by long simulation (stored: %.2f)%n",
            sc.name(),
            SimulatedTruth.capacity(sc, SimulatedTruth.REQUESTS, 77, 0.05),
            sc.truth());
        out.flush();
      }
    }
    out.print(Calibration.table(Calibration.all(seeds)));
    out.flush();
    return 0;
  }
}
