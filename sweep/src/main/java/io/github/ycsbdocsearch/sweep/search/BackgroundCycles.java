package io.github.ycsbdocsearch.sweep.search;

import io.github.ycsbdocsearch.resultsformat.StepEvents;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * How often the store did each kind of background work (an AOF rewrite, a checkpoint, a merge),
 * from the events its steps recorded, and how many of them fell inside the windows that decided the
 * capacity: a window shorter than a cycle either holds one or not, so the estimate charges the work
 * at its real frequency only when its windows cover whole cycles. Stateless.
 */
public final class BackgroundCycles {

  /** Kinds that come so often and cost so little that they are no cycle worth covering. */
  public static final Set<String> FREQUENT = StepEvents.FREQUENT;

  private BackgroundCycles() {}

  /**
   * One background event of a step.
   *
   * @param kind what it was ({@code aof_rewrite}, {@code wt_checkpoint}, ...)
   * @param tS seconds after the step's measured window began (negative: in the warm-up)
   */
  public record Event(String kind, double tS) {}

  /**
   * What a step showed of the store's background work. Immutable.
   *
   * @param window the step's measured window
   * @param sampledSeconds seconds the store's counters were sampled over (warm-up and window)
   * @param events its events; null when the store was not sampled
   */
  public record Observed(RateWindow window, double sampledSeconds, List<Event> events) {
    public Observed {
      events = events == null ? null : List.copyOf(events);
    }

    boolean sampled() {
      return events != null;
    }

    /** Its events but the {@link #FREQUENT}, in the order recorded (none when not sampled). */
    List<Event> cycleEvents() {
      return sampled()
          ? events.stream().filter(e -> !FREQUENT.contains(e.kind())).toList()
          : List.of();
    }

    /** Seconds between consecutive {@link #cycleEvents} that {@code which} picks, in time order. */
    double[] gaps(Predicate<Event> which) {
      double[] t = cycleEvents().stream().filter(which).mapToDouble(Event::tS).sorted().toArray();
      return IntStream.range(1, t.length).mapToDouble(i -> t[i] - t[i - 1]).toArray();
    }
  }

  /**
   * One kind's cycle. Immutable.
   *
   * @param kind the kind
   * @param events how many the sampled steps recorded
   * @param sampledSeconds over how many seconds
   * @param periodS seconds from one to the next, on average ({@code sampledSeconds / events}; with
   *     one event, at least the sampled time)
   * @param inside events inside the measured windows that decided the estimate
   */
  public record Cycle(String kind, int events, double sampledSeconds, double periodS, int inside) {
    /** Whether the deciding windows, together, were as long as two of its cycles. */
    public boolean covered(double decidingSeconds) {
      return decidingSeconds >= 2 * periodS;
    }
  }

  /**
   * The cycles of every kind seen (but the {@link #FREQUENT}), longest first.
   *
   * @param deciding which windows decided the estimate (their events are counted as inside)
   */
  public static List<Cycle> of(List<Observed> steps, Predicate<RateWindow> deciding) {
    double sampled =
        steps.stream().filter(Observed::sampled).mapToDouble(Observed::sampledSeconds).sum();
    Map<String, int[]> counts = new LinkedHashMap<>(); // kind -> all, inside
    for (Observed o : steps) {
      if (!o.sampled()) {
        continue;
      }
      boolean decides = deciding.test(o.window());
      for (Event e : o.cycleEvents()) {
        int[] c = counts.computeIfAbsent(e.kind(), k -> new int[2]);
        c[0]++;
        if (decides && e.tS() >= 0 && e.tS() < o.window().seconds()) {
          c[1]++;
        }
      }
    }
    List<Cycle> out = new ArrayList<>();
    counts.forEach(
        (kind, c) ->
            out.add(new Cycle(kind, c[0], sampled, period(steps, kind, sampled / c[0]), c[1])));
    out.sort((a, b) -> Double.compare(b.periodS(), a.periodS()));
    return out;
  }

  /**
   * A kind's period: the mean gap between its consecutive events inside one step, where a step held
   * two or more (exact for work on a timer, and not thrown off by the unsampled time between
   * steps); otherwise the sampled seconds per event.
   */
  private static double period(List<Observed> steps, String kind, double perEvent) {
    double sum = 0;
    int gaps = 0;
    for (Observed o : steps) {
      for (double gap : o.gaps(e -> e.kind().equals(kind))) {
        sum += gap;
        gaps++;
      }
    }
    return gaps > 0 ? sum / gaps : perEvent;
  }

  /**
   * The longest period of the kinds seen at least twice, s; 0 when none was (one event tells no
   * period).
   */
  public static double longest(List<Cycle> cycles) {
    return cycles.stream().filter(c -> c.events() >= 2).mapToDouble(Cycle::periodS).max().orElse(0);
  }
}
