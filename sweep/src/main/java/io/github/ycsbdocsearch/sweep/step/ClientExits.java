package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import java.util.HashMap;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.Optional;

/**
 * How each client JVM of a step ended, and how far their clocks may be apart, for the durability
 * check: a client that did not exit 0 by itself (an error, a kill at its time limit, Ctrl-C, a
 * setup that failed) may have sent writes its log does not hold, so its writes are unknown; and two
 * clients' time stamps order two writes only when they are further apart than their clocks may be.
 *
 * @param codes each client's exit code by its index; absent when it was killed or never ran
 * @param clockSlackMs how far two clients' clocks may be apart: 0 when every client ran on one
 *     machine (one clock), else the spread of their measured offsets plus {@value #CLOCK_ERROR_MS}
 *     ms (each offset is off by up to half a round trip, and stamps are whole milliseconds)
 */
public record ClientExits(Map<Integer, Integer> codes, long clockSlackMs) {
  public ClientExits {
    codes = Map.copyOf(codes);
  }

  /** What one measured offset may be off by, as a bound ({@code Ssh#clockOffsetMs}). */
  static final long CLOCK_ERROR_MS = 5;

  public ClientExits(Map<Integer, Integer> codes) {
    this(codes, 0);
  }

  /** No client is known to have exited (the step's clients could not be run or collected). */
  public static final ClientExits UNKNOWN = new ClientExits(Map.of());

  /** The exits of the step's clients; {@link #UNKNOWN} when there are none. */
  static ClientExits of(List<ClientRun> runs) {
    if (runs == null) {
      return UNKNOWN;
    }
    Map<Integer, Integer> codes = new HashMap<>();
    for (ClientRun r : runs) {
      ChildResult c = r.child();
      if (r.setupError() == null && !c.timedOut() && !c.interrupted()) {
        codes.put(r.share().index(), c.exitCode());
      }
    }
    boolean oneClock = runs.stream().map(ClientRun::host).distinct().count() <= 1;
    LongSummaryStatistics offsets =
        runs.stream().mapToLong(ClientRun::clockOffsetMs).summaryStatistics();
    return new ClientExits(
        codes, oneClock ? 0 : offsets.getMax() - offsets.getMin() + CLOCK_ERROR_MS);
  }

  /** Why client {@code i}'s writes may not all be in its log; empty when it exited 0. */
  public Optional<String> problem(int i) {
    Integer code = codes.get(i);
    if (code == null) {
      return Optional.of("client " + i + " did not exit by itself (killed, or never ran)");
    }
    return code == 0 ? Optional.empty() : Optional.of("client " + i + " exited with code " + code);
  }
}
