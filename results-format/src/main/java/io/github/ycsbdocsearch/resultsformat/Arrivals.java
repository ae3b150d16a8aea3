package io.github.ycsbdocsearch.resultsformat;

import java.nio.file.Path;
import java.util.List;

/**
 * A fixed-rate client's {@code arrivals.json} ({@link RunLayout#ARRIVALS}): what its arrival
 * schedule did. Written once by the workload's pacer in the YCSB process when its threads end, read
 * by results-format's {@code Pacing}; this record is the one type of the file on both sides.
 * Immutable.
 *
 * @param process the arrival process, e.g. {@code poisson}
 * @param rateOps the schedule's rate, operations per second
 * @param rampS the rate's ramp from zero at the start, seconds
 * @param startEpochMs when the schedule started (epoch ms, the client's clock)
 * @param stopEpochMs when the client was asked to stop, null when it ran to the end
 * @param scheduledDue arrivals due by the stop (or the end)
 * @param sent of those, sent
 * @param unsent due and never sent
 * @param late sends later than the lag threshold
 * @param lagThresholdUs the threshold
 * @param maxInFlight most requests in flight at once
 * @param poolExhausted every thread was busy at some moment of the run
 */
public record Arrivals(
    int format,
    String process,
    double rateOps,
    long seed,
    double rampS,
    int threads,
    long startEpochMs,
    Long stopEpochMs,
    long scheduledDue,
    long sent,
    long unsent,
    long late,
    long lagThresholdUs,
    long maxInFlight,
    boolean poolExhausted) {

  /** The version of the file's layout the pacer writes. */
  public static final int FORMAT = 1;

  /**
   * A step's schedules, one per client that wrote one; empty for a closed-loop step.
   *
   * @throws ResultsFormatException when a file does not fit
   */
  public static List<Arrivals> readStep(Path stepDir) throws ResultsFormatException {
    return Json.readEachClient(stepDir, RunLayout.ARRIVALS, Arrivals.class);
  }

  /** Writes it into the client's output folder, atomically. */
  public void writeTo(Path dir) {
    AtomicFiles.writeJson(dir.resolve(RunLayout.ARRIVALS), this);
  }
}
