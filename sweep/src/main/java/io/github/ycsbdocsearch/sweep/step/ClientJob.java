package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.common.workload.AckedWriteLog;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.common.workload.KeyLayout;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.common.workload.StartGateWorkload;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.YcsbOutput;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.YcsbArgs;
import io.github.ycsbdocsearch.sweep.plan.ClientShare;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One client's part of a step, as the step hands it to a {@link ClientRunner}. It also builds what
 * every client is given alike (its YCSB properties and arguments, its time limit), so that a local
 * and a remote client differ only in how they are started. Immutable.
 *
 * @param session the store (or BasicDB for a floor step)
 * @param step the whole step (for progress)
 * @param planned steps in the store's plan (for progress)
 * @param keys the records that exist and where the step's inserts start
 * @param dir the client's folder here: the step folder itself, or its {@code clients/<i>/}
 * @param start how the step's clients start together
 */
record ClientJob(
    StoreSession session,
    StepSpec step,
    int planned,
    KeyLayout keys,
    int clients,
    StepTiming timing,
    ClientShare share,
    Path dir,
    StartBarrier start) {

  /** The file a gated client waits for the start in, in its own folder. */
  static final String START_GATE_FILE = "start-at";

  /**
   * The client's {@code -p} properties: the user's (those the step needs added), its place in the
   * key layout, and how it starts ({@code gate}: its gate file on its own machine; {@code
   * clockOffsetMs}: that machine's clock minus this one's).
   */
  Map<String, String> properties(RunPlan options, Path gate, long clockOffsetMs) {
    Map<String, String> props = new LinkedHashMap<>(options.ycsbProperties());
    Phase phase = share.step().phase();
    if (phase == Phase.FLOOR) { // the harness floor keeps BasicDB a no-op whatever the user set
      props.keySet().removeIf(k -> k.startsWith("basicdb."));
    }
    // The search workload writes its pages and hit counts into the step folder (the child's cwd).
    props.putIfAbsent(SearchWorkloadConfig.QUERY_STATS_DIR, ".");
    // A fault step's clients (and its control step's, the same load) log every insert and update
    // they send, for the durability check's final read (FaultInjector).
    if (phase == Phase.FAULT || phase == Phase.FAULT_CONTROL) {
      props.putIfAbsent(AckedWriteLog.FILE_PROPERTY, AckedWriteLog.FILE_NAME);
    }
    // Its place in the step's key layout ({@link KeyLayout}): its number among the step's clients
    // and the step's first insert. A single client too (0 of 1: YCSB's own numbering from there).
    props.put(KeyLayout.CLIENT_INDEX, String.valueOf(share.index()));
    props.put(KeyLayout.CLIENTS, String.valueOf(clients));
    props.put(KeyLayout.INSERT_START, String.valueOf(keys.next()));
    // Behind the barrier, the gated workload class (YCSB's -p workload= overrides the file's) and
    // its gate file; at a fixed instant, that instant in the client machine's clock.
    if (start.gated()) {
      props.put("workload", StartGateWorkload.class.getName());
      props.put(StartGateWorkload.START_GATE, gate.toString());
      props.put(
          StartGateWorkload.START_GATE_TIMEOUT_S, String.valueOf(Defaults.CLIENTS_READY_TIMEOUT_S));
    } else if (start.fixedAtEpochMs() > 0) {
      props.put(
          DocSearchWorkload.START_AT_EPOCH_MS,
          String.valueOf(start.fixedAtEpochMs() + clockOffsetMs));
    }
    return props;
  }

  /** YCSB's arguments for the client's share, with its workload and connection files' paths. */
  List<String> ycsbArgs(Path workload, Path connection, Map<String, String> props) {
    return YcsbArgs.step(
        session.target().dbClass(),
        workload,
        connection,
        share.step(),
        timing.runSeconds(),
        (int) Math.min(Integer.MAX_VALUE, keys.readable()), // recordcount: the records it may read
        share.operationCount(),
        props,
        share.openLoop());
  }

  /** How long the client may take: its run, the grace, and its wait before the start. */
  Duration timeLimit() {
    long waitS =
        start.gated()
            ? Defaults.CLIENTS_READY_TIMEOUT_S
            : Math.max(0, (start.fixedAtEpochMs() - System.currentTimeMillis() + 999) / 1000);
    return Duration.ofSeconds(timing.runSeconds() + Defaults.STEP_GRACE_SECONDS + waitS);
  }

  /** What YCSB printed into the client's folder here. */
  YcsbOutput output() {
    return YcsbOutput.read(dir.resolve(RunLayout.YCSB_OUT), dir.resolve(RunLayout.YCSB_ERR));
  }
}
