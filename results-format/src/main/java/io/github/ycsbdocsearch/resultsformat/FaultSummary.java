package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

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
 * <p>This record and its parts are what the files hold; the analysis package's {@code
 * FaultAnalysis} makes a summary from the steps' logs, above the records.
 *
 * @param controlStep null when there is none
 * @param spec the fault as the user gave it, e.g. {@code kill-primary@5+10}
 * @param kind {@code kill-primary} or {@code stop-node}
 * @param atS seconds into the measured window the fault was asked for
 * @param downS seconds the node stayed down before the restart was asked for
 * @param node the instance killed, as {@code stores.sh fault} reported it
 * @param recover the restart, as {@code stores.sh recover} reported it (with the runner's ok and
 *     error)
 * @param resolutionS the logs' resolution, seconds (1)
 * @param dueAtS when the kill was due, same axis as {@code killAtS}: {@code at_s} into the runner's
 *     window, which the clients' measurement start may trail (a client JVM started late on a loaded
 *     machine); null when fault.json has no {@code due_at_ms} (older runs)
 * @param killAtS the kill, seconds since the fault step's measurement start; {@code killAtS -
 *     dueAtS} is how long the store took to name the server to kill
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
 * @param control the control step's figures, at the same offsets; null when there is none
 * @param ackedWrites as fault.json has it; null when it did not run
 * @param durability null when unknown
 * @param controlAckedWrites the control step's own acknowledged writes read back (the same marker
 *     stream and logged load, no fault: {@value RunLayout#ACKED_WRITES} in that step); null when it
 *     has none
 * @param scheduledSeconds the fault step second by second by schedule (the requests due in each,
 *     however late they completed): what the recovery is judged on
 */
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
    Double dueAtS,
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

  /**
   * The instance {@code stores.sh fault} killed (its one JSON line), or on AWS the fault helper of
   * the server that held it ({@code scripts/provision/fault.sh}).
   *
   * @param topology {@code cluster}
   * @param signal {@code KILL} or {@code TERM}, or {@code sysrq-b} (os-crash: the whole server)
   * @param host the server it ran on; null on the local stores (all on 127.0.0.1)
   * @param role what it held, e.g. {@code master of slots 0-5460}
   * @param killedAtMs when it was killed, epoch ms on the sweep's clock
   * @param serverKilledAtMs on AWS, the server's own stamp when it fell outside the SSH call that
   *     caused the kill (so {@code killed_at_ms} was clamped to that call); else null
   * @param paused {@code kill-unreplicated}: the replicas paused before the kill (ports); else null
   * @param pausedAtMs when they were paused, epoch ms; else null
   * @param failedOverAtMs when one of them had taken over, epoch ms; else null
   */
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
   * @param restarted the ports started again
   * @param backAtMs when the store was whole again, epoch ms
   * @param waitedMs how long the recover took, from its start to {@code back_at_ms}
   */
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
   * @param lostBeforeKill of those acknowledged before the kill, lost or stale when read back
   * @param lostKeys some keys with a lost or stale write (at most 20)
   * @param longestAckGapMs the marker stream's longest time between two acknowledgements inside the
   *     window
   * @param readBackFailed acknowledged writes not read back (the read failed or timed out, or was
   *     never tried): while any is, the loss is unknown
   * @param firstError the first marker write's error, or null
   * @param error why not every key could be read back, or null
   * @param unknown acknowledged writes not classed because a client's log of them is not whole
   *     (cut, no trailer, a write error) or the client did not exit 0: while any is, the loss is
   *     unknown; null in files written before it was recorded
   * @param verdict {@code lost N of M}, or {@code lost: unknown (N of M unread)}, or {@code lost:
   *     unknown (why)}
   * @param operations per operation type ({@code INSERT}, {@code UPDATE}; the markers are inserts):
   *     acknowledged, ok, lost, stale, read back failed, indeterminate, unknown; null in files
   *     written before it was recorded
   */
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
      @JsonInclude(JsonInclude.Include.NON_NULL) Long unknown,
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
   * @param ok found with their value, or a value written after them
   * @param lost whose key was absent
   * @param stale found with an older value
   * @param readBackFailed not read back
   * @param indeterminate writes that errored or timed out (either outcome allowed, not checked)
   * @param unknown acknowledged writes whose client's log is not whole or whose client did not exit
   *     0 (not classed); null in files written before it was recorded
   */
  public record WriteCounts(
      long acknowledged,
      long ok,
      long lost,
      long stale,
      long readBackFailed,
      long indeterminate,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long unknown) {}

  /** The durability profile (e.g. {@code strict}) and what a crash may lose under it, in words. */
  public record Durability(String profile, String mayLose) {}

  /**
   * The runner's {@code fault.json} in the fault step's folder (docs/results-format.md); the fields
   * it shares with {@link FaultSummary} mean the same there.
   *
   * @param dueAtMs when the fault was due ({@code at_s} into the window), epoch ms; the kill
   *     follows it by the time the store takes to name the server to kill (seconds on a loaded
   *     Elasticsearch), so {@code killed_at_ms - due_at_ms} is that delay; null in older files
   * @param killedAtMs when, epoch ms (the clock of the HDR logs); null when nothing was killed
   * @param killError why nothing was killed, or null
   * @param windowStartMs the runner's measured window, epoch ms
   * @param windowEndMs its end
   */
  public record FaultRecord(
      String spec,
      String kind,
      Integer atS,
      Integer downS,
      String controlStep,
      Node node,
      Long dueAtMs,
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
      Path file = stepDir.resolve(RunLayout.FAULT_STEP);
      FaultRecord r = Json.read(file, FaultRecord.class);
      if (r.killedAtMs() == null) {
        throw new ResultsFormatException(file + ": needs killed_at_ms (the fault did not happen?)");
      }
      return r;
    }

    /** Writes {@code fault.json} into the step folder, atomically. */
    public void writeTo(Path stepDir) {
      AtomicFiles.writeJson(stepDir.resolve(RunLayout.FAULT_STEP), this);
    }
  }

  /**
   * One step's figures, the fault step's or the control step's, split at the kill's whole second.
   *
   * @param operations successful and failed operations by type
   * @param beforeKill intended latency (every request, failures included) of the seconds before
   * @param afterKill of the seconds from the kill's to the window's end
   */
  public record StepFigures(
      String step,
      double windowS,
      Map<String, Operations> operations,
      Spectrum beforeKill,
      Spectrum afterKill) {}

  /** One operation type's records in the window: whole, and from the kill's second to its end. */
  public record Operations(
      long succeeded, long failed, long succeededAfterKill, long failedAfterKill) {}

  /**
   * Intended latency over some seconds: each percentile only where the samples support it ({@link
   * Percentile}, else null); the maximum null without requests.
   */
  public record Spectrum(long count, Long p50Us, Long p90Us, Long p99Us, Long p999Us, Long maxUs) {

    public static Spectrum of(Histogram h) {
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
   * @param requests requests due in it that completed inside the window
   * @param p99Us their intended p99 (HdrHistogram's value whatever the count); null without
   *     requests
   * @param good requests, none failed, p99 at most the recovery bound; null when there is no bound
   */
  public record ScheduledSecond(int tS, long requests, long failed, Long p99Us, Boolean good) {}

  public void writeTo(Path storeDir) {
    AtomicFiles.writeJson(storeDir.resolve(RunLayout.FAULT_SUMMARY), this);
  }

  /** A store folder's fault summary; empty when it ran no fault step. */
  public static Optional<FaultSummary> read(Path storeDir) throws ResultsFormatException {
    return Json.readIfPresent(storeDir.resolve(RunLayout.FAULT_SUMMARY), FaultSummary.class);
  }

  /** Whether the client did not get its latency back before the fault step ended. */
  public boolean notRecovered() {
    return Boolean.FALSE.equals(recovered);
  }
}
