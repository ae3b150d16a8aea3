package io.github.ycsbdocsearch.report.charts;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The capacity estimate in words, the same in the headline, the windows table and the charts:
 * "capacity 6,050 ops/s (95 % interval 5,880–6,230; 5 AOF rewrites inside)", a share over the bound
 * as a percentage, a window's outcome, a background cycle ("AOF rewrites about every 35 s: 5
 * inside"). Reads capacity.json's {@code capacity_search} ({@link CapacitySearchRecord}): format 4
 * has an {@code ending}; format 3 (a bisection's bracket) has none. Stateless, thread-safe.
 */
public final class CapacityText {

  /** {@code ending} values besides the two {@link CapacitySearchRecord} names. */
  public static final String LOWER_BOUND_TOP = "lower_bound_top";

  public static final String LOWER_BOUND_BUDGET = "lower_bound_budget";
  public static final String BELOW_RANGE = "below_range";

  /** A window's {@code outcome} when the client, not the store, decided it. */
  public static final String CLIENT_LIMITED = "client_limited";

  /**
   * Readable names of the background work the stores report (events.json kinds), singular and
   * plural; a kind not listed is shown as recorded.
   */
  private static final Map<String, String[]> KINDS =
      Map.of(
          "aof_rewrite", new String[] {"AOF rewrite", "AOF rewrites"},
          "rdb_save", new String[] {"RDB snapshot", "RDB snapshots"},
          "wt_checkpoint", new String[] {"WiredTiger checkpoint", "WiredTiger checkpoints"},
          "es_merge", new String[] {"merge", "merges"},
          "es_flush", new String[] {"flush", "flushes"},
          "es_gc_old", new String[] {"old-generation GC", "old-generation GCs"},
          "mm1_stall", new String[] {"stall", "stalls"},
          "stall", new String[] {"stall", "stalls"},
          "size_stall", new String[] {"stall after so many writes", "stalls after so many writes"});

  private CapacityText() {}

  /** Whether the record is format 4 or later: an estimate with its interval, not a bracket. */
  public static boolean estimated(CapacitySearchRecord c) {
    return c != null && c.ending() != null;
  }

  /** The record of a store's format-4 capacity search, or null (none, or an older format). */
  public static CapacitySearchRecord estimate(StoreCapacity sat) {
    return sat != null && estimated(sat.capacitySearch()) ? sat.capacitySearch() : null;
  }

  /** A kind of background work for people, e.g. "AOF rewrites" ({@code count} != 1). */
  public static String kind(String kind, int count) {
    String[] names = KINDS.get(kind);
    return names == null ? kind : names[count == 1 ? 0 : 1];
  }

  /**
   * One kind of background work and what the deciding windows held of it, e.g. "AOF rewrites about
   * every 35 s: 5 inside", or "..., not covered (the deciding windows lasted under two cycles)".
   */
  public static String cycle(CapacitySearchRecord.Cycle c) {
    String seen =
        c.events() >= 2
            ? kind(c.kind(), 2) + " about every " + seconds(c.periodS())
            // One event tells no period.
            : kind(c.kind(), 1) + " seen once";
    return seen
        + ": "
        + c.inside()
        + " inside"
        + (c.covered() ? "" : ", not covered (the deciding windows lasted under two cycles)");
  }

  /**
   * What the deciding windows held, for a title: "5 AOF rewrites inside"; "no background work
   * inside" when the store showed some but none fell inside; "" when it showed none.
   */
  public static String inside(List<CapacitySearchRecord.Cycle> cycles) {
    List<String> parts = new ArrayList<>();
    for (CapacitySearchRecord.Cycle c : cycles) {
      if (c.inside() > 0) {
        parts.add(c.inside() + " " + kind(c.kind(), c.inside()));
      }
    }
    if (parts.isEmpty()) {
      return cycles.isEmpty() ? "" : "no background work inside";
    }
    return String.join(", ", parts) + " inside";
  }

  /**
   * The 95 % interval, e.g. "5,880–6,230", "up to 6,230 (open below)", "from 5,880 (open above)";
   * null when there is none (a lower bound, no capacity, or format 3).
   */
  public static String interval(CapacitySearchRecord c) {
    if (!estimated(c) || c.lo() == null) {
      return null;
    }
    boolean openBelow = c.lo() <= 0;
    if (c.hi() == null) {
      return openBelow ? "open" : "from " + Numbers.rate(c.lo()) + " (open above)";
    }
    return openBelow
        ? "up to " + Numbers.rate(c.hi()) + " (open below)"
        : Numbers.rate(c.lo()) + "–" + Numbers.rate(c.hi());
  }

  /**
   * A store's capacity headline, e.g. "capacity 6,050 ops/s (95 % interval 5,880–6,230; 5 AOF
   * rewrites inside)", "client lower bound 7,100 ops/s"; null without a format-4 capacity.
   */
  public static String headline(StoreCapacity sat) {
    CapacitySearchRecord c = estimate(sat);
    if (c == null || sat.capacityOps() == null) {
      return null;
    }
    List<String> notes = new ArrayList<>();
    String interval = interval(c);
    if (interval != null) {
      notes.add("95 % interval " + interval);
    }
    String inside = inside(c.cycles());
    if (!inside.isEmpty()) {
      notes.add(inside);
    }
    String what =
        switch (c.ending()) {
          case CapacitySearchRecord.LOWER_BOUND_CLIENT -> "client lower bound";
          case LOWER_BOUND_TOP, LOWER_BOUND_BUDGET -> "lower bound";
          default -> "capacity";
        };
    return what
        + " "
        + Numbers.rate(sat.capacityOps())
        + " ops/s"
        + (BELOW_RANGE.equals(c.ending()) ? ", extrapolated below every rate measured" : "")
        + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")");
  }

  /**
   * What set the capacity, for people: the part of the share over the bound that decided it, how
   * often it came and what each one cost, how far the store meets the objective between such
   * events, and the harness floor's own share near the capacity. E.g. "Set by AOF rewrites (about
   * every 60 s, about 5,100 requests over the bound each at 8,067 ops/s: 0.8 % of the 1 % allowed).
   * Between AOF rewrites: up to 19,000 ops/s. The harness floor alone: 0.3 % over at 8,000 ops/s."
   * Null without a format-4 estimate; for an estimate with no background work to split on, says
   * that the store's own tail set it.
   */
  public static String setBy(StoreCapacity sat) {
    CapacitySearchRecord c = estimate(sat);
    if (c == null || sat.capacityOps() == null) {
      return null;
    }
    CapacitySearchRecord.Split s = c.split();
    if (s == null) {
      return c.cycles().isEmpty()
          ? "Set by the store's own tail: its windows recorded no background work."
          : "Set by the store's own tail, pooled over every window: its background work (see the"
              + " cycles) explained too little of the share over the bound to split on.";
    }
    List<String> out = new ArrayList<>();
    CapacitySearchRecord.Kind top = s.largest();
    double allowance = c.model() == null ? 0 : c.model().allowance();
    String allowed = allowance > 0 ? " of the " + percent(allowance) + " allowed" : "";
    if (top != null && CapacitySearchRecord.kindSetCapacity(top.share(), s.cleanShare())) {
      out.add(
          "Set by "
              + kind(top.kind(), 2)
              + " ("
              + (top.periodS() == null ? "" : "about every " + seconds(top.periodS()) + ", ")
              + "about "
              + Numbers.grouped(Math.round(top.overPerEvent()))
              + " requests over the bound each at "
              + Numbers.rate(s.capacityOps())
              + " ops/s: "
              + percent(top.share())
              + allowed
              + ").");
      out.add(
          "Between "
              + kind(top.kind(), 2)
              + ": "
              + (s.cleanCapacityOps() == null
                  ? "the objective met far above every rate measured."
                  : "up to " + Numbers.rate(s.cleanCapacityOps()) + " ops/s."));
    } else {
      out.add(
          "Set by the store's own tail between events ("
              + percent(s.cleanShare())
              + " over at "
              + Numbers.rate(s.capacityOps())
              + " ops/s"
              + allowed
              + (top == null ? "" : "; " + kind(top.kind(), 2) + " add " + percent(top.share()))
              + ").");
    }
    if (s.floorShare() != null && s.floorRateOps() != null) {
      out.add(
          "The harness floor alone: "
              + percent(s.floorShare())
              + " over at "
              + Numbers.rate(s.floorRateOps())
              + " ops/s.");
    }
    return String.join(" ", out);
  }

  /** A window's outcome for people: pass, fail or client-limited; "–" when not recorded. */
  public static String outcome(CapacitySearchRecord.Probe p) {
    return p.outcome() == null ? "–" : p.outcome().replace('_', '-');
  }

  /** Why the search ran a window, for people: "curve", "bound up", "narrow", "narrow events". */
  public static String reason(CapacitySearchRecord.Probe p) {
    return p.reason() == null ? "–" : p.reason().replace('_', ' ');
  }

  /** A share in percent, 2 significant digits below 10 %: "0 %", "0.042 %", "1.3 %", "27 %". */
  public static String percent(double share) {
    double v = share * 100;
    if (v == 0) {
      return "0 %";
    }
    if (v >= 10) {
      return fmt("%.0f %%", v);
    }
    return new BigDecimal(v).round(new MathContext(2)).stripTrailingZeros().toPlainString() + " %";
  }

  /** Seconds for people: "35 s", "7.5 s". */
  private static String seconds(double s) {
    return s >= 10
        ? fmt("%.0f s", s)
        : Numbers.rounded(s, 1).stripTrailingZeros().toPlainString() + " s";
  }
}
