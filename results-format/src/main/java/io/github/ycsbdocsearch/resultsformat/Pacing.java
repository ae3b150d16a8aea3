package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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
 * @param poolExhaustedInWindow every thread was busy at some moment of the measured window (from
 *     {@code hdr/IN_FLIGHT.hlog}; with several clients, any client's pool); null when the step has
 *     no such log (then only {@code pool_exhausted}, over the whole run, is known)
 */
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
    long lagThresholdUs,
    Boolean poolExhaustedInWindow) {

  /**
   * Reads a step folder's pacing; empty for a closed-loop step (no arrivals.json). A step with
   * several clients adds up their schedules: counts and threads summed, the pool exhausted when any
   * client's was, {@code max_in_flight} the sum of each client's most (an upper bound of the
   * step's), the send lag from the merged histogram.
   */
  public static Optional<Pacing> read(Path stepDir, Histogram sendLag, List<Long> inFlightMax)
      throws IOException {
    List<Arrivals> files = Arrivals.readStep(stepDir);
    if (files.isEmpty()) {
      return Optional.empty();
    }
    Boolean exhausted = null;
    for (int i = 0; i < files.size() && i < inFlightMax.size(); i++) {
      if (inFlightMax.get(i) != null) {
        exhausted = Boolean.TRUE.equals(exhausted) || inFlightMax.get(i) >= files.get(i).threads();
      }
    }
    boolean lag = sendLag != null && sendLag.getTotalCount() > 0;
    return Optional.of(
        new Pacing(
            files.get(0).process(),
            files.stream().mapToLong(Arrivals::scheduledDue).sum(),
            files.stream().mapToLong(Arrivals::sent).sum(),
            files.stream().mapToLong(Arrivals::unsent).sum(),
            files.stream().mapToLong(Arrivals::late).sum(),
            files.stream().mapToLong(Arrivals::maxInFlight).sum(),
            files.stream().mapToInt(Arrivals::threads).sum(),
            files.stream().anyMatch(Arrivals::poolExhausted),
            lag ? sendLag.getValueAtPercentile(50) : null,
            lag ? sendLag.getValueAtPercentile(99) : null,
            lag ? sendLag.getMaxValue() : null,
            files.get(0).lagThresholdUs(),
            exhausted));
  }

  /**
   * Whether every thread was busy at some moment of the window: from the in-flight log when the
   * step has one, else (older steps) at some moment of the whole run, warm-up included.
   */
  public boolean poolRanOutInWindow() {
    return poolExhaustedInWindow != null ? poolExhaustedInWindow : poolExhausted;
  }
}
