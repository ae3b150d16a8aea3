package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.common.StoreProbe;
import io.github.ycsbdocsearch.resultsformat.SoakSummary;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.step.StepExecutor;
import io.github.ycsbdocsearch.sweep.step.StepResult;
import io.github.ycsbdocsearch.sweep.step.StoreSession;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The soak ({@code --soak}): one long fixed-rate step after the other phases, then {@code
 * soak.json}: the step minute by minute, its drift, the store's background events and its data set
 * before and after ({@link SoakSummary}). A resumed run keeps a complete soak step.
 */
public record SoakPhase(SweepContext ctx, StepExecutor exec) implements SweepPhase {

  /** Runs the soak step and writes soak.json when it completed; else says why the sweep ends. */
  @Override
  public Optional<PhaseStop> run(List<StepSpec> steps, int total) {
    StepSpec spec = steps.get(0);
    StoreSession s = exec.session();
    Optional<StoreProbe> probe = s.target().probe();
    Optional<Map<?, ?>> before = probe.flatMap(p -> dataSet(p, s));
    long insertedBefore = exec.inserted();
    ctx.progress()
        .store(s.name(), "soak: " + spec.label() + " for " + ctx.options().soak().seconds() + " s");
    StepResult r = exec.runOrReuse(spec, total, false);
    Optional<PhaseStop> end = PhaseStop.of(r, true);
    if (end.isPresent()) {
      return end;
    }
    try {
      SoakSummary summary = SoakSummary.of(s.stepsDir().resolve(spec.dirName()));
      Optional<Map<?, ?>> after = probe.flatMap(p -> dataSet(p, s));
      if (before.isPresent() && after.isPresent()) {
        summary =
            summary.withDataSet(
                dataSetChange(before.get(), after.get(), exec.inserted() - insertedBefore));
      }
      summary.writeTo(s.stepsDir().getParent());
      ctx.progress()
          .storef(
              s.name(),
              "soak: throughput %+.1f %% and p99 x%s "
                  + "from the first tenth to the last; trend: %s; events %s",
              summary.drift().throughputChangePct(),
              summary.drift().p99Ratio(),
              summary.trendsInWords(),
              summary.events());
    } catch (IOException | RuntimeException e) {
      ctx.progress().store(s.name(), "soak summary not written: " + e.getMessage());
    }
    return Optional.empty();
  }

  /** The store's {@code describe} data set now, when it says. */
  private static Optional<Map<?, ?>> dataSet(StoreProbe p, StoreSession s) {
    try {
      return Optional.ofNullable(p.describe(s.props()).get(StoreProbe.DATA_SET))
          .filter(Map.class::isInstance)
          .map(m -> (Map<?, ?>) m);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private SoakSummary.DataSet dataSetChange(Map<?, ?> before, Map<?, ?> after, long inserted) {
    long bytesAfter = number(after, "primary_bytes");
    boolean local = ctx.options().hosts().isEmpty();
    boolean single = local && "single".equals(ctx.options().local().topology());
    Integer budget =
        local
            ? Integer.valueOf(ctx.options().local().memoryMb())
            : ctx.options().hosts().get().provisioned().get("memory_mb_per_server");
    Boolean inMemory = after.get("in_memory") instanceof Boolean b ? b : null;
    return new SoakSummary.DataSet(
        number(before, "documents"),
        number(after, "documents"),
        number(before, "primary_bytes"),
        bytesAfter,
        String.valueOf(after.get("measure")),
        inserted,
        budget,
        withinBudget(bytesAfter, budget, single, inMemory),
        inMemory);
  }

  /**
   * Whether the data set fits each server's memory budget. One server holds it all. On a cluster no
   * server holds two copies of the same data (a Redis node is master or replica of a slot range, a
   * MongoDB shard member holds its shard once, Elasticsearch never puts a primary and its replica
   * on one node), so a server holds at most the primaries' bytes: at or under the budget, every
   * server fits it. Over it, whether one server does depends on how the data is spread, which the
   * store's total does not tell: null.
   *
   * <p>Null too when the store's measure is not of memory ({@code inMemory} false: Elasticsearch's
   * files on disk, read through the page cache, against a budget that is its heap).
   *
   * @param primaryBytes the primaries' bytes after the soak (the store's own measure)
   * @param budgetMb memory budget per server, null when not known
   * @param single one server holds the whole data set
   * @param inMemory whether the measure is of memory; null: not said (older probes)
   */
  static Boolean withinBudget(
      long primaryBytes, Integer budgetMb, boolean single, Boolean inMemory) {
    if (Boolean.FALSE.equals(inMemory) || budgetMb == null) {
      return null;
    }
    boolean fits = primaryBytes <= budgetMb * 1024L * 1024L;
    return single || fits ? fits : null;
  }

  private static long number(Map<?, ?> m, String key) {
    return m.get(key) instanceof Number n ? n.longValue() : 0;
  }
}
