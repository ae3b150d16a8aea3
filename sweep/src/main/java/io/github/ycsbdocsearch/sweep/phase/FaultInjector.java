package io.github.ycsbdocsearch.sweep.phase;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.step.ClientExits;
import io.github.ycsbdocsearch.sweep.step.StepTiming;
import io.github.ycsbdocsearch.sweep.step.StoreSession;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import io.github.ycsbdocsearch.sweep.targets.FaultTarget;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The fault of a fault step, beside its clients: {@code at_s} seconds into the measured window one
 * server holding primary data is killed ({@code stores.sh fault}, or the AWS server's fault
 * helper), {@code down_s} seconds later it is started again ({@code stores.sh recover}, or the
 * helper); the acked-writes stream ({@link AckedWrites}) runs through the step and is read back
 * once the store is whole. Everything lands in the step's {@code fault.json} (documented in
 * docs/results-format.md). Whatever ends the clients (their end, a failure, Ctrl-C), {@link
 * #finish} leaves the store whole: a killed server is always started again. Thread-safe.
 */
final class FaultInjector extends ControlWrites {
  private final RunPlan.Fault fault;
  private final FaultTarget stores;
  private final String controlStep;
  private final Object lock = new Object();
  private Thread injector;
  private long recoverDueMs = Long.MAX_VALUE;
  private long killedAtMs;
  private JsonNode node;
  private JsonNode recovered;
  private String killError;
  private String recoverError;

  /**
   * @param session the store (its name, and its binding's properties: the acked-writes stream's)
   * @param controlStep the folder name of the same step without the fault
   */
  FaultInjector(
      SweepContext ctx,
      StoreSession session,
      StoreKind kind,
      FaultTarget stores,
      String controlStep) {
    super(ctx, session, kind, "");
    this.fault = ctx.options().fault();
    this.stores = stores;
    this.controlStep = controlStep;
  }

  @Override
  public void start(long startAtEpochMs, StepTiming timing) {
    super.start(startAtEpochMs, timing);
    injector = new Thread(this::inject, "fault-injector");
    injector.setDaemon(true);
    injector.start();
  }

  /** Kills at the planned second, restarts after the downtime (at once if the step ended early). */
  private void inject() {
    if (!sleepUntil(dueAtMs())) {
      return; // the step ended before the fault was due: nothing to undo
    }
    try {
      JsonNode n = stores.fault(fault.kind(), kind);
      synchronized (lock) {
        node = n;
        killedAtMs = n.path("killed_at_ms").asLong(System.currentTimeMillis());
        recoverDueMs = killedAtMs + TimeUnit.SECONDS.toMillis(fault.downS());
      }
      ctx.progress()
          .storef(
              store,
              "fault: %s killed (%s, %sport %s, %s)",
              fault.kind(),
              n.path("role").asText("?"),
              n.hasNonNull("host") ? n.path("host").asText() + " " : "",
              n.path("port").asText("?"),
              n.path("signal").asText("?"));
    } catch (RuntimeException e) {
      synchronized (lock) {
        killError = e.getMessage();
      }
      ctx.progress().store(store, "fault: nothing killed: " + e.getMessage());
    }
    long due;
    synchronized (lock) {
      due = recoverDueMs == Long.MAX_VALUE ? 0 : recoverDueMs;
    }
    sleepUntil(due);
    recover();
  }

  /** When the fault is due: {@code at_s} seconds into the measured window. */
  private long dueAtMs() {
    return windowStartMs + TimeUnit.SECONDS.toMillis(fault.atS());
  }

  /** Starts what is down again (a no-op when nothing is) and waits until the store is whole. */
  private void recover() {
    try {
      JsonNode r = stores.recover(kind);
      synchronized (lock) {
        recovered = r;
      }
      ctx.progress()
          .storef(
              store,
              "fault: restarted %s in %s ms",
              r.path("restarted"),
              r.path("waited_ms").asText("?"));
    } catch (RuntimeException e) {
      synchronized (lock) {
        recoverError = e.getMessage();
      }
      ctx.progress().store(store, "fault: the store did not come back whole: " + e.getMessage());
    }
  }

  /** Sleeps until the instant; false when interrupted first. */
  private static boolean sleepUntil(long epochMs) {
    long left = epochMs - System.currentTimeMillis();
    if (left <= 0) {
      return true;
    }
    try {
      Thread.sleep(left);
      return true;
    } catch (InterruptedException e) {
      return false;
    }
  }

  @Override
  public void finish(Path stepDir, ClientExits exits) {
    writes.stop();
    boolean early;
    synchronized (lock) {
      early = System.currentTimeMillis() < recoverDueMs;
    }
    if (early) { // the clients ended first (Ctrl-C, a failure): no kill now, or restart at once
      injector.interrupt();
    }
    try {
      injector.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // The acknowledged writes read back: how many the fault lost, or unknown if any was not read.
    long killed;
    synchronized (lock) {
      killed = node == null ? 0 : killedAtMs;
    }
    FaultSummary.AckedWrites acked =
        writes.readBack(killed, windowStartMs, windowEndMs, LoadLogs.read(stepDir, exits)).record();
    ctx.progress()
        .storef(
            store,
            "fault: acknowledged writes %s%s; longest gap between acknowledgements %.1f s",
            acked.lostInWords(),
            acked.error() == null ? "" : " (" + acked.error() + ")",
            acked.longestAckGapMs() / 1000.0);
    FaultSummary.FaultRecord record;
    synchronized (lock) {
      FaultSummary.Node killedNode =
          node == null ? null : Json.MAPPER.convertValue(node, FaultSummary.Node.class);
      FaultSummary.Recover back =
          recovered == null
              ? new FaultSummary.Recover(store, List.of(), null, null, false, recoverError)
              : Json.MAPPER
                  .convertValue(recovered, FaultSummary.Recover.class)
                  .withVerdict(recoverError);
      record =
          new FaultSummary.FaultRecord(
              fault.spec(),
              fault.kind(),
              fault.atS(),
              fault.downS(),
              controlStep,
              killedNode,
              dueAtMs(),
              killedNode == null ? null : killedAtMs,
              killError,
              back,
              windowStartMs,
              windowEndMs,
              acked,
              // The profile the store was started with and what it says one node crash may lose.
              new FaultSummary.Durability(
                  stores.profile().orElse(null), stores.loss(kind).orElse(null)));
    }
    try {
      record.writeTo(stepDir);
    } catch (RuntimeException e) {
      ctx.progress().store(store, "fault.json not written: " + e.getMessage());
    }
  }
}
