package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.common.workload.KeyLayout;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.util.Locale;
import java.util.Optional;

/**
 * Warms a freshly loaded store before its first measured step: one step's warm-up plus a window's
 * length (at most {@value Defaults#STORE_WARMUP_SECONDS} s) of unmeasured closed-loop load at
 * {@value Defaults#STORE_WARMUP_THREADS} threads, kept in {@code <store>/warmup/} for the record
 * and never read by any number. Without it the first steps measured the store's own warm-up
 * (Elasticsearch's JVM: its 2-thread step gave 593 ops/s, then 1,750 on an immediate rerun). Not
 * thread-safe.
 */
final class StoreWarmup {
  private final SweepContext ctx;

  StoreWarmup(SweepContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Runs the warm-up; a failure is reported and the sweep goes on (the measured steps judge the
   * store).
   */
  void run(StoreSession session) {
    if (inserts()) {
      // A warm-up that inserted would move the keys the measured steps insert; such workloads start
      // cold.
      ctx.progress().store(session.name(), "no store warm-up: the workload inserts");
      return;
    }
    StoreSession warm =
        new StoreSession(
            session.name(),
            session.target(),
            session.props(),
            session.connectionFile(),
            session.storeDir().resolve("warmup"),
            session.serverCpu());
    ctx.progress()
        .store(
            session.name(),
            String.format(
                Locale.ROOT,
                "warming the store: %d s closed loop at %d threads, not measured",
                ctx.options().warmupSeconds() + seconds(),
                Defaults.STORE_WARMUP_THREADS));
    StepResult r =
        new StepRunner(ctx)
            .run(
                warm,
                StepSpec.capacity(1, Defaults.STORE_WARMUP_THREADS),
                0, // not a step of the plan: the progress line says "store warm-up"
                KeyLayout.loaded(ctx.options().records()),
                Integer.MAX_VALUE,
                null,
                new StepRunner.Timing(ctx.options().warmupSeconds(), seconds()),
                Optional.empty());
    if (r.status() != StepStatus.COMPLETE) {
      ctx.progress().store(session.name(), "the store warm-up did not complete: " + r.error());
    }
  }

  /**
   * As long as a measured window, at most {@link Defaults#STORE_WARMUP_SECONDS} (short test runs
   * warm briefly).
   */
  private int seconds() {
    return Math.min(Defaults.STORE_WARMUP_SECONDS, ctx.options().stepSeconds());
  }

  private boolean inserts() {
    String p =
        ctx.options()
            .ycsbProperties()
            .getOrDefault(
                "insertproportion",
                ctx.options().workload().properties().getOrDefault("insertproportion", "0"));
    try {
      return Double.parseDouble(p.trim()) > 0;
    } catch (NumberFormatException e) {
      return true;
    }
  }
}
