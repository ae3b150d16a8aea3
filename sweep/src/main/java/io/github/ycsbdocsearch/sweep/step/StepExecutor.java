package io.github.ycsbdocsearch.sweep.step;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.workload.KeyLayout;
import io.github.ycsbdocsearch.resultsformat.HdrChecksums;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs one step of a store, or reuses it: the one place every phase (ramp, curve, capacity search,
 * floor) goes through. A complete step folder with the step's name is reused (resume) when its HDR
 * logs match the checksums written when it was published ({@link #hdrLogsAsPublished}); otherwise
 * the step runs, and a disturbed step of a phase that asks for it runs once more (the second one
 * counts). Keeps what runs on across steps: records inserted so far and the key layout they left
 * (every step is a new YCSB JVM, or several, whose inserts must start past them and whose reads
 * must find records that exist) and the best throughput (the operation budget). Not thread-safe.
 */
public final class StepExecutor {
  /**
   * A step is disturbed when the half-width of its throughput's 95 % interval passes this share of
   * it. The interval comes from batch means (5 batches of a 15 s window: Student's t with 4 degrees
   * of freedom), twice as wide as the per-second interval this rule was first set against (15 %).
   */
  static final double DISTURBED_SHARE = 0.25;

  private final SweepContext ctx;
  private final StoreSession session;
  private final RemainingTime remaining;
  private final PeakDetector errorBound;
  private final StepRunner runner;
  private final Map<String, StepRecord> existing;
  private long inserted;
  private KeyLayout keys;
  private double best;

  public StepExecutor(
      SweepContext ctx, StoreSession session, RemainingTime remaining, PeakDetector errorBound) {
    this.ctx = ctx;
    this.session = session;
    this.remaining = remaining;
    this.errorBound = errorBound;
    this.runner = new StepRunner(ctx);
    this.existing = existingSteps(session.stepsDir());
    this.keys = KeyLayout.loaded(ctx.options().records());
  }

  /** The same counters for another binding of the same store folder (the harness floor). */
  public StepExecutor runBy(StoreSession other) {
    StepExecutor e = new StepExecutor(ctx, other, remaining, errorBound);
    e.inserted = inserted;
    e.keys = keys;
    e.best = best;
    return e;
  }

  public StoreSession session() {
    return session;
  }

  /** Records the steps inserted so far, each client's once (the growth beyond the load). */
  public long inserted() {
    return inserted;
  }

  /**
   * Whether a complete step folder's HDR logs are what they were when it was published ({@link
   * HdrChecksums}): a log that differs makes the step run again, said in the progress log; one
   * without checksums (published before they were) is reused, said so and told {@code unverified}.
   */
  static boolean hdrLogsAsPublished(Path stepDir, Consumer<String> progress, Runnable unverified) {
    String step = stepDir.getFileName().toString();
    Optional<String> mismatch = HdrChecksums.mismatch(stepDir);
    if (mismatch.isPresent()) {
      progress.accept(
          "step %s: its HDR logs are not what they were when it completed (%s): running it again"
              .formatted(step, mismatch.get()));
      return false;
    }
    if (HdrChecksums.check(stepDir) == HdrChecksums.Check.UNVERIFIED) {
      progress.accept(
          "step "
              + step
              + ": no HDR log checksums (published before they were): reused unverified");
      unverified.run();
    }
    return true;
  }

  /**
   * Reuses the step when an earlier attempt completed it, else runs it.
   *
   * @param planned steps in the store's plan, for the progress line
   * @param retryIfNoisy run a disturbed step once more (phases whose decision one step makes)
   */
  public StepResult runOrReuse(StepSpec spec, int planned, boolean retryIfNoisy) {
    Optional<StepResult> kept = keep(spec);
    if (kept.isPresent()) {
      return kept.get();
    }
    StepResult r = measure(spec, planned, errorBound, Optional.empty());
    if (retryIfNoisy && disturbed(r) && !ctx.interrupts().requested()) {
      // One noisy step must not decide the headline: measure it once more, the second one counts.
      say(
          "step %s was disturbed (throughput varied by more than +-%s %% at 95 %% confidence):"
                  .formatted(spec.dirName(), Math.round(DISTURBED_SHARE * 100))
              + " running it again");
      ctx.manifest()
          .append(
              "repeated_steps",
              entry()
                  .put("step", spec.dirName())
                  .put("first_throughput_ops", r.summary().get().throughputOps())
                  .putPOJO("first_ci95", r.summary().get().throughputCi95()));
      r = measure(spec, planned, errorBound, Optional.empty());
    }
    best = Math.max(best, r.summary().map(StepSummary::throughputOps).orElse(0.0));
    return r;
  }

  /**
   * Reuses the step when an earlier attempt completed it, else runs it with the companion (a fault
   * step's control step, with the same acked-writes stream).
   */
  public StepResult runOrReuseWith(StepSpec spec, int planned, StepCompanion companion) {
    return keep(spec).orElseGet(() -> runWith(spec, planned, companion));
  }

  /**
   * The step an earlier attempt completed (a complete, readable folder of this name), noted as
   * reused (its throughput counts towards the operation budget); empty when there is none.
   */
  private Optional<StepResult> keep(StepSpec spec) {
    Optional<StepSummary> kept =
        reusable(
            existing.get(spec.dirName()),
            StepTiming.of(ctx.options(), spec).durationS(),
            session.stepsDir().resolve(spec.dirName()),
            this::say,
            () ->
                ctx.manifest()
                    .append("unverified_reused_steps", entry().put("step", spec.dirName())));
    kept.ifPresent(
        k -> {
          remaining.skipped(1);
          best = Math.max(best, k.throughputOps());
          say("step " + spec.dirName() + " kept from the earlier attempt");
        });
    return kept.map(k -> new StepResult(spec, StepStatus.COMPLETE, null, Optional.of(k)));
  }

  /**
   * The summary of a step folder an earlier attempt left, when it can be reused: its record says
   * complete at this step's duration, its HDR logs are as published ({@link #hdrLogsAsPublished})
   * and its summary reads. Empty: the step runs (again).
   *
   * @param rec the folder's step.json; null when there is none
   */
  static Optional<StepSummary> reusable(
      StepRecord rec, int durationS, Path dir, Consumer<String> progress, Runnable unverified) {
    return rec != null
            && rec.status() == StepStatus.COMPLETE
            && rec.durationS() == durationS
            && hdrLogsAsPublished(dir, progress, unverified)
        ? summaryOf(dir)
        : Optional.empty();
  }

  /**
   * Runs the step with work beside it (never reused, never repeated, no error bound: a fault step
   * is expected to fail operations, and what failed is its result).
   */
  public StepResult runWith(StepSpec spec, int planned, StepCompanion companion) {
    return measure(spec, planned, null, Optional.of(companion));
  }

  private StepResult measure(
      StepSpec spec, int planned, PeakDetector bound, Optional<StepCompanion> companion) {
    StepTiming timing = StepTiming.of(ctx.options(), spec);
    long ops =
        OperationBudget.operationCount(
            ctx.options().workload().properties(),
            ctx.options().ycsbProperties(),
            timing.runSeconds(),
            (int) Math.min(Integer.MAX_VALUE, spec.targetOps()),
            best);
    settle(spec);
    remaining.stepStarted();
    StepResult r = runner.run(session, spec, planned, keys, ops, bound, timing, companion);
    inserted += r.inserts();
    if (r.keysAfter() != null) {
      keys = r.keysAfter();
    }
    remaining.stepEnded();
    report(r, planned);
    return r;
  }

  /** Waits for the store to settle ({@link Settle}); the manifest records a wait of 1 s or more. */
  private void settle(StepSpec spec) {
    try {
      Settle.await(session.serverCpu(), Duration.ofSeconds(Settle.MAX_SECONDS))
          .filter(d -> d.toMillis() >= 1000)
          .ifPresent(
              d -> {
                ctx.manifest()
                    .append(
                        "settle_waits",
                        entry()
                            .put("before_step", spec.dirName())
                            .put("seconds", d.toMillis() / 1000.0));
                say(
                    String.format(
                        Locale.ROOT,
                        "waited %.1f s for the store to settle before step %s",
                        d.toMillis() / 1000.0,
                        spec.dirName()));
              });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void report(StepResult r, int planned) {
    say(
        "step %s/%s %s %s"
            .formatted(
                r.spec().index(),
                planned,
                r.spec().label(),
                r.status() == StepStatus.COMPLETE
                    ? "complete: " + r.summary().map(StepExecutor::describe).orElse("")
                    : r.status().jsonName() + ": " + r.error()));
  }

  /** A line of this store's progress. */
  private void say(String line) {
    ctx.progress().store(session.name(), line);
  }

  /** A manifest entry about this store. */
  private ObjectNode entry() {
    return Json.MAPPER.createObjectNode().put("store", session.name());
  }

  /** Whether a complete step's throughput swung so much that the machine, not the store, spoke. */
  static boolean disturbed(StepResult r) {
    if (r.status() != StepStatus.COMPLETE || r.summary().isEmpty()) {
      return false;
    }
    StepSummary s = r.summary().get();
    return s.throughputCi95() != null
        && s.throughputOps() > 0
        && (s.throughputCi95().get(1) - s.throughputCi95().get(0)) / 2
            > DISTURBED_SHARE * s.throughputOps();
  }

  /** One line for people: {@code 8123 ops/s, p99 1.24 ms (READ), 0 errors, client 0.62 CPUs}. */
  static String describe(StepSummary s) {
    String p99 =
        s.worst(Percentile.P99)
            .map(w -> String.format(Locale.ROOT, ", p99 %.2f ms (%s)", w.us() / 1000.0, w.op()))
            .orElse("");
    String flags =
        (Boolean.FALSE.equals(s.rateSustained())
                ? String.format(Locale.ROOT, ", NOT SUSTAINED (%.0f%% of target)", s.achievedPct())
                : "")
            + (s.clientBound() ? ", CLIENT-LIMITED" : "");
    String cpu =
        s.clientCpuCores() == null
            ? ""
            : String.format(Locale.ROOT, ", client %.2f CPUs", s.clientCpuCores());
    return String.format(
        Locale.ROOT, "%.0f ops/s%s, %d errors%s%s", s.throughputOps(), p99, s.errors(), cpu, flags);
  }

  /** A published step's summary; empty when it has none that reads (a step whose logs did not). */
  public static Optional<StepSummary> summaryOf(Path stepDir) {
    try {
      return Optional.of(StepSummary.read(stepDir));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The step.json of each published step folder in {@code stepsDir}: what a resume finds. */
  public static Map<String, StepRecord> existingSteps(Path stepsDir) {
    Map<String, StepRecord> out = new TreeMap<>();
    if (!Files.isDirectory(stepsDir)) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(stepsDir)) {
      dirs.filter(Files::isDirectory)
          .filter(d -> !d.getFileName().toString().startsWith("."))
          .forEach(
              d -> StepRecord.readFrom(d).ifPresent(r -> out.put(d.getFileName().toString(), r)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + stepsDir, e);
    }
    return out;
  }
}
