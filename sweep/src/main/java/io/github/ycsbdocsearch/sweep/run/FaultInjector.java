package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.cli.SweepOptions;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The fault of a fault step, beside its clients: {@code at_s} seconds into the measured window one server holding
 * primary data is killed ({@code stores.sh fault}), {@code down_s} seconds later it is started again
 * ({@code stores.sh recover}); the acked-writes stream ({@link AckedWrites}) runs through the step and is read back
 * once the store is whole. Everything lands in the step's {@code fault.json} (documented in
 * docs/results-format.md). Whatever ends the clients (their end, a failure, Ctrl-C), {@link #finish} leaves the
 * store whole: a killed server is always started again. Thread-safe.
 */
final class FaultInjector implements StepRunner.StepCompanion {
  /** The step's file of what was done to the store and what the acked-writes stream found. */
  static final String FAULT_JSON = "fault.json";

  private final SweepContext ctx;
  private final String store;
  private final StoreKind kind;
  private final SweepOptions.Fault fault;
  private final LocalStores stores;
  private final String controlStep;
  private final Properties props;
  private final Object lock = new Object();
  private AckedWrites writes;
  private Thread injector;
  private long windowStartMs;
  private long windowEndMs;
  private long recoverDueMs = Long.MAX_VALUE;
  private long killedAtMs;
  private JsonNode node;
  private JsonNode recovered;
  private String killError;
  private String recoverError;

  /**
   * @param session     the store (its name, and the properties its binding reads: the acked-writes stream's)
   * @param controlStep the folder name of the same step without the fault
   */
  FaultInjector(SweepContext ctx, StoreSession session, StoreKind kind, LocalStores stores, String controlStep) {
    this.ctx = ctx;
    this.store = session.name();
    this.props = session.props();
    this.kind = kind;
    this.fault = ctx.options().fault();
    this.stores = stores;
    this.controlStep = controlStep;
  }

  @Override
  public void start(long startAtEpochMs, StepRunner.Timing timing) {
    windowStartMs = startAtEpochMs + TimeUnit.SECONDS.toMillis(timing.warmupS());
    windowEndMs = windowStartMs + TimeUnit.SECONDS.toMillis(timing.durationS());
    writes = new AckedWrites(kind, props, String.valueOf(startAtEpochMs));
    writes.start();
    injector = new Thread(this::inject, "fault-injector");
    injector.setDaemon(true);
    injector.start();
  }

  /** Kills at the planned second, then restarts after the planned downtime (at once when the step ended early). */
  private void inject() {
    if (!sleepUntil(windowStartMs + TimeUnit.SECONDS.toMillis(fault.atS()))) {
      return; // the step ended before the fault was due: nothing to undo
    }
    try {
      JsonNode n = stores.fault(fault.kind(), kind);
      synchronized (lock) {
        node = n;
        killedAtMs = n.path("killed_at_ms").asLong(System.currentTimeMillis());
        recoverDueMs = killedAtMs + TimeUnit.SECONDS.toMillis(fault.downS());
      }
      ctx.progress().store(store, String.format(Locale.ROOT, "fault: %s killed (%s, port %s, %s)", fault.kind(),
          n.path("role").asText("?"), n.path("port").asText("?"), n.path("signal").asText("?")));
    } catch (RuntimeException e) {
      synchronized (lock) {
        killError = e.getMessage();
      }
      ctx.progress().store(store, "fault: nothing killed: " + e.getMessage());
    }
    sleepUntil(recoverDueMs == Long.MAX_VALUE ? 0 : recoverDueMs);
    recover();
  }

  /** Starts what is down again (a no-op when nothing is) and waits until the store is whole. */
  private void recover() {
    try {
      JsonNode r = stores.recover(kind);
      synchronized (lock) {
        recovered = r;
      }
      ctx.progress().store(store, "fault: restarted " + r.path("restarted") + " in " + r.path("waited_ms").asText("?")
          + " ms");
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
  public void finish(Path stepDir) {
    writes.stop();
    boolean early;
    synchronized (lock) {
      early = System.currentTimeMillis() < recoverDueMs;
    }
    if (early) {
      injector.interrupt(); // the clients ended first (Ctrl-C, a failure): no kill now, or restart at once
    }
    try {
      injector.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ObjectNode out = Json.MAPPER.createObjectNode();
    synchronized (lock) {
      out.put("spec", fault.spec()).put("kind", fault.kind()).put("at_s", fault.atS()).put("down_s", fault.downS())
          .put("control_step", controlStep).put("window_start_ms", windowStartMs).put("window_end_ms", windowEndMs);
      out.set("node", node);
      out.put("killed_at_ms", node == null ? null : killedAtMs).put("kill_error", killError);
      ObjectNode rec = out.putObject("recover");
      if (recovered != null) {
        rec.setAll((ObjectNode) recovered.deepCopy());
      }
      rec.put("ok", recovered != null && recoverError == null).put("error", recoverError);
    }
    out.set("acked_writes", ackedWrites());
    out.set("durability", durability());
    try {
      Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(stepDir.resolve(FAULT_JSON).toFile(), out);
    } catch (IOException e) {
      ctx.progress().store(store, "fault.json not written: " + e.getMessage());
    }
  }

  /** The acked-writes stream read back: how many acknowledged writes the fault lost. */
  private ObjectNode ackedWrites() {
    ObjectNode w = Json.MAPPER.createObjectNode().put("rate_per_s", AckedWrites.PER_SECOND);
    try {
      AckedWrites.Outcome o = writes.readBack(node == null ? 0 : killedAtMs, windowStartMs, windowEndMs);
      w.put("attempted", o.attempted()).put("acked", o.acked()).put("failed", o.failed())
          .put("acked_before_kill", o.ackedBeforeKill()).put("lost_before_kill", o.lostBeforeKill())
          .put("acked_after_kill", o.ackedAfterKill()).put("lost_after_kill", o.lostAfterKill())
          .put("longest_ack_gap_ms", o.longestAckGapMs()).put("read_back_failed", o.readBackFailed())
          .put("first_error", o.firstError());
      w.set("lost_keys", Json.MAPPER.valueToTree(o.lostKeys()));
      long lost = o.lostBeforeKill() + o.lostAfterKill();
      ctx.progress().store(store, String.format(Locale.ROOT, "fault: %d of %d acknowledged writes read back, %d "
          + "lost; longest gap between acknowledgements %.1f s", o.acked() - lost - o.readBackFailed(), o.acked(),
          lost, o.longestAckGapMs() / 1000.0));
    } catch (RuntimeException e) {
      w.put("error", "read-back failed: " + e.getMessage());
      ctx.progress().store(store, "fault: acknowledged writes not read back: " + e.getMessage());
    }
    return w;
  }

  /** The profile the store was started with and what it says one node crash may lose. */
  private ObjectNode durability() {
    ObjectNode d = Json.MAPPER.createObjectNode().put("profile", ctx.options().local().profile());
    stores.launchSettings(kind).map(s -> s.path("durability")).ifPresent(s -> d.put("may_lose",
        s.path("loss").asText(null)));
    return d;
  }
}
