package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.sweep.phase.StoreOutcome;
import io.github.ycsbdocsearch.sweep.step.RemainingTime;
import io.github.ycsbdocsearch.sweep.step.StepTiming;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.io.IOException;
import java.time.Instant;

/**
 * Runs the stores in turn and finishes the run folder: each store's sweep, then the report, then
 * the manifest's final status. A failing store does not stop the others; an interrupt does.
 */
public record SweepRunner(SweepContext ctx) {
  /** Exit status: every store's sweep finished. */
  public static final int EXIT_OK = 0;

  /** Exit status: a step or a store failed; results kept. */
  public static final int EXIT_FAILED = 1;

  /** Exit status: interrupted (128 + SIGINT, as shells report it). */
  public static final int EXIT_INTERRUPTED = 130;

  /** Runs every store; returns the exit status. */
  public int run() {
    // Each store's plan as StoreSweep counts it, so the steps a store skips are taken off exactly.
    int steps = StoreSweep.expectedSteps(ctx.options());
    RemainingTime remaining =
        new RemainingTime(
            ctx.options().stepRunSeconds(),
            steps * ctx.options().targets().size(),
            ctx.options().targets().size());
    ctx.progress().remainingFrom(remaining::estimate);
    boolean failed = false;
    boolean interrupted = false;
    int n = 0;
    for (SweepTarget t : ctx.options().targets()) {
      if (ctx.interrupts().requested()) {
        interrupted = true;
        break;
      }
      n++;
      ctx.progress().log("store " + n + "/" + ctx.options().targets().size() + ": " + t.name());
      StoreOutcome outcome = new StoreSweep(ctx, t, remaining).run();
      failed |= outcome == StoreOutcome.FAILED;
      interrupted |= outcome == StoreOutcome.INTERRUPTED;
    }
    interrupted |= ctx.interrupts().requested();
    // The final status first: the report shows the manifest as it will stay.
    ctx.manifest()
        .put(
            Manifest.STATUS,
            interrupted ? "interrupted" : failed ? "failed" : Manifest.STATUS_COMPLETE);
    ctx.manifest().put(Manifest.ENDED_UTC, StepTiming.utc(Instant.now()));
    ctx.manifest().write();
    writeReport();
    return interrupted ? EXIT_INTERRUPTED : failed ? EXIT_FAILED : EXIT_OK;
  }

  private void writeReport() {
    try {
      ctx.report().write(ctx.runDir());
      ctx.progress().log("report: " + ctx.runDir().resolve(RunLayout.REPORT_HTML));
    } catch (IOException | RuntimeException e) {
      // The raw results are complete; the report can be rebuilt from them.
      ctx.progress()
          .log("report could not be built (rebuild with scripts/report.sh): " + e.getMessage());
    }
  }
}
