package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * A fixed-rate step's client thread pool second by second, from its clients' {@code pool.json}
 * ({@link PoolOccupancy}), on the step's time axis (seconds since the measurement start, as {@link
 * StepTimeSeries} and {@code events.json}). Immutable.
 *
 * <p>Several clients add up exactly, second by second: their integrals are summed (so the means are
 * the sum of the clients' means) and so are their threads; the most is the sum of each client's
 * most in that second, which is the step's most when the clients peak together (as they do when a
 * server dies under them) and an upper bound otherwise. A client on another machine has its seconds
 * moved by its clock offset ({@code clock.json}), rounded to whole seconds. Only seconds that every
 * client's recording covered whole are kept (not a client's first or last, each in part). A step
 * some client of which has no {@code pool.json} (one run before the file existed) has none: a sum
 * over part of the clients would understate the pool.
 *
 * @param threads the pool's threads, every client's added up
 * @param seconds the seconds, in time order
 */
public record StepPool(int threads, List<Second> seconds) {

  /**
   * One second.
   *
   * @param timeS its middle, seconds since the measurement start
   * @param busyMean threads busy with a request, on average over the second
   * @param busyMax the most busy at once
   * @param waitingMean arrivals due and not yet sent, on average over the second
   */
  public record Second(double timeS, double busyMean, long busyMax, double waitingMean) {}

  public StepPool {
    seconds = List.copyOf(seconds);
  }

  /** Sums of one epoch second over the clients, and how many covered it whole. */
  private static final class Sum {
    private long busyNs;
    private long busyMax;
    private long waitingNs;
    private int clients;
  }

  /**
   * Reads a step folder's pool; empty when a client has no {@code pool.json} or the step no
   * interval log to place it on.
   *
   * @throws ResultsFormatException when a {@code pool.json} is malformed
   */
  public static Optional<StepPool> read(Path stepDir) throws IOException {
    List<Path> clients = RunLayout.clientOutputDirs(stepDir);
    List<PoolOccupancy> files = new ArrayList<>();
    for (Path dir : clients) {
      Path f = dir.resolve(RunLayout.POOL);
      if (!Files.isRegularFile(f)) {
        return Optional.empty();
      }
      files.add(Json.read(f, PoolOccupancy.class));
    }
    OptionalLong start = StepEvents.measurementStartMs(stepDir);
    if (start.isEmpty()) {
      return Optional.empty();
    }
    Map<Long, Sum> byEpochS = new TreeMap<>();
    int threads = 0;
    for (int c = 0; c < files.size(); c++) {
      PoolOccupancy p = files.get(c);
      threads += p.threads();
      long offsetS = Math.round(ClientClock.offsetMs(clients.get(c)) / 1000.0);
      for (int i = 0; i < p.seconds(); i++) {
        if (!p.whole(i)) {
          continue;
        }
        Sum sum = byEpochS.computeIfAbsent(p.firstEpochS() + i - offsetS, k -> new Sum());
        sum.busyNs += p.busyNs()[i];
        sum.busyMax += p.busyMax()[i];
        sum.waitingNs += p.waitingNs()[i];
        sum.clients++;
      }
    }
    List<Second> seconds = new ArrayList<>();
    double perSecond = PoolOccupancy.NANOS_PER_SECOND;
    for (Map.Entry<Long, Sum> e : byEpochS.entrySet()) {
      Sum s = e.getValue();
      if (s.clients == files.size()) {
        seconds.add(
            new Second(
                (e.getKey() * 1000 + 500 - start.getAsLong()) / 1000.0,
                s.busyNs / perSecond,
                s.busyMax,
                s.waitingNs / perSecond));
      }
    }
    return Optional.of(new StepPool(threads, seconds));
  }
}
