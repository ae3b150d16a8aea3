package io.github.ycsbdocsearch.resultsformat;

/**
 * A fixed-rate client's {@code pool.json} ({@link RunLayout#POOL}): how busy its thread pool was in
 * each wall-clock second, and how many requests were due and not yet sent. Written once by the
 * workload's pacer in the YCSB process when its threads end, read by results-format's {@code
 * StepPool}; this record is the one type of the file on both sides. Immutable (the arrays are the
 * file's, not copied: do not change them).
 *
 * <p>Second {@code i} is the epoch second {@code first_epoch_s + i} of the client's clock. The
 * three arrays have one value per second, from the second the schedule started in to the one the
 * recording ended in; those two are covered only from {@code start_epoch_ms} and up to {@code
 * end_epoch_ms} ({@link #whole}). Sums of time are integers (nanoseconds), so several clients'
 * files add up exactly.
 *
 * @param threads the client's threads (the pool's size)
 * @param startEpochMs when the schedule started (epoch ms, the client's clock)
 * @param endEpochMs when the recording ended (the client's threads were done)
 * @param firstEpochS the epoch second of index 0
 * @param busyNs per second, the time integral of the threads busy with a request (from its send to
 *     its return), thread-nanoseconds: divided by 10^9, the mean number busy over the second
 * @param busyMax per second, the most threads busy at once (at a send, or carried in from the
 *     second before)
 * @param waitingNs per second, the time integral of the arrivals due and not yet sent (waiting for
 *     a free thread, or for the thread that holds one to wake), request-nanoseconds; an arrival
 *     never sent waits until the stop
 */
public record PoolOccupancy(
    int format,
    int threads,
    long startEpochMs,
    long endEpochMs,
    long firstEpochS,
    long[] busyNs,
    long[] busyMax,
    long[] waitingNs) {

  /** The version of the file's layout the pacer writes. */
  public static final int FORMAT = 1;

  /** Nanoseconds in a second: a second's integral divided by this is its mean. */
  public static final long NANOS_PER_SECOND = 1_000_000_000L;

  /**
   * @throws IllegalArgumentException when an array is missing or the three differ in length (a
   *     reader's {@code Json.read} reports it as a malformed file)
   */
  public PoolOccupancy {
    if (busyNs == null || busyMax == null || waitingNs == null) {
      throw new IllegalArgumentException("busy_ns, busy_max and waiting_ns are required");
    }
    if (busyMax.length != busyNs.length || waitingNs.length != busyNs.length) {
      throw new IllegalArgumentException(
          "busy_ns, busy_max and waiting_ns differ in length: %s, %s, %s"
              .formatted(busyNs.length, busyMax.length, waitingNs.length));
    }
  }

  public int seconds() {
    return busyNs.length;
  }

  /** Whether the recording covered second {@code i} whole (not the first or last in part). */
  public boolean whole(int i) {
    long fromMs = (firstEpochS + i) * 1000;
    return fromMs >= startEpochMs && fromMs + 1000 <= endEpochMs;
  }
}
