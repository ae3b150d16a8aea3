package io.github.ycsbdocsearch.sweep.phase;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.workload.KeyLayout;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.step.OperationBudget;
import io.github.ycsbdocsearch.sweep.step.StepResult;
import io.github.ycsbdocsearch.sweep.step.StepRunner;
import io.github.ycsbdocsearch.sweep.step.StepTiming;
import io.github.ycsbdocsearch.sweep.step.StoreSession;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.util.Locale;
import java.util.Optional;

/**
 * Warms a freshly loaded store before its first measured step, until it is warm: unmeasured
 * closed-loop load at {@value Defaults#STORE_WARMUP_THREADS} threads, in short steps of {@value
 * #CHUNK_SECONDS} s, until two steps in a row cost the server the same CPU per operation (within
 * {@value #STABLE_SHARE}), at most {@value #MAX_CHUNKS} steps. A store's code warms
 * (Elasticsearch's JIT: its first 1-thread step had the server at a full core for 276 ops/s after a
 * fixed 20 s warm-up) at its own pace and at the machine's: a fixed length was too short on a slow
 * machine and longer than needed on a fast one. The steps stay in {@code <store>/warmup/} for the
 * record and no number reads them; the manifest's {@code stores.<name>.store_warmup} says how many
 * ran, each one's server CPU per operation, and whether the store settled. Not thread-safe.
 */
public record StoreWarmup(SweepContext ctx) {
  /** Measured seconds of each warm-up step (after a short warm-up of its own client). */
  static final int CHUNK_SECONDS = 4;

  /** The client JVM's own warm-up in each warm-up step, s. */
  static final int CHUNK_WARMUP_SECONDS = 3;

  /** Two steps whose server CPU per operation differs by less than this share: warm. */
  static final double STABLE_SHARE = 0.10;

  /** Warm-up steps at most (about a minute with the JVMs' starts). */
  static final int MAX_CHUNKS = 6;

  /** Runs the warm-up; a failure is reported and the sweep goes on (measured steps judge it). */
  public void run(StoreSession session) {
    if (OperationBudget.inserts(
        ctx.options().workload().properties(), ctx.options().ycsbProperties())) {
      // A warm-up that inserted would move the keys the measured steps insert: these start cold.
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
        .storef(
            session.name(),
            "warming the store: closed loop at %d threads in %d s steps until its CPU per"
                + " operation settles (at most %d), not measured",
            Defaults.STORE_WARMUP_THREADS,
            CHUNK_SECONDS,
            MAX_CHUNKS);
    ObjectNode record = Json.MAPPER.createObjectNode();
    ArrayNode chunks = record.putArray("steps");
    long started = System.nanoTime();
    Double last = null;
    boolean settled = false;
    String why = "the store reports no CPU: one step only";
    // A short test sweep (windows shorter than the default) warms briefly: one step.
    int steps = ctx.options().stepSeconds() < Defaults.STEP_SECONDS ? 1 : MAX_CHUNKS;
    for (int i = 1; i <= steps && !settled && !ctx.interrupts().requested(); i++) {
      StepResult r =
          new StepRunner(ctx)
              .run(
                  warm,
                  StepSpec.ramp(i, Defaults.STORE_WARMUP_THREADS),
                  0, // not a step of the plan: the progress line says "store warm-up"
                  KeyLayout.loaded(ctx.options().records()),
                  Integer.MAX_VALUE,
                  null,
                  new StepTiming(CHUNK_WARMUP_SECONDS, CHUNK_SECONDS),
                  Optional.empty());
      if (r.status() != StepStatus.COMPLETE || r.summary().isEmpty()) {
        why = "warm-up step " + i + " did not complete: " + r.error();
        ctx.progress().store(session.name(), "the store warm-up stopped: " + why);
        break;
      }
      StepSummary sum = r.summary().get();
      // Server CPU per operation over the step's window, µs; null when the store reports none.
      Double cost =
          sum.serverCpuCores() == null || !(sum.throughputOps() > 0)
              ? null
              : sum.serverCpuCores() * 1e6 / sum.throughputOps();
      chunks
          .addObject()
          .put("ops", Math.round(sum.throughputOps()))
          .put("server_cpu_us_per_op", cost == null ? null : Math.round(cost * 10) / 10.0);
      if (cost == null) {
        break;
      }
      settled = last != null && Math.abs(cost - last) <= STABLE_SHARE * last;
      why =
          settled
              ? String.format(
                  Locale.ROOT,
                  "settled: server CPU per operation %.1f then %.1f us (within %.0f %%)",
                  last,
                  cost,
                  100 * STABLE_SHARE)
              : String.format(
                  Locale.ROOT,
                  "not settled after %d steps: server CPU per operation still moved (last %.1f"
                      + " us)",
                  i,
                  cost);
      last = cost;
    }
    record.put("settled", settled);
    record.put("seconds", Math.round((System.nanoTime() - started) / 1e8) / 10.0);
    record.put("reason", why);
    ctx.manifest().putStore(session.name(), "store_warmup", record);
    ctx.progress().store(session.name(), "store warm-up: " + why);
  }
}
