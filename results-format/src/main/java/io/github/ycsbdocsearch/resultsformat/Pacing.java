package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * What the shared arrival schedule of a fixed-rate step did (summary.json {@code pacing}), from the
 * workload's {@code arrivals.json} and its send-lag interval log {@code hdr/SEND_LAG.hlog} (warm-up
 * excluded like every log). The send lag is the time from a request's scheduled arrival to its
 * send. Immutable.
 *
 * @param arrivals the arrival process
 * @param scheduled requests due by the stop
 * @param sent of those, sent
 * @param unsent due but never sent (counted over the objective's bound)
 * @param late sends later than the lag threshold
 * @param maxInFlight most requests in flight at once
 * @param threads the pool's threads
 * @param poolExhausted every thread was busy at some moment: the store's backlog, charged to it by
 *     intended latency
 * @param sendLagP50Us send lag after the warm-up, p50
 * @param sendLagP99Us p99
 * @param sendLagMaxUs max
 * @param lagThresholdUs the threshold
 */
@JsonPropertyOrder({
  "arrivals",
  "scheduled",
  "sent",
  "unsent",
  "late",
  "max_in_flight",
  "threads",
  "pool_exhausted",
  "send_lag_p50_us",
  "send_lag_p99_us",
  "send_lag_max_us",
  "lag_threshold_us"
})
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Pacing(
    String arrivals,
    long scheduled,
    long sent,
    long unsent,
    long late,
    long maxInFlight,
    int threads,
    boolean poolExhausted,
    Long sendLagP50Us,
    Long sendLagP99Us,
    Long sendLagMaxUs,
    long lagThresholdUs) {

  /** The file the workload writes into the step folder. */
  public static final String ARRIVALS_FILE = "arrivals.json";

  /** arrivals.json as the workload writes it. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record ArrivalsFile(
      String process,
      long scheduledDue,
      long sent,
      long unsent,
      long late,
      long lagThresholdUs,
      long maxInFlight,
      boolean poolExhausted,
      int threads) {}

  /**
   * Reads a step folder's pacing; empty for a closed-loop step (no arrivals.json). A step with
   * several clients adds up their schedules: counts and threads summed, the pool exhausted when any
   * client's was, {@code max_in_flight} the sum of each client's most (an upper bound of the
   * step's), the send lag from the merged histogram.
   */
  public static Optional<Pacing> read(Path stepDir, Histogram sendLag) throws IOException {
    List<ArrivalsFile> files = new ArrayList<>();
    for (Path dir : RunLayout.clientOutputDirs(stepDir)) {
      Path f = dir.resolve(ARRIVALS_FILE);
      if (Files.isRegularFile(f)) {
        files.add(Json.read(f, ArrivalsFile.class));
      }
    }
    if (files.isEmpty()) {
      return Optional.empty();
    }
    ArrivalsFile first = files.get(0);
    ArrivalsFile sum =
        new ArrivalsFile(
            first.process(),
            files.stream().mapToLong(ArrivalsFile::scheduledDue).sum(),
            files.stream().mapToLong(ArrivalsFile::sent).sum(),
            files.stream().mapToLong(ArrivalsFile::unsent).sum(),
            files.stream().mapToLong(ArrivalsFile::late).sum(),
            first.lagThresholdUs(),
            files.stream().mapToLong(ArrivalsFile::maxInFlight).sum(),
            files.stream().anyMatch(ArrivalsFile::poolExhausted),
            files.stream().mapToInt(ArrivalsFile::threads).sum());
    return Optional.of(of(sum, sendLag));
  }

  /**
   * Each client's own pacing, in client order, for a step with several clients (empty otherwise, or
   * for a client without arrivals.json): a client that sent late limits the step even when the
   * merged lag hides it.
   *
   * @param sendLags each client's send lag over the window ({@link
   *     StepHistograms#sendLagByClient()})
   */
  public static List<Pacing> readEach(Path stepDir, List<Histogram> sendLags) throws IOException {
    List<Path> dirs = RunLayout.clientOutputDirs(stepDir);
    List<Pacing> each = new ArrayList<>();
    for (int i = 0; dirs.size() > 1 && i < dirs.size(); i++) {
      Path f = dirs.get(i).resolve(ARRIVALS_FILE);
      if (Files.isRegularFile(f)) {
        each.add(
            of(Json.read(f, ArrivalsFile.class), i < sendLags.size() ? sendLags.get(i) : null));
      }
    }
    return each;
  }

  private static Pacing of(ArrivalsFile a, Histogram sendLag) {
    boolean lag = sendLag != null && sendLag.getTotalCount() > 0;
    return new Pacing(
        a.process(),
        a.scheduledDue(),
        a.sent(),
        a.unsent(),
        a.late(),
        a.maxInFlight(),
        a.threads(),
        a.poolExhausted(),
        lag ? sendLag.getValueAtPercentile(50) : null,
        lag ? sendLag.getValueAtPercentile(99) : null,
        lag ? sendLag.getMaxValue() : null,
        a.lagThresholdUs());
  }

  /** Client CPU share above which late sends are the client's even with every thread busy. */
  public static final double BUSY_CLIENT_SHARE = 0.75;

  /**
   * Why the client, not the store, limited the step: sends later than the threshold at p99 while
   * the pool still had free threads (the client could not send on time: CPU, scheduling), or while
   * the client's CPUs were more than {@link #BUSY_CLIENT_SHARE} busy (then its threads wait for a
   * CPU to send and to take their answers, which also keeps them "in flight" and can exhaust the
   * pool); empty otherwise. An exhausted pool with an idle client is the store's backlog: those
   * requests wait for a thread and their intended latency charges the wait to the store.
   *
   * @param clientCpuShare the client's CPU over the window as a share of the CPUs it may use, null
   *     when unknown
   */
  public Optional<String> clientLimit(Double clientCpuShare) {
    if (sendLagP99Us == null || sendLagP99Us <= lagThresholdUs) {
      return Optional.empty();
    }
    if (!poolExhausted) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "send lag p99 %.2f ms > %.2f ms with threads free",
              sendLagP99Us / 1000.0,
              lagThresholdUs / 1000.0));
    }
    if (clientCpuShare != null && clientCpuShare > BUSY_CLIENT_SHARE) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "send lag p99 %.2f ms > %.2f ms with the client's CPUs " + "%.0f %% busy",
              sendLagP99Us / 1000.0,
              lagThresholdUs / 1000.0,
              100 * clientCpuShare));
    }
    return Optional.empty();
  }
}
