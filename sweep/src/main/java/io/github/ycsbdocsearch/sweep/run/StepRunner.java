package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.Mm1DB;
import io.github.ycsbdocsearch.common.RemoteClient;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.common.workload.KeyLayout;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.common.workload.StartGateWorkload;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.OpenLoop;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepClients;
import io.github.ycsbdocsearch.resultsformat.StepEvents;
import io.github.ycsbdocsearch.resultsformat.StepHistograms;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummarizer;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.SweepMain;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.SweepOptions;
import io.github.ycsbdocsearch.sweep.exec.ChildProcess;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.CpuWindow;
import io.github.ycsbdocsearch.sweep.exec.Ssh;
import io.github.ycsbdocsearch.sweep.exec.StatusLine;
import io.github.ycsbdocsearch.sweep.exec.YcsbArgs;
import io.github.ycsbdocsearch.sweep.exec.YcsbOutput;
import io.github.ycsbdocsearch.sweep.plan.ClientShare;
import io.github.ycsbdocsearch.sweep.plan.Slo;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * Runs one measured step in its own YCSB JVM and publishes its folder: the child writes into a
 * hidden {@code .NN-tT.partial} folder (its working directory); then {@code step.json} (with the
 * CPU both sides used over the window) and the step's {@code summary.json} are written once, and
 * the folder is renamed to {@code NN-tT}, so a step folder with a name is always whole. Everything
 * after reads that summary. The child's exit code is not trusted (see {@link YcsbOutput}). Not
 * thread-safe; one step at a time.
 */
final class StepRunner {
  private static final double SHORT_RUN_SHARE = 0.9;

  private final SweepContext ctx;

  StepRunner(SweepContext ctx) {
    this.ctx = ctx;
  }

  /** Warm-up and measured seconds of a step: the harness floor runs short steps. */
  record Timing(int warmupS, int durationS) {
    int runSeconds() {
      return warmupS + durationS;
    }

    static Timing of(SweepOptions o, StepSpec step) {
      Timing t = of(o, step.phase());
      return step.windowS() == null ? t : new Timing(t.warmupS(), step.windowS());
    }

    static Timing of(SweepOptions o, Phase phase) {
      return switch (phase) {
        case FLOOR -> new Timing(Defaults.FLOOR_WARMUP_SECONDS, o.floorSeconds());
        case SOAK -> new Timing(o.warmupSeconds(), o.soak().seconds());
        case FAULT_CONTROL, FAULT ->
            new Timing(o.warmupSeconds(), o.fault().stepSeconds(o.stepSeconds()));
        default -> new Timing(o.warmupSeconds(), o.stepSeconds());
      };
    }
  }

  /**
   * Work beside a step's clients (a server killed and restarted under load), told the instant the
   * clients start. {@link #finish} runs whatever happened to the clients (also after Ctrl-C),
   * before the step folder is published.
   */
  interface StepCompanion {
    /**
     * The clients start at {@code startAtEpochMs}; their measured window follows the timing's
     * warm-up.
     */
    void start(long startAtEpochMs, Timing timing);

    /**
     * The clients have ended: end the work, leave the store whole, and record what happened in the
     * step folder.
     */
    void finish(Path stepDir);
  }

  /**
   * Runs the step.
   *
   * @param session the store (or BasicDB for a floor step)
   * @param step the step
   * @param planned steps in the store's plan (for progress)
   * @param keys the records that exist (YCSB recordcount: the loaded ones plus those earlier steps
   *     inserted and the next step may read) and where the step's inserts start
   * @param operationCount YCSB operationcount
   * @param detector owns the error bound
   * @param timing the step's warm-up and measured window
   * @param companion work that runs beside the step (the fault's kill and restart), if any
   */
  StepResult run(
      StoreSession session,
      StepSpec step,
      int planned,
      KeyLayout keys,
      long operationCount,
      SaturationDetector detector,
      Timing timing,
      Optional<StepCompanion> companion) {
    SweepOptions o = ctx.options();
    Path dir = session.stepsDir().resolve(step.dirName());
    Path tmp = session.stepsDir().resolve("." + step.dirName() + ".partial");
    AtomicReference<List<BackgroundEvents.Sample>> samples = new AtomicReference<>(List.of());
    OpenLoop openLoop = openLoop(step, timing);
    List<ClientShare> shares = ClientShare.split(step, operationCount, openLoop, o.clients());
    prepare(tmp, shares.size() == 1);
    Instant started = Instant.now();
    ctx.progress().stepStarted(session.name(), step, planned, timing.runSeconds());
    // The store's background work (snapshots, rewrites, refreshes, merges, checkpoints) over the
    // step; not the floor's.
    Optional<BackgroundEvents> background =
        step.phase() == Phase.FLOOR
            ? Optional.empty()
            : session.target().probe().map(p -> new BackgroundEvents(p, session.props()));
    background.ifPresent(BackgroundEvents::start);
    // Several clients start together, and so does a step with a companion, whose work is timed
    // from that instant: after the ready barrier (every client's init done), or, for a workload
    // class without it, at a fixed instant late enough for every JVM to be up.
    LongConsumer companionStart = at -> companion.ifPresent(c -> c.start(at, timing));
    StartBarrier start =
        shares.size() == 1 && companion.isEmpty()
            ? StartBarrier.none()
            : gateCapable()
                ? StartBarrier.gate(shares.size(), companionStart)
                : StartBarrier.fixed(
                    System.currentTimeMillis() + Defaults.CLIENTS_START_DELAY_MS, companionStart);
    List<ClientRun> runs;
    try {
      runs = runClients(session, step, planned, keys, timing, shares, tmp, start);
    } finally {
      background.ifPresent(b -> samples.set(b.stop()));
      companion.ifPresent(c -> c.finish(tmp));
    }
    Instant ended = Instant.now();
    ChildResult child = combined(runs);
    Optional<String> problem = problem(runs, timing);
    StepStatus status =
        child.interrupted()
            ? StepStatus.INTERRUPTED
            : problem.isPresent() ? StepStatus.FAILED : StepStatus.COMPLETE;
    StepRecord record =
        record(
            session,
            step,
            timing,
            status,
            problem.orElse(null),
            started,
            ended,
            child,
            runs,
            openLoop);
    record.writeTo(tmp);
    Optional<StepHistograms> logs = Optional.empty();
    Optional<StepSummary> summary = Optional.empty();
    try {
      logs = Optional.of(StepHistograms.forStep(tmp));
      if (runs.size() > 1) {
        StepClients who = clients(runs, start.startAtEpochMs(), logs.get(), tmp);
        who.writeTo(tmp);
        if (Boolean.TRUE.equals(who.startedApart())) {
          ctx.progress()
              .store(
                  session.name(),
                  step.dirName()
                      + ": its clients started "
                      + who.startSpreadMs()
                      + " ms apart (more than "
                      + StepClients.START_SPREAD_LIMIT_MS
                      + " ms; clients.json started_apart)");
        }
      }
      summary = Optional.of(StepSummarizer.summarize(tmp, record, step.dirName(), logs.get()));
    } catch (IOException | RuntimeException e) {
      if (status == StepStatus.COMPLETE) {
        record =
            record.withStatus(
                StepStatus.FAILED, "cannot read the step's interval logs: " + e.getMessage());
      }
    }
    // Only a step that ran to its end is judged by its numbers; an interrupted one stays
    // interrupted.
    boolean ranToEnd = record.status() == StepStatus.COMPLETE;
    if (ranToEnd && summary.isPresent() && summary.get().operations() == 0) {
      record =
          record.withStatus(
              StepStatus.FAILED,
              "no operation succeeded after the " + timing.warmupS() + " s warm-up");
    } else if (ranToEnd
        && summary.isPresent()
        && step.phase() != Phase.FLOOR
        && detector != null
        && detector.exceedsErrorBound(summary.get())) {
      record = record.withStatus(StepStatus.FAILED, detector.errorBoundMessage(summary.get()));
    }
    Optional<String> storeProblem =
        record.status() == StepStatus.FAILED && step.phase() != Phase.FLOOR
            ? storeHealth(session)
            : Optional.empty();
    if (storeProblem.isPresent()) {
      record =
          record.withStatus(
              StepStatus.FAILED, record.error() + "; store not answering: " + storeProblem.get());
    }
    record.writeTo(tmp);
    // The summary of the final record (its status may have changed above), from the logs read once.
    StepRecord last = record;
    summary = logs.map(h -> StepSummarizer.summarize(tmp, last, step.dirName(), h));
    summary.ifPresent(s -> s.writeTo(tmp));
    try {
      writeEvents(tmp, session.name(), samples.get());
    } catch (IOException | RuntimeException e) {
      // The events are a record beside the numbers, not a measurement: the step stands without
      // them.
      ctx.progress().store(session.name(), "background events not recorded: " + e.getMessage());
    }
    AtomicFiles.publish(tmp, dir);
    long inserts =
        runs.stream()
            .mapToLong(
                r -> r.out().returnCounts().getOrDefault("INSERT", Map.of()).getOrDefault("OK", 0L))
            .sum();
    return new StepResult(
        step,
        record.status(),
        record.error(),
        summary,
        inserts,
        storeProblem.isPresent(),
        keys.after(runs.stream().map(StepRunner::taken).toList()));
  }

  /**
   * The keys a client took from its insert sequence: every insert it reported, failed ones too (a
   * failed insert still used its key, and the store may hold it). A client that did not report
   * (killed, or ended before YCSB's report) may have taken up to its whole operation budget: the
   * next step inserts past all of them.
   */
  private static KeyLayout.Taken taken(ClientRun r) {
    if (r.out().overallRuntimeMs().isEmpty()) {
      return new KeyLayout.Taken(0, r.share().operationCount());
    }
    return KeyLayout.Taken.exactly(
        r.out().returnCounts().getOrDefault("INSERT", Map.of()).values().stream()
            .mapToLong(Long::longValue)
            .sum());
  }

  /**
   * The properties that place a client's inserts and reads in the step's key layout ({@link
   * KeyLayout}): its number among the step's clients and the first record the step inserts. Given
   * to a single client too (client 0 of 1: YCSB's own numbering from the insert start).
   */
  private static void keyProperties(
      Map<String, String> props, KeyLayout keys, ClientShare share, int clients) {
    props.put(KeyLayout.CLIENT_INDEX, String.valueOf(share.index()));
    props.put(KeyLayout.CLIENTS, String.valueOf(clients));
    props.put(KeyLayout.INSERT_START, String.valueOf(keys.next()));
  }

  /** YCSB's recordcount of a step: the records it may read. */
  private static int recordCount(KeyLayout keys) {
    return (int) Math.min(Integer.MAX_VALUE, keys.readable());
  }

  /**
   * events.json, when the store was sampled and the step's logs started; for the simulated {@code
   * mm1} store, which runs inside the client, the stalls it reported itself ({@link
   * Mm1DB#STALLS_FILE}).
   */
  private static void writeEvents(Path stepDir, String store, List<BackgroundEvents.Sample> samples)
      throws IOException {
    OptionalLong start = StepEvents.measurementStartMs(stepDir);
    if (start.isEmpty()) {
      return;
    }
    if (!samples.isEmpty()) {
      StepEvents.write(stepDir, BackgroundEvents.events(samples, store, start.getAsLong()));
      return;
    }
    Path stalls = stepDir.resolve(Mm1DB.STALLS_FILE);
    if (Files.isRegularFile(stalls)) {
      List<StepEvents.Event> events = new ArrayList<>();
      for (var ms : Json.MAPPER.readTree(stalls.toFile())) {
        events.add(
            new StepEvents.Event(
                (ms.asLong() - start.getAsLong()) / 1000.0, store, Mm1DB.STALL_KIND, "stall"));
      }
      StepEvents.write(stepDir, events);
    }
  }

  /**
   * The -p properties of a step; the harness floor keeps BasicDB a no-op whatever the user set for
   * basicdb.
   */
  private Map<String, String> userProperties(StepSpec step) {
    Map<String, String> p = new LinkedHashMap<>(ctx.options().ycsbProperties());
    if (step.phase() == Phase.FLOOR) {
      p.keySet().removeIf(k -> k.startsWith("basicdb."));
    }
    // The search workload writes the pages it asked and the questions' hit counts into the step's
    // folder (the
    // YCSB child's working directory).
    p.putIfAbsent(SearchWorkloadConfig.QUERY_STATS_DIR, ".");
    // A fault step's clients (and its control step's, the same load) log every insert and update
    // they send, for the durability check's final read (FaultInjector).
    if (step.phase() == Phase.FAULT || step.phase() == Phase.FAULT_CONTROL) {
      p.putIfAbsent(AckedWriteLog.FILE_PROPERTY, AckedWriteLog.FILE_NAME);
    }
    return p;
  }

  /**
   * One client JVM of a step, as it ran.
   *
   * @param host {@code local}, or the other client machine's {@code user@host}
   * @param clockOffsetMs that machine's clock minus this one's
   * @param cores its CPU over the window, JIT compiler left out; null when unknown
   * @param jitCores its JIT compiler threads' CPU; null when unknown
   * @param cpus the CPUs it may use (a local client: the client's pinning set, shared by local
   *     clients)
   * @param window a local client's CPU window (it also sampled the server); null for a remote one
   * @param setupError why the client never ran (its machine could not be prepared, twice); null
   *     when it ran
   */
  private record ClientRun(
      ClientShare share,
      String host,
      long clockOffsetMs,
      ChildResult child,
      YcsbOutput out,
      Double cores,
      Double jitCores,
      int cpus,
      CpuWindow window,
      String setupError) {
    boolean local() {
      return window != null || host.equals(LOCAL);
    }

    /** A client that never ran: its setup failed. */
    static ClientRun notStarted(ClientShare share, String host, Path dir, String why) {
      return new ClientRun(
          share,
          host,
          0,
          new ChildResult(-1, false, false, Duration.ZERO),
          YcsbOutput.read(dir.resolve("ycsb.out"), dir.resolve("ycsb.err")),
          null,
          null,
          0,
          null,
          why);
    }
  }

  private static final String LOCAL = StepClients.LOCAL;

  /**
   * Runs the step's clients: one JVM in the step folder itself, or several at once, each in its own
   * {@code clients/<i>/}, started as {@code start} says (this thread releases the barrier). Only
   * client 0 feeds the progress line.
   */
  private List<ClientRun> runClients(
      StoreSession session,
      StepSpec step,
      int planned,
      KeyLayout keys,
      Timing timing,
      List<ClientShare> shares,
      Path tmp,
      StartBarrier start) {
    if (!start.gated() && shares.size() == 1) {
      return List.of(runClient(session, step, planned, keys, 1, timing, shares.get(0), tmp, start));
    }
    ExecutorService pool = Executors.newFixedThreadPool(shares.size());
    try {
      List<Future<ClientRun>> futures = new ArrayList<>();
      for (ClientShare share : shares) {
        Path dir = shares.size() == 1 ? tmp : RunLayout.clientDir(tmp, share.index());
        if (shares.size() > 1) {
          prepare(dir, true);
        }
        futures.add(
            pool.submit(
                () ->
                    runClient(
                        session, step, planned, keys, shares.size(), timing, share, dir, start)));
      }
      start.awaitAndRelease(
          Duration.ofSeconds(Defaults.CLIENTS_READY_TIMEOUT_S),
          Duration.ofMillis(Defaults.CLIENTS_START_MARGIN_MS));
      List<ClientRun> runs = new ArrayList<>();
      for (Future<ClientRun> f : futures) {
        runs.add(f.get());
      }
      return runs;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the clients ran", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Runs one client JVM in {@code dir} to its end, with its CPU window from its first status line;
   * {@code step} is the whole step (for progress), the share this client's part of it, {@code
   * clients} the step's clients.
   */
  private ClientRun runClient(
      StoreSession session,
      StepSpec step,
      int planned,
      KeyLayout keys,
      int clients,
      Timing timing,
      ClientShare share,
      Path dir,
      StartBarrier start) {
    Optional<RemoteClient> remote = remoteFor(share.index());
    if (remote.isPresent()) {
      return runRemoteClient(session, keys, clients, timing, share, dir, start, remote.get());
    }
    Map<String, String> props = userProperties(share.step());
    keyProperties(props, keys, share, clients);
    startProperties(props, start, dir.resolve(START_GATE_FILE));
    if (start.gated()) {
      start.register(share.index(), at -> writeGate(dir.resolve(START_GATE_FILE), at));
    }
    List<String> args =
        ycsbArgs(
            session,
            ctx.options().workload().path(),
            session.connectionFile(),
            share,
            timing,
            keys,
            props);
    AtomicReference<CpuWindow> cpu = new AtomicReference<>();
    AtomicLong pid = new AtomicLong(-1);
    long waitS = waitSeconds(start);
    ChildResult child;
    try {
      // The CPU window starts with YCSB's client threads (its first status line), not at the JVM's
      // spawn.
      child =
          new ChildProcess(ctx.launcher().command(args), dir, Map.of())
              .onStart(p -> pid.set(p.pid()))
              .run(
                  dir.resolve("ycsb.out"),
                  dir.resolve("ycsb.err"),
                  Duration.ofSeconds(timing.runSeconds() + Defaults.STEP_GRACE_SECONDS + waitS),
                  ctx.interrupts(),
                  line -> {
                    if (line.equals(StartGateWorkload.READY_LINE)) {
                      start.ready(share.index());
                    }
                    StatusLine.parse(line)
                        .ifPresent(
                            s -> {
                              if (cpu.get() == null && pid.get() > 0) {
                                Duration warm =
                                    Duration.ofSeconds(
                                        Math.max(0, timing.warmupS() - s.elapsedSeconds()));
                                cpu.compareAndSet(
                                    null,
                                    CpuWindow.start(
                                        pid.get(),
                                        session.serverCpu(),
                                        warm,
                                        Duration.ofSeconds(timing.durationS())));
                              }
                              if (share.index() == 0) {
                                ctx.progress()
                                    .live(session.name(), step, planned, timing.runSeconds(), s);
                              }
                            });
                  });
    } finally {
      start.ready(share.index()); // ended: it cannot hold the others
      Optional.ofNullable(cpu.get()).ifPresent(CpuWindow::close);
    }
    Optional<CpuWindow> w = Optional.ofNullable(cpu.get());
    return new ClientRun(
        share,
        LOCAL,
        0,
        child,
        YcsbOutput.read(dir.resolve("ycsb.out"), dir.resolve("ycsb.err")),
        w.flatMap(CpuWindow::clientCores).orElse(null),
        w.flatMap(CpuWindow::clientJitCores).orElse(null),
        ctx.pinning().clientCpuCount(),
        cpu.get(),
        null);
  }

  /** The file a gated client waits for the start in, in its own folder. */
  static final String START_GATE_FILE = "start-at";

  /**
   * The properties that start a client as {@code start} says: behind the barrier, the gated
   * workload class (YCSB's {@code -p workload=} overrides the file's) and its gate file; at a fixed
   * instant, that instant ({@code clockOffsetMs}: its machine's clock minus this one's).
   */
  private static void startProperties(Map<String, String> props, StartBarrier start, Path gate) {
    startProperties(props, start, gate, 0);
  }

  private static void startProperties(
      Map<String, String> props, StartBarrier start, Path gate, long clockOffsetMs) {
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
  }

  /** Seconds a client's time limit adds for its wait before the start. */
  private static long waitSeconds(StartBarrier start) {
    if (start.gated()) {
      return Defaults.CLIENTS_READY_TIMEOUT_S;
    }
    return Math.max(0, (start.fixedAtEpochMs() - System.currentTimeMillis() + 999) / 1000);
  }

  /** Writes the start into a local client's gate file: beside it, then renamed (never half). */
  private static void writeGate(Path gate, long epochMs) {
    try {
      AtomicFiles.writeString(gate, epochMs + "\n");
    } catch (RuntimeException e) {
      throw new IllegalStateException("cannot write the start into " + gate, e);
    }
  }

  /**
   * Whether the workload file's class is the suite's own {@link DocSearchWorkload}, which the
   * runner may replace by {@link StartGateWorkload} for the ready barrier; another class (a user's
   * own, a subclass) starts at a fixed instant instead.
   */
  private boolean gateCapable() {
    String cls = ctx.options().workload().properties().getOrDefault("workload", "").trim();
    return cls.equals(DocSearchWorkload.class.getName())
        || cls.equals(StartGateWorkload.class.getName());
  }

  /**
   * Client {@code i} runs on the hosts file's other client machine {@code i - 1} when there is one.
   */
  private Optional<RemoteClient> remoteFor(int i) {
    List<RemoteClient> others = ctx.options().hosts().map(HostsFile::clients).orElse(List.of());
    return i >= 1 && i - 1 < others.size() ? Optional.of(others.get(i - 1)) : Optional.empty();
  }

  /**
   * YCSB's arguments for one client's share of a step, with the workload and connection files it
   * reads.
   */
  private List<String> ycsbArgs(
      StoreSession session,
      Path workload,
      Path connection,
      ClientShare share,
      Timing timing,
      KeyLayout keys,
      Map<String, String> props) {
    return YcsbArgs.step(
        session.target().dbClass(),
        workload,
        connection,
        share.step(),
        timing.runSeconds(),
        recordCount(keys),
        share.operationCount(),
        props,
        share.openLoop());
  }

  /**
   * Runs a client on another machine over SSH: any client JVM an earlier step left there stopped
   * ({@code remote-client.sh --reap}), its work folder emptied, the connection and workload files
   * copied there, its clock offset read (the start is given in its own clock); a setup that fails
   * is tried once more, then the client is recorded as not started, with why. YCSB is started by
   * {@code scripts/lib/remote-client.sh} (which measures its CPU over the window, and stops the JVM
   * when this session ends), its output streamed back; behind the barrier its start goes down the
   * same session. Then the connection file (credentials) is deleted there, the folder fetched into
   * {@code dir}, and the clock offset written beside its logs ({@code clock.json}), which the merge
   * applies.
   */
  private ClientRun runRemoteClient(
      StoreSession session,
      KeyLayout keys,
      int clients,
      Timing timing,
      ClientShare share,
      Path dir,
      StartBarrier start,
      RemoteClient remote) {
    Ssh ssh = new Ssh(remote);
    Path work = remote.workDir().resolve("client-" + share.index());
    Path connection = work.resolve("connection.properties");
    Path workload = work.resolve("workload");
    Path script = remote.repo().resolve(REMOTE_SCRIPT);
    Setup set =
        setUpRemoteTwice(session, new RemoteWork(ssh, remote, work, connection, workload, script));
    if (set.clockOffsetMs().isEmpty()) {
      start.ready(share.index());
      return ClientRun.notStarted(share, remote.destination(), dir, set.error());
    }
    long offset = set.clockOffsetMs().getAsLong();
    Map<String, String> props = userProperties(share.step());
    keyProperties(props, keys, share, clients);
    startProperties(props, start, work.resolve(START_GATE_FILE), offset);
    List<String> ycsb = ycsbArgs(session, workload, connection, share, timing, keys, props);
    String startArg = start.gated() ? "gate" : String.valueOf(start.fixedAtEpochMs() + offset);
    List<String> words =
        new ArrayList<>(
            List.of(
                script.toString(),
                work.toString(),
                startArg,
                String.valueOf(timing.warmupS()),
                String.valueOf(timing.durationS())));
    words.addAll(ctx.launcher().remoteCommand(ycsb, SweepMain.repoRoot(), remote.repo()));
    ChildResult child;
    try {
      child =
          new ChildProcess(ssh.command(words), dir, Map.of())
              .keepStdinOpen()
              .onStart(
                  p -> {
                    if (start.gated()) {
                      start.register(share.index(), at -> tellStart(p, at + offset));
                    }
                  })
              .run(
                  dir.resolve("ycsb.out"),
                  dir.resolve("ycsb.err"),
                  Duration.ofSeconds(
                      timing.runSeconds() + Defaults.STEP_GRACE_SECONDS + waitSeconds(start)),
                  ctx.interrupts(),
                  line -> {
                    if (line.equals(StartGateWorkload.READY_LINE)) {
                      start.ready(share.index());
                    }
                  });
    } finally {
      start.ready(share.index());
    }
    if (child.timedOut() || child.interrupted()) {
      reap(session, ssh, remote, script);
    }
    ssh.run(List.of("rm", "-f", connection.toString(), workload.toString()), null);
    ssh.fetch(work, dir);
    AtomicFiles.writeJson(
        dir.resolve(RunLayout.CLOCK_JSON), Map.of(RunLayout.CLOCK_OFFSET_MS, offset));
    RemoteCpu cpu = RemoteCpu.read(dir);
    return new ClientRun(
        share,
        remote.destination(),
        offset,
        child,
        YcsbOutput.read(dir.resolve("ycsb.out"), dir.resolve("ycsb.err")),
        cpu.clientCpuCores(),
        cpu.clientJitCpuCores(),
        cpu.clientCpus(),
        null,
        null);
  }

  /**
   * A client's work on another machine: how it is reached, its folder there, the files copied into
   * it and the script that runs it.
   */
  private record RemoteWork(
      Ssh ssh, RemoteClient remote, Path work, Path connection, Path workload, Path script) {}

  /** A remote client's setup: its clock offset, or why it failed twice. */
  private record Setup(OptionalLong clockOffsetMs, String error) {}

  /** {@link #setUpRemote}, tried once more when it fails. */
  private Setup setUpRemoteTwice(StoreSession session, RemoteWork w) {
    try {
      return new Setup(OptionalLong.of(setUpRemote(session, w)), null);
    } catch (SetupException | UncheckedIOException first) {
      ctx.progress()
          .store(
              session.name(),
              w.remote().destination()
                  + ": a client's setup failed ("
                  + first.getMessage()
                  + "); trying once more");
    }
    try {
      return new Setup(OptionalLong.of(setUpRemote(session, w)), null);
    } catch (SetupException | UncheckedIOException second) {
      return new Setup(
          OptionalLong.empty(),
          "setup on " + w.remote().destination() + " failed twice: " + second.getMessage());
    }
  }

  /**
   * Prepares a remote client's machine for a step; returns its clock offset. Any client JVM still
   * running there (a step stopped before it, a runner killed) is stopped first, and said.
   */
  private long setUpRemote(StoreSession session, RemoteWork w) {
    Ssh ssh = w.ssh();
    RemoteClient remote = w.remote();
    String reaped =
        ssh.run(
            List.of(
                "sh",
                "-c",
                "\"$1\" --reap \"$2\" && rm -rf \"$3\" && mkdir -p \"$3\"",
                "prepare",
                w.script().toString(),
                remote.workDir().toString(),
                w.work().toString()),
            null);
    reaped
        .lines()
        .forEach(l -> ctx.progress().store(session.name(), remote.destination() + ": " + l));
    long offset = ssh.clockOffsetMs();
    ssh.copy(session.connectionFile(), w.connection());
    ssh.copy(ctx.options().workload().path(), w.workload());
    return offset;
  }

  /**
   * After a client had to be stopped: its JVM stopped over a second session, should the first one's
   * end not have reached it. Best effort: the next step's setup reaps again.
   */
  private void reap(StoreSession session, Ssh ssh, RemoteClient remote, Path script) {
    try {
      ssh.run(List.of(script.toString(), "--reap", remote.workDir().toString()), null)
          .lines()
          .forEach(l -> ctx.progress().store(session.name(), remote.destination() + ": " + l));
    } catch (RuntimeException e) {
      ctx.progress()
          .store(
              session.name(),
              remote.destination()
                  + ": could not check for a client left running: "
                  + e.getMessage());
    }
  }

  /** Sends the start down a remote client's session ({@code remote-client.sh} reads it). */
  private static void tellStart(Process p, long epochMs) {
    try {
      OutputStream out = p.getOutputStream();
      out.write(("start " + epochMs + "\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
    } catch (IOException e) {
      // The session is gone: the client ended (its result says how).
    }
  }

  /** The script that runs a client on another machine, relative to the project's folder there. */
  static final String REMOTE_SCRIPT = "scripts/lib/remote-client.sh";

  /** What {@code remote-client.sh} measured ({@code cpu.json}); nulls when it could not. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record RemoteCpu(Double clientCpuCores, Double clientJitCpuCores, int clientCpus) {
    static RemoteCpu read(Path dir) {
      Path f = dir.resolve("cpu.json");
      try {
        return Files.isRegularFile(f)
            ? Json.read(f, RemoteCpu.class)
            : new RemoteCpu(null, null, 0);
      } catch (ResultsFormatException e) {
        return new RemoteCpu(null, null, 0); // unknown, as when the client ended before its window
      }
    }
  }

  /**
   * The clients as one child: the first non-zero exit code, stopped or timed out when any was, the
   * longest run.
   */
  private static ChildResult combined(List<ClientRun> runs) {
    int code =
        runs.stream().mapToInt(r -> r.child().exitCode()).filter(c -> c != 0).findFirst().orElse(0);
    return new ChildResult(
        code,
        runs.stream().anyMatch(r -> r.child().timedOut()),
        runs.stream().anyMatch(r -> r.child().interrupted()),
        runs.stream().map(r -> r.child().elapsed()).max(Duration::compareTo).orElse(Duration.ZERO));
  }

  /**
   * Why a client's run cannot be trusted (the first such client, named when there are several), or
   * empty.
   */
  private Optional<String> problem(List<ClientRun> runs, Timing timing) {
    for (ClientRun r : runs) {
      if (r.setupError() != null) {
        return Optional.of("client " + r.share().index() + ": " + r.setupError());
      }
      Optional<String> p =
          problem(r.child(), r.out(), r.share().step(), r.share().operationCount(), timing);
      if (p.isPresent()) {
        return runs.size() == 1 ? p : Optional.of("client " + r.share().index() + ": " + p.get());
      }
    }
    return Optional.empty();
  }

  /**
   * Who the clients were, their shares, their first logs' starts after the earliest one's, and how
   * far apart they left the barrier.
   */
  private static StepClients clients(
      List<ClientRun> runs, long startAtEpochMs, StepHistograms logs, Path tmp) {
    List<Long> starts = logs.clientStartsMs();
    long first =
        starts.stream().filter(Objects::nonNull).mapToLong(Long::longValue).min().orElse(0);
    List<StepClients.Client> clients = new ArrayList<>();
    for (ClientRun r : runs) {
      int i = r.share().index();
      Long start = i < starts.size() ? starts.get(i) : null;
      ChildResult c = r.child();
      clients.add(
          new StepClients.Client(
              i,
              r.host(),
              r.share().step().threads(),
              r.share().step().targetOps(),
              r.share().openLoop() == null ? null : r.share().openLoop().seed(),
              start == null ? null : start - first,
              r.clockOffsetMs(),
              c.timedOut() || c.interrupted() ? null : c.exitCode(),
              r.out().totalOperations(),
              r.cores(),
              r.jitCores(),
              r.cpus()));
    }
    List<Long> left = new ArrayList<>();
    for (ClientRun r : runs) {
      left.add(leftBarrierMs(RunLayout.clientDir(tmp, r.share().index()), r.clockOffsetMs()));
    }
    return StepClients.withStarts(startAtEpochMs, left, clients);
  }

  /**
   * When a client left the start barrier, in this machine's clock; null when it did not note it.
   */
  private static Long leftBarrierMs(Path clientDir, long clockOffsetMs) {
    try {
      return Long.parseLong(
              Files.readString(clientDir.resolve(RunLayout.STARTED_AT), StandardCharsets.UTF_8)
                  .strip())
          - clockOffsetMs;
    } catch (IOException | NumberFormatException e) {
      return null;
    }
  }

  /** Why the child's run cannot be trusted, or empty. */
  private Optional<String> problem(
      ChildResult child, YcsbOutput out, StepSpec step, long operationCount, Timing timing) {
    int runSeconds = timing.runSeconds();
    if (child.interrupted()) {
      return Optional.of(
          "stopped by Ctrl-C or SIGTERM after " + child.elapsed().toSeconds() + " s");
    }
    if (child.timedOut()) {
      return Optional.of(
          "YCSB did not finish within "
              + (runSeconds + Defaults.STEP_GRACE_SECONDS)
              + " s and was killed");
    }
    String why = out.firstProblem().map(p -> ": " + p).orElse("");
    if (child.exitCode() != 0) {
      return Optional.of("YCSB exited with code " + child.exitCode() + why);
    }
    Optional<String> failure = out.failure(step.threads());
    if (failure.isPresent()) {
      return failure;
    }
    long ranMs = out.overallRuntimeMs().orElse(0);
    boolean budgetUsed = out.totalOperations() >= operationCount - step.threads();
    if (!budgetUsed && ranMs < SHORT_RUN_SHARE * runSeconds * 1000) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "YCSB ended after %.1f s of the planned %d s (a client thread " + "stopped early)%s",
              ranMs / 1000.0,
              runSeconds,
              why));
    }
    return Optional.empty();
  }

  /**
   * After a failure: does the store still answer? A dead store is named as such, not taken for
   * saturation.
   */
  private static Optional<String> storeHealth(StoreSession session) {
    return session
        .target()
        .probe()
        .flatMap(
            p -> {
              try {
                p.check(session.props());
                return Optional.empty();
              } catch (RuntimeException e) {
                return Optional.of(String.valueOf(e.getMessage()));
              }
            });
  }

  private StepRecord record(
      StoreSession s,
      StepSpec step,
      Timing timing,
      StepStatus status,
      String error,
      Instant started,
      Instant ended,
      ChildResult child,
      List<ClientRun> runs,
      OpenLoop openLoop) {
    // Client 0 runs here, and its window also sampled the server.
    Optional<CpuWindow> first = Optional.ofNullable(runs.get(0).window());
    Double server = first.flatMap(CpuWindow::serverCores).orElse(null);
    return new StepRecord(
        StepRecord.FORMAT,
        s.name(),
        ctx.options().workload().name(),
        step.index(),
        step.threads(),
        step.targetOps(),
        timing.warmupS(),
        timing.durationS(),
        status,
        utc(started),
        utc(ended),
        child.timedOut() || child.interrupted() ? null : child.exitCode(),
        error,
        step.phase(),
        step.offeredFraction(),
        sumOver(runs, ClientRun::cores),
        clientCpus(runs),
        server,
        server == null ? null : first.get().serverSource(),
        sumOver(runs, ClientRun::jitCores),
        openLoop);
  }

  /**
   * A CPU figure summed over the clients (local clients share the client's CPUs, so their sum is
   * what those CPUs did); null when any client's is unknown.
   */
  private static Double sumOver(List<ClientRun> runs, Function<ClientRun, Double> figure) {
    double sum = 0;
    for (ClientRun r : runs) {
      Double v = figure.apply(r);
      if (v == null) {
        return null;
      }
      sum += v;
    }
    return Math.round(sum * 1000.0) / 1000.0;
  }

  /**
   * The CPUs the clients may use: the local clients' shared set once, plus each other machine's.
   */
  private int clientCpus(List<ClientRun> runs) {
    return ctx.pinning().clientCpuCount()
        + runs.stream().filter(r -> !r.local()).mapToInt(ClientRun::cpus).sum();
  }

  /**
   * The send lag above which a step counts as client-limited: a tenth of the objective's bound (a
   * lag that cannot move a decision by more than that), at least {@link
   * Defaults#SEND_LAG_THRESHOLD_US} (timer and wake-up jitter).
   */
  static long lagThresholdUs(Slo slo) {
    return Math.max(Defaults.SEND_LAG_THRESHOLD_US, slo.boundUs() / 10);
  }

  /**
   * The arrival schedule and objective of a fixed-rate step (its seed differs per step, its ramp is
   * {@link Defaults#ARRIVAL_RAMP_SHARE} of the warm-up when the workload keeps the shared
   * schedule); null in a closed loop.
   */
  private OpenLoop openLoop(StepSpec step, Timing timing) {
    if (step.targetOps() <= 0) {
      return null;
    }
    Slo slo = ctx.options().slo();
    boolean shared = sharedSchedule();
    String arrivals = shared ? ctx.options().arrivals() : OpenLoop.PER_THREAD;
    return new OpenLoop(
        arrivals,
        ctx.options().arrivalsSeed() + step.index(),
        lagThresholdUs(slo),
        slo.text(),
        slo.percentile().value() / 100.0,
        slo.boundUs(),
        shared ? Defaults.ARRIVAL_RAMP_SHARE * timing.warmupS() : 0); // -target cannot ramp
  }

  /**
   * Whether the workload class keeps the shared arrival schedule (the suite's {@code
   * DocSearchWorkload}, which every file in workloads/ names). Another YCSB workload class (a
   * user's own file) is paced by YCSB's per-thread {@code -target}, and its steps say so ({@code
   * open_loop.arrivals = per-thread}).
   */
  private boolean sharedSchedule() {
    String cls = ctx.options().workload().properties().getOrDefault("workload", "");
    try {
      return DocSearchWorkload.class.isAssignableFrom(
          Class.forName(cls.trim(), false, StepRunner.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  static String utc(Instant t) {
    return t.truncatedTo(ChronoUnit.SECONDS).toString();
  }

  /**
   * Empties a step's (or the load's) partial folder; {@code withHdr} also creates its {@code hdr/}.
   */
  static void prepare(Path tmp, boolean withHdr) {
    try {
      AtomicFiles.deleteTree(tmp);
      Files.createDirectories(withHdr ? tmp.resolve("hdr") : tmp);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + tmp, e);
    }
  }
}
