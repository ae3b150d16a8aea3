package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * What a store did when one of its servers holding primary data was killed under load ({@code
 * --fault}), written as {@code <store>/fault-summary.json}: the fault step's failures and gaps, how
 * long the client took to get its latency back, the latency spectrum after the kill beside the same
 * seconds of the control step, and the acknowledged writes the store kept. Immutable.
 *
 * <p>Time. The HDR interval logs carry absolute timestamps, and {@code fault.json} gives the kill
 * as epoch milliseconds on the same clock, so the kill is placed on the step's own time axis:
 * seconds since its measurement start ({@link StepEvents#measurementStartMs}, the origin of the
 * report's time series and of events.json). The logs resolve whole seconds ({@link
 * StepHistograms}), so every figure "after the kill" starts at the whole second the kill fell in
 * ({@code after_kill_from_s}), and the gap is counted in whole seconds ({@code resolution_s}).
 *
 * @param step the fault step's folder name
 * @param controlStep the control step's folder name; null when there is none
 * @param spec the fault as the user gave it, e.g. {@code kill-primary@5+10}
 * @param kind {@code kill-primary} or {@code stop-node}
 * @param atS seconds into the measured window the fault was asked for
 * @param downS seconds the node stayed down before the restart was asked for
 * @param targetOps the steps' offered rate
 * @param node the instance killed, as {@code stores.sh fault} reported it
 * @param recover the restart, as {@code stores.sh recover} reported it (with the runner's ok and
 *     error)
 * @param resolutionS the logs' resolution, seconds (1)
 * @param killAtS the kill, seconds since the fault step's measurement start
 * @param restartAtS the restart, same axis; null when unknown
 * @param backAtS the store whole again, same axis; null when unknown
 * @param afterKillFromS the whole second the figures after the kill start at (in both steps)
 * @param longestGapS the longest run of whole seconds of the fault step without a successful
 *     operation of any type
 * @param longestGapAtS where that run starts (same axis); null when there is no gap
 * @param longestAckGapMs the acked-writes stream's longest time between two acknowledgements; null
 *     when unknown
 * @param preFaultP99Us intended p99 of the fault step before the kill's second; null when not
 *     supported
 * @param recoveryBoundUs twice the pre-fault p99: a second at or below it (and without failures) is
 *     recovered
 * @param recovered whether the window ended in a run of at least three good seconds by schedule
 *     (requests counted in the second they were due: each had requests, none failed, intended p99
 *     at most the bound) that held to its end; null when there is no pre-fault p99 to judge by
 * @param recoveryS seconds from the kill to the start of that run (0 when the kill's own second
 *     starts it); null when not recovered
 * @param fault the fault step's figures
 * @param control the control step's, at the same offsets; null when there is no control step
 * @param ackedWrites the acked-writes stream, as fault.json has it; null when it did not run
 * @param durability the store's durability profile and what it may lose; null when unknown
 * @param controlAckedWrites the control step's own acknowledged writes read back (the same marker
 *     stream and logged load, no fault: {@value #CONTROL_WRITES_FILE} in that step); null when it
 *     has none
 * @param scheduledSeconds the fault step second by second by schedule (the requests due in each,
 *     however late they completed): what the recovery is judged on
 */
@JsonPropertyOrder({
  "step",
  "control_step",
  "spec",
  "kind",
  "at_s",
  "down_s",
  "target_ops",
  "node",
  "recover",
  "resolution_s",
  "kill_at_s",
  "restart_at_s",
  "back_at_s",
  "after_kill_from_s",
  "longest_gap_s",
  "longest_gap_at_s",
  "longest_ack_gap_ms",
  "pre_fault_p99_us",
  "recovery_bound_us",
  "recovered",
  "recovery_s",
  "fault",
  "control",
  "acked_writes",
  "durability",
  "control_acked_writes",
  "scheduled_seconds"
})
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonIgnoreProperties(ignoreUnknown = true)
public record FaultSummary(
    String step,
    String controlStep,
    String spec,
    String kind,
    Integer atS,
    Integer downS,
    long targetOps,
    Node node,
    Recover recover,
    int resolutionS,
    double killAtS,
    Double restartAtS,
    Double backAtS,
    int afterKillFromS,
    int longestGapS,
    Double longestGapAtS,
    Long longestAckGapMs,
    Long preFaultP99Us,
    Long recoveryBoundUs,
    Boolean recovered,
    Double recoveryS,
    StepFigures fault,
    StepFigures control,
    AckedWrites ackedWrites,
    Durability durability,
    AckedWrites controlAckedWrites,
    List<ScheduledSecond> scheduledSeconds) {

  /** The summary's file name, in the store folder. */
  public static final String FILE_NAME = "fault-summary.json";

  /** The runner's record of the fault, in the fault step's folder. */
  public static final String STEP_FILE = "fault.json";

  /** The control step's acknowledged writes read back, in its folder ({@link AckedWrites}). */
  public static final String CONTROL_WRITES_FILE = "acked-writes.json";

  /** Consecutive recovered seconds that make a recovery. */
  static final int RECOVERED_SECONDS = 3;

  /** A recovered second's p99 is at most this times the pre-fault p99. */
  static final int RECOVERY_FACTOR = 2;

  private static final long MICROS_PER_SECOND = 1_000_000L;

  /** The interval logs' resolution, seconds. */
  static final int RESOLUTION_S = 1;

  /**
   * The instance {@code stores.sh fault} killed (its one JSON line), or on AWS the fault helper of
   * the server that held it ({@code scripts/provision/fault.sh}).
   *
   * @param store the store
   * @param topology {@code cluster}
   * @param kind the fault
   * @param signal {@code KILL} or {@code TERM}
   * @param host the server it ran on; null on the local stores (all on 127.0.0.1)
   * @param port the instance's port
   * @param pid its process id
   * @param role what it held, e.g. {@code master of slots 0-5460}
   * @param killedAtMs when it was killed, epoch ms on the sweep's clock
   * @param serverKilledAtMs on AWS, the server's own stamp when it fell outside the SSH call that
   *     caused the kill (so {@code killed_at_ms} was clamped to that call); else null
   * @param paused {@code kill-unreplicated}: the replicas paused before the kill (ports); else null
   * @param pausedAtMs when they were paused, epoch ms; else null
   * @param failedOverAtMs when one of them had taken over, epoch ms; else null
   */
  @JsonPropertyOrder({
    "store",
    "topology",
    "kind",
    "signal",
    "host",
    "port",
    "pid",
    "role",
    "killed_at_ms",
    "server_killed_at_ms",
    "paused",
    "paused_at_ms",
    "failed_over_at_ms"
  })
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Node(
      String store,
      String topology,
      String kind,
      String signal,
      String host,
      Integer port,
      Long pid,
      String role,
      Long killedAtMs,
      Long serverKilledAtMs,
      List<Integer> paused,
      Long pausedAtMs,
      Long failedOverAtMs) {}

  /**
   * The restart ({@code stores.sh recover}'s JSON line, or the AWS server's fault helper's, with
   * the runner's verdict).
   *
   * @param store the store
   * @param restarted the ports started again
   * @param backAtMs when the store was whole again, epoch ms
   * @param waitedMs how long the recover took, from its start to {@code back_at_ms}
   * @param ok whether the recover succeeded
   * @param error why not, or null
   */
  @JsonPropertyOrder({"store", "restarted", "back_at_ms", "waited_ms", "ok", "error"})
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Recover(
      String store,
      List<Integer> restarted,
      Long backAtMs,
      Long waitedMs,
      Boolean ok,
      String error) {

    /** The same restart with the runner's verdict: ok unless {@code error} says why not. */
    public Recover withVerdict(String why) {
      return new Recover(store, restarted, backAtMs, waitedMs, why == null, why);
    }
  }

  /**
   * The acknowledged writes checked after the fault: the side stream of marker inserts, and (when
   * the clients recorded them) every insert and update of the load; each key with an acknowledged
   * write read back once the store is whole again.
   *
   * @param ratePerS marker writes per second asked
   * @param attempted marker writes tried
   * @param acked writes the store acknowledged (markers and the load's)
   * @param failed marker writes that errored (indeterminate)
   * @param ackedBeforeKill acknowledged before the kill
   * @param lostBeforeKill of those, lost or stale when read back
   * @param ackedAfterKill acknowledged after the kill
   * @param lostAfterKill of those, lost or stale when read back
   * @param lostKeys some keys with a lost or stale write (at most 20)
   * @param longestAckGapMs the marker stream's longest time between two acknowledgements inside the
   *     window
   * @param readBackFailed acknowledged writes not read back (the read failed or timed out, or was
   *     never tried): while any is, the loss is unknown
   * @param firstError the first marker write's error, or null
   * @param error why not every key could be read back, or null
   * @param stale acknowledged writes found with an older value
   * @param verdict {@code lost N of M}, or {@code lost: unknown (N of M unread)}
   * @param operations per operation type ({@code INSERT}, {@code UPDATE}; the markers are inserts):
   *     acknowledged, ok, lost, stale, read back failed, indeterminate; null in files written
   *     before it was recorded
   */
  @JsonPropertyOrder({
    "rate_per_s",
    "attempted",
    "acked",
    "failed",
    "acked_before_kill",
    "lost_before_kill",
    "acked_after_kill",
    "lost_after_kill",
    "lost_keys",
    "longest_ack_gap_ms",
    "read_back_failed",
    "first_error",
    "error",
    "stale",
    "verdict",
    "operations"
  })
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record AckedWrites(
      double ratePerS,
      long attempted,
      long acked,
      long failed,
      long ackedBeforeKill,
      long lostBeforeKill,
      long ackedAfterKill,
      long lostAfterKill,
      List<String> lostKeys,
      Long longestAckGapMs,
      long readBackFailed,
      String firstError,
      String error,
      long stale,
      String verdict,
      Map<String, WriteCounts> operations) {

    /** Acknowledged writes the store no longer had, or had with an older value. */
    public long lost() {
      return lostBeforeKill + lostAfterKill;
    }

    /**
     * Whether the loss is known: every acknowledged write was read back (a read-back that failed or
     * could not connect leaves it unknown, never 0).
     */
    public boolean lostKnown() {
      if (verdict != null) {
        return !verdict.startsWith("lost: unknown");
      }
      return readBackFailed == 0 && (acked == 0 || error == null);
    }

    /**
     * The loss in words, for the progress line and the report: {@code lost N of M} (with the stale
     * ones), or {@code lost: unknown (N of M unread)}.
     */
    public String lostInWords() {
      if (verdict != null) {
        return verdict;
      }
      if (!lostKnown()) {
        return "lost: unknown (" + Math.max(readBackFailed, 1) + " of " + acked + " unread)";
      }
      return "lost " + lost() + " of " + acked;
    }
  }

  /**
   * One operation type's acknowledged writes by what the read-back found, and its indeterminate
   * writes.
   *
   * @param acknowledged writes the store acknowledged
   * @param ok found with their value, or a value written after them
   * @param lost whose key was absent
   * @param stale found with an older value
   * @param readBackFailed not read back
   * @param indeterminate writes that errored or timed out (either outcome allowed, not checked)
   */
  @JsonPropertyOrder({"acknowledged", "ok", "lost", "stale", "read_back_failed", "indeterminate"})
  public record WriteCounts(
      long acknowledged, long ok, long lost, long stale, long readBackFailed, long indeterminate) {}

  /**
   * The store's durability profile and what a crash may lose under it.
   *
   * @param profile e.g. {@code strict}
   * @param mayLose in words, e.g. {@code none (AOF fsync always)}
   */
  @JsonPropertyOrder({"profile", "may_lose"})
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Durability(String profile, String mayLose) {}

  /**
   * The runner's {@code fault.json} in the fault step's folder (docs/results-format.md).
   *
   * @param spec the fault as given
   * @param kind {@code kill-primary} or {@code stop-node}
   * @param atS seconds into the window
   * @param downS seconds down
   * @param controlStep the control step's folder name
   * @param node the instance killed
   * @param killedAtMs when, epoch ms (the clock of the HDR logs); null when nothing was killed
   * @param killError why nothing was killed, or null
   * @param recover the restart
   * @param windowStartMs the runner's measured window, epoch ms
   * @param windowEndMs its end
   * @param ackedWrites the acked-writes stream
   * @param durability the profile and what it may lose
   */
  @JsonPropertyOrder({
    "spec",
    "kind",
    "at_s",
    "down_s",
    "control_step",
    "node",
    "killed_at_ms",
    "kill_error",
    "recover",
    "window_start_ms",
    "window_end_ms",
    "acked_writes",
    "durability"
  })
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record FaultRecord(
      String spec,
      String kind,
      Integer atS,
      Integer downS,
      String controlStep,
      Node node,
      Long killedAtMs,
      String killError,
      Recover recover,
      Long windowStartMs,
      Long windowEndMs,
      AckedWrites ackedWrites,
      Durability durability) {

    /**
     * Reads a fault step's {@code fault.json}.
     *
     * @throws ResultsFormatException when it is missing, malformed or has no {@code killed_at_ms}
     */
    public static FaultRecord read(Path stepDir) throws ResultsFormatException {
      Path file = stepDir.resolve(STEP_FILE);
      FaultRecord r = Json.read(file, FaultRecord.class);
      if (r.killedAtMs() == null) {
        throw new ResultsFormatException(file + ": needs killed_at_ms (the fault did not happen?)");
      }
      return r;
    }

    /** Writes {@code fault.json} into the step folder, atomically. */
    public void writeTo(Path stepDir) {
      AtomicFiles.writeJson(stepDir.resolve(STEP_FILE), this);
    }
  }

  /**
   * One step's figures, the fault step's or the control step's, split at the kill's whole second.
   *
   * @param step the folder name
   * @param windowS its measured seconds
   * @param operations successful and failed operations by type
   * @param beforeKill intended latency (every request, failures included) of the seconds before
   * @param afterKill of the seconds from the kill's to the window's end
   */
  @JsonPropertyOrder({"step", "window_s", "operations", "before_kill", "after_kill"})
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record StepFigures(
      String step,
      double windowS,
      Map<String, Operations> operations,
      Spectrum beforeKill,
      Spectrum afterKill) {}

  /**
   * One operation type's records in the window: whole, and from the kill's second on.
   *
   * @param succeeded successful records of the window
   * @param failed failed records of the window
   * @param succeededAfterKill successful from the kill's second to the window's end
   * @param failedAfterKill failed from the kill's second to the window's end
   */
  @JsonPropertyOrder({"succeeded", "failed", "succeeded_after_kill", "failed_after_kill"})
  public record Operations(
      long succeeded, long failed, long succeededAfterKill, long failedAfterKill) {}

  /**
   * Intended latency over some seconds: each percentile only where the samples support it ({@link
   * Percentile}).
   *
   * @param count requests
   * @param p50Us p50, or null
   * @param p90Us p90, or null
   * @param p99Us p99, or null
   * @param p999Us p99.9, or null
   * @param maxUs the maximum; null without requests
   */
  @JsonPropertyOrder({"count", "p50_us", "p90_us", "p99_us", "p999_us", "max_us"})
  public record Spectrum(long count, Long p50Us, Long p90Us, Long p99Us, Long p999Us, Long maxUs) {

    static Spectrum of(Histogram h) {
      long n = h == null ? 0 : h.getTotalCount();
      return new Spectrum(
          n,
          StepTimeSeries.percentile(h, Percentile.P50),
          StepTimeSeries.percentile(h, Percentile.P90),
          StepTimeSeries.percentile(h, Percentile.P99),
          StepTimeSeries.percentile(h, Percentile.P999),
          n == 0 ? null : h.getMaxValue());
    }
  }

  /**
   * One second of the fault step by schedule: the requests that were due in it (each request's
   * completion second minus its intended latency), however late they completed.
   *
   * @param tS the second, on the step's axis
   * @param requests requests due in it that completed inside the window
   * @param failed of those, failed ones
   * @param p99Us their intended p99 (HdrHistogram's value whatever the count); null without
   *     requests
   * @param good requests, none failed, p99 at most the recovery bound; null when there is no bound
   */
  @JsonPropertyOrder({"t_s", "requests", "failed", "p99_us", "good"})
  public record ScheduledSecond(int tS, long requests, long failed, Long p99Us, Boolean good) {}

  /** A step's logs as the figures need them, read once. */
  private record Read(
      String name,
      StepHistograms hist,
      Set<String> ops,
      List<Histogram> latency,
      double[] lengths) {

    /**
     * Per second of the window, the intended latency of the requests due in it ({@code failed}: of
     * the failed ones only, else of the successful ones). A request that completed in interval i
     * with intended latency v is placed at {@code floor(i + 0.5 - v)} s (its completion taken at
     * the middle of its interval): a request that waited out an outage counts in the second it was
     * due, not the one it finally completed in. Requests due before the window are left out.
     */
    List<Histogram> bySchedule(boolean failed) {
      List<Histogram> out = new ArrayList<>();
      for (int i = 0; i < lengths.length; i++) {
        out.add(new Histogram(3));
      }
      for (String op : ops) {
        List<Histogram> per = hist.intendedPerInterval(op, failed);
        for (int i = 0; i < per.size(); i++) {
          Histogram h = per.get(i);
          if (h == null) {
            continue;
          }
          for (HistogramIterationValue v : h.recordedValues()) {
            // The bucket's low end: never above the latency recorded, so a request is not placed
            // a second early by the histogram's rounding.
            long latency = h.lowestEquivalentValue(v.getValueIteratedTo());
            int due = (int) Math.floor(i + 0.5 - latency / (double) MICROS_PER_SECOND);
            if (due >= 0 && due < out.size()) {
              out.get(due)
                  .recordValueWithCount(v.getValueIteratedTo(), v.getCountAtValueIteratedTo());
            }
          }
        }
      }
      return out;
    }

    static Read of(Path stepDir) throws IOException {
      StepHistograms hist = StepHistograms.forStep(stepDir);
      Set<String> ops = new LinkedHashSet<>();
      hist.merged().keySet().forEach(n -> ops.add(n.op()));
      return new Read(
          stepDir.getFileName().toString(),
          hist,
          ops,
          StepTimeSeries.intendedPerSecond(ops, hist),
          hist.intervalLengthsS());
    }

    /** Per second, the records of every operation's successes or failures. */
    long[] records(boolean failed) {
      long[] total = new long[lengths.length];
      for (String op : ops) {
        long[] own = hist.perInterval(op, failed);
        for (int i = 0; i < total.length; i++) {
          total[i] += own[i];
        }
      }
      return total;
    }

    StepFigures figures(int from) {
      Map<String, Operations> byOp = new LinkedHashMap<>();
      for (String op : ops) {
        byOp.put(
            op,
            new Operations(
                hist.inWindow(op, false),
                hist.inWindow(op, true),
                sumFrom(hist.perInterval(op, false), from),
                sumFrom(hist.perInterval(op, true), from)));
      }
      return new StepFigures(
          name,
          round(hist.measuredSeconds()),
          byOp,
          Spectrum.of(StepTimeSeries.merge(latency, 0, from)),
          Spectrum.of(StepTimeSeries.merge(latency, from, latency.size())));
    }
  }

  /**
   * Reads a fault step (its fault.json and interval logs) and its control step.
   *
   * @param controlStepDir the control step's folder; null, or a missing folder, when there is none
   * @throws ResultsFormatException when fault.json or a step.json is missing or malformed, or the
   *     fault step has no interval log
   */
  public static FaultSummary of(Path faultStepDir, Path controlStepDir) throws IOException {
    FaultRecord f = FaultRecord.read(faultStepDir);
    StepRecord info = StepRecord.read(faultStepDir);
    OptionalLong start = StepEvents.measurementStartMs(faultStepDir);
    if (start.isEmpty()) {
      throw new ResultsFormatException(
          faultStepDir + ": no interval log, nothing to place the fault on");
    }
    Read fault = Read.of(faultStepDir);
    double killT = seconds(f.killedAtMs() - start.getAsLong());
    // Whole seconds of the window: the kill's own second is the first "after" it (clamped to the
    // window).
    int from = Math.max(0, Math.min((int) Math.floor(killT), fault.lengths().length));
    Recover r = f.recover();
    Long restartMs =
        r != null && r.backAtMs() != null && r.waitedMs() != null
            ? r.backAtMs() - r.waitedMs()
            : f.downS() != null ? f.killedAtMs() + 1000L * f.downS() : null;
    Long backMs = r == null ? null : r.backAtMs();
    long[] ok = fault.records(false);
    int[] gap = longestGap(ok, fault.lengths());
    StepFigures faultFigures = fault.figures(from);
    Long preP99 = faultFigures.beforeKill().p99Us();
    Long bound = preP99 == null ? null : RECOVERY_FACTOR * preP99;
    List<ScheduledSecond> bySchedule = scheduled(fault, bound);
    Integer recoveredAt = bound == null ? null : recoveredAt(bySchedule, fault.lengths(), from);
    Double recoveryS = recoveredAt == null ? null : round(Math.max(0, recoveredAt - killT));
    StepFigures controlFigures =
        controlStepDir != null && Files.isDirectory(controlStepDir)
            ? Read.of(controlStepDir).figures(from)
            : null;
    Long ackGap = f.ackedWrites() == null ? null : f.ackedWrites().longestAckGapMs();
    return new FaultSummary(
        fault.name(),
        controlFigures == null ? f.controlStep() : controlFigures.step(),
        f.spec(),
        f.kind(),
        f.atS(),
        f.downS(),
        info.targetOps(),
        f.node(),
        r,
        RESOLUTION_S,
        killT,
        restartMs == null ? null : seconds(restartMs - start.getAsLong()),
        backMs == null ? null : seconds(backMs - start.getAsLong()),
        from,
        gap[0],
        gap[0] == 0 ? null : (double) gap[1],
        ackGap,
        preP99,
        bound,
        bound == null ? null : recoveredAt != null,
        recoveryS,
        faultFigures,
        controlFigures,
        f.ackedWrites(),
        f.durability(),
        controlWrites(controlStepDir),
        bySchedule);
  }

  /** The control step's acked-writes.json; null when it has none. */
  private static AckedWrites controlWrites(Path controlStepDir) throws ResultsFormatException {
    Path f = controlStepDir == null ? null : controlStepDir.resolve(CONTROL_WRITES_FILE);
    return f != null && Files.isRegularFile(f) ? Json.read(f, AckedWrites.class) : null;
  }

  /**
   * The longest run of seconds without a success, and the second it starts at ({0, -1} when there
   * is none). A second no log's interval fell in (length 0: the status thread's ticks jitter)
   * neither counts nor breaks a run.
   */
  private static int[] longestGap(long[] ok, double[] lengths) {
    int best = 0;
    int bestStart = -1;
    int run = 0;
    int runStart = -1;
    for (int i = 0; i < ok.length; i++) {
      if (lengths[i] <= 0) {
        continue;
      }
      if (ok[i] > 0) {
        run = 0;
        continue;
      }
      if (run == 0) {
        runStart = i;
      }
      run++;
      if (run > best) {
        best = run;
        bestStart = runStart;
      }
    }
    return new int[] {best, bestStart};
  }

  /**
   * The fault step second by schedule, from {@code from} on (every second of the window when {@code
   * from} is 0), each judged against {@code boundUs} when there is one.
   */
  private static List<ScheduledSecond> scheduled(Read step, Long boundUs) {
    List<Histogram> ok = step.bySchedule(false);
    List<Histogram> bad = step.bySchedule(true);
    List<ScheduledSecond> out = new ArrayList<>();
    for (int i = 0; i < ok.size(); i++) {
      Histogram all = ok.get(i).copy();
      all.add(bad.get(i));
      long n = all.getTotalCount();
      long failed = bad.get(i).getTotalCount();
      Long p99 = n == 0 ? null : all.getValueAtPercentile(Percentile.P99.value());
      Boolean good = boundUs == null ? null : n > 0 && failed == 0 && p99 <= boundUs;
      out.add(new ScheduledSecond(i, n, failed, p99, good));
    }
    return out;
  }

  /**
   * The recovery that holds: the first second, from {@code from} on, that starts a run of good
   * seconds (by schedule, {@link #scheduled}) lasting to the end of the window and at least {@link
   * #RECOVERED_SECONDS} long; null when the window does not end in such a run. A second no request
   * was due in (none completed in the window) breaks the run, so requests still waiting at the end
   * are not mistaken for a recovery; a second no log's interval fell in (length 0) neither counts
   * nor breaks it.
   */
  private static Integer recoveredAt(List<ScheduledSecond> seconds, double[] lengths, int from) {
    Integer start = null;
    int run = 0;
    for (int i = seconds.size() - 1; i >= from; i--) {
      if (i < lengths.length && lengths[i] <= 0) {
        continue;
      }
      if (!Boolean.TRUE.equals(seconds.get(i).good())) {
        break;
      }
      start = i;
      run++;
    }
    return run >= RECOVERED_SECONDS ? start : null;
  }

  public void writeTo(Path storeDir) {
    AtomicFiles.writeJson(storeDir.resolve(FILE_NAME), this);
  }

  /** A store folder's fault summary; empty when it ran no fault step. */
  public static Optional<FaultSummary> read(Path storeDir) throws ResultsFormatException {
    Path f = storeDir.resolve(FILE_NAME);
    return Files.isRegularFile(f)
        ? Optional.of(Json.read(f, FaultSummary.class))
        : Optional.empty();
  }

  /** Whether the client did not get its latency back before the fault step ended. */
  public boolean notRecovered() {
    return Boolean.FALSE.equals(recovered);
  }

  private static long sumFrom(long[] perSecond, int from) {
    long n = 0;
    for (int i = from; i < perSecond.length; i++) {
      n += perSecond[i];
    }
    return n;
  }

  private static double seconds(long ms) {
    return ms / 1000.0;
  }

  private static double round(double v) {
    return Math.round(v * 1000.0) / 1000.0;
  }
}
