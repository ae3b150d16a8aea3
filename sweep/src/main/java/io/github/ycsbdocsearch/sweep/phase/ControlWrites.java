package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.sweep.step.ClientExits;
import io.github.ycsbdocsearch.sweep.step.StepCompanion;
import io.github.ycsbdocsearch.sweep.step.StepTiming;
import io.github.ycsbdocsearch.sweep.step.StoreSession;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The control step's share of the durability check: the same acked-writes stream as the fault step
 * beside its clients, so both steps carry the same writes, and the same read-back of the markers
 * and of the load's logged writes afterwards, with no fault: a control step that loses or misreads
 * writes says the check itself is wrong. Written as {@code acked-writes.json} in the step folder.
 * The fault step's {@link FaultInjector} is this stream with the fault beside it. Not thread-safe:
 * the step runner calls start, then finish.
 */
class ControlWrites implements StepCompanion {
  final SweepContext ctx;
  final String store;
  final StoreKind kind;
  private final Properties props;
  private final String tagPrefix;
  AckedWrites writes;
  long windowStartMs;
  long windowEndMs;

  /**
   * @param tagPrefix what the stream's tag ({@link AckedWrites}) has before the clients' start
   */
  ControlWrites(SweepContext ctx, StoreSession session, StoreKind kind, String tagPrefix) {
    this.ctx = ctx;
    this.store = session.name();
    this.props = session.props();
    this.kind = kind;
    this.tagPrefix = tagPrefix;
  }

  @Override
  public void start(long startAtEpochMs, StepTiming timing) {
    windowStartMs = startAtEpochMs + TimeUnit.SECONDS.toMillis(timing.warmupS());
    windowEndMs = windowStartMs + TimeUnit.SECONDS.toMillis(timing.durationS());
    writes = new AckedWrites(kind, props, tagPrefix + startAtEpochMs, AckedWrites.PER_SECOND, 1, 0);
    writes.start();
  }

  @Override
  public void finish(Path stepDir, ClientExits exits) {
    if (writes == null) {
      return;
    }
    writes.stop();
    FaultSummary.AckedWrites a =
        writes.readBack(0, windowStartMs, windowEndMs, LoadLogs.read(stepDir, exits)).record();
    ctx.progress().store(store, "control step: acknowledged writes " + a.lostInWords());
    try {
      AtomicFiles.writeJson(stepDir.resolve(RunLayout.ACKED_WRITES), a);
    } catch (RuntimeException e) {
      ctx.progress().store(store, RunLayout.ACKED_WRITES + " not written: " + e.getMessage());
    }
  }
}
