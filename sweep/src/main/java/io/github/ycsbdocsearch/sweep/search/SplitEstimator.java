package io.github.ycsbdocsearch.sweep.search;

import io.github.ycsbdocsearch.sweep.search.BackgroundCycles.Event;
import io.github.ycsbdocsearch.sweep.search.BackgroundCycles.Observed;
import io.github.ycsbdocsearch.sweep.search.CapacityEstimator.Estimate;
import io.github.ycsbdocsearch.sweep.search.CapacityEstimator.Where;
import io.github.ycsbdocsearch.sweep.search.ShareSplit.KindPart;
import io.github.ycsbdocsearch.sweep.search.ShareSplit.Split;
import io.github.ycsbdocsearch.sweep.search.ShareSplit.Trigger;
import io.github.ycsbdocsearch.sweep.search.ShareSplit.WindowPart;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The capacity from the share over the bound split into its parts: the seconds inside a block of
 * the store's background work (an AOF rewrite, a merge, a checkpoint, a simulated stall) and the
 * clean seconds between them. A window either holds such an event or not, and pooling the two as
 * one share (as {@link CapacityEstimator} does) makes a store that stalls every 35 s a lottery of
 * how many stalls its windows held. Here each part is measured where it is seen and recombined at
 * the event's long-run frequency:
 *
 * <pre>
 *   share(rate) = clean(rate) + sum over kinds of frequency(rate) x cost(rate)
 * </pre>
 *
 * <ul>
 *   <li>{@code clean}: the clean seconds' share over the bound, a local logistic line in ln(rate)
 *       ({@link ShareFit}) centred at the estimate;
 *   <li>{@code cost}: per event of a kind, the requests over the bound beyond what clean seconds of
 *       the same length would have had, in seconds of that operation's traffic, made proportional
 *       to the rate about the centre (a stall holds the requests that arrive during it: more at a
 *       higher rate); from the blocks inside a window, each kernel-weighted by its rate. A block
 *       that a window's start or end cuts counts as the part of an event its seconds inside hold
 *       ({@link Shape#inside}): an AOF rewrite seen 0.45 s into a window began in its warm-up;
 *   <li>{@code frequency}: events per second for work on a timer ({@link Trigger#TIME}: a
 *       checkpoint), per operation for work triggered by size ({@link Trigger#OPS}: an AOF rewrite
 *       or a merge comes after so many writes), over every second the store was sampled, warm-ups
 *       and client-limited windows included: a far longer record than the windows near the
 *       estimate.
 * </ul>
 *
 * A block runs from the second before the event was seen (the sampler sees it within a second of
 * its start) to the last second after it whose pooled share over the bound, over every event of
 * that kind, was clearly above the clean share ({@link #blockExtent}). The capacity is the lowest
 * crossing of the allowance over the operations. Its interval: a bootstrap that draws clean
 * stretches, event blocks and sampled steps (the frequency's record) with replacement and makes the
 * whole estimate again, widened about the estimate on the ln(rate) scale as the simulated clock
 * requires ({@link #widening}). Seeded by the data. Stateless.
 */
public final class SplitEstimator {

  /** A window this many allowances over the bound tells nothing of an event's cost. */
  static final double OVERLOADED = 10;

  /** The block's length is read from windows at most this many allowances over the bound. */
  static final double NEAR_ALLOWANCE = 3;

  /** Costed blocks needed before the split decides (none: the pooled estimate stands). */
  static final int MIN_COSTED = 1;

  /**
   * The least part of the allowance the events must carry at the estimate for the split to decide.
   */
  static final double LEAST_EVENT_SHARE = 0.25;

  /** How far after its event a block may reach, s. */
  static final int MAX_AFTER_S = 20;

  /**
   * Gaps whose coefficient of variation is at most this are one cycle: its frequency is one over
   * their mean. Irregular gaps are not: a step holds a short gap more often than a long one, so
   * their mean runs short, and the count over the sampled time is taken instead.
   */
  static final double REGULAR_CV = 0.1;

  /** The coefficient of variation of values (0 for fewer than two). */
  static double cv(double[] v) {
    if (v.length < 2) {
      return 0;
    }
    double mean = Arrays.stream(v).average().orElse(0);
    double ss = Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum();
    return mean > 0 ? Math.sqrt(ss / (v.length - 1)) / mean : 0;
  }

  /** Gaps between events inside steps needed before the frequency is taken from them. */
  static final int MIN_GAPS = 2;

  /** A clean stretch is drawn in chunks of at least this, s (a queue's slow requests burst). */
  static final int CLEAN_CHUNK_S = 5;

  /**
   * The interval's widening about the estimate, on the ln(rate) scale: {@code 1 + WIDEN_EVENTS /
   * sqrt(events costed)}. The bootstrap sees the events it was given; with a few, it cannot see how
   * rare or common they might have been, nor that the search placed its windows by its own
   * estimate. On the simulated clock (200 seeds a scenario) the raw interval covered the truth in
   * 79-88 % of searches at the default budget (5-17 events) and 89.5 % at 1,200 s (34 events);
   * widened so, 95-97.5 % and 98 %, where a fixed 2x gave 95-98 % and 100 % (twice the width needed
   * at 1,200 s, so that no --precision could be reached).
   */
  static final double WIDEN_EVENTS = 2.0;

  /** The widening for {@code events} costed events (at least one). */
  static double widening(int events) {
    return 1 + WIDEN_EVENTS / Math.sqrt(Math.max(1, events));
  }

  private SplitEstimator() {}

  /**
   * Whether the windows hold an event worth splitting on: a kind (not {@link
   * BackgroundCycles#FREQUENT}) with a block wholly inside a window the store decided.
   */
  public static boolean applies(List<Observed> steps) {
    return steps.stream()
        .filter(o -> o.window().usable())
        .anyMatch(
            o ->
                o.cycleEvents().stream()
                    .mapToDouble(e -> Math.floor(e.tS()))
                    .anyMatch(seen -> seen - 1 >= 0 && seen + 1 <= o.window().length()));
  }

  /**
   * The estimate from the split; {@link Estimate#split()} holds the parts. Empty of a split (the
   * pooled estimate as it is) when the windows hold no event to split on.
   *
   * @param pooled the pooled estimate of the same windows (its crossing starts the centre)
   */
  public static Estimate estimate(
      List<Observed> steps, CapacityEstimator.Settings s, Estimate pooled) {
    Data d = Data.of(steps, s);
    if (d == null) {
      return pooled;
    }
    double c =
        pooled.where() == Where.INSIDE
            ? pooled.capacity()
            : Math.sqrt(d.rates[0] * d.rates[d.rates.length - 1]);
    Draw all = Draw.ones(d);
    Fit fit = null;
    for (int it = 0; it < 3; it++) {
      fit = d.fit(all, c, s);
      if (!(fit.capacity > 0) || Double.isInfinite(fit.capacity)) {
        break;
      }
      double next =
          Math.max(d.rates[0] / 1.5, Math.min(d.rates[d.rates.length - 1] * 1.5, fit.capacity));
      if (Math.abs(Math.log(next / c)) < 1e-4) {
        break;
      }
      c = next;
    }
    double point = fit.capacity;
    if (!explains(d, fit, c, point, s.allowance())) {
      return pooled;
    }
    double center = c;
    double[] reps =
        CapacityEstimator.replicates(
            s.replicates(), d.seed(), r -> d.fit(Draw.random(d, r), center, s).capacity);
    Split split = d.split(fit, c, point, s);
    double widen = widening(split.kinds().stream().mapToInt(KindPart::costed).sum());
    double minRate = d.rates[0];
    double maxRate = d.rates[d.rates.length - 1];
    return new Estimate(
        Where.of(point, minRate, maxRate),
        point,
        CapacityEstimator.widened(point, CapacityEstimator.quantile(reps, 0.025), widen),
        CapacityEstimator.widened(point, CapacityEstimator.quantile(reps, 0.975), widen),
        d.names.get(fit.op),
        fit.clean[fit.op],
        c,
        fit.bandwidth,
        d.chunks.size() + d.blocks.size(),
        CLEAN_CHUNK_S,
        s.replicates(),
        minRate,
        maxRate,
        reps,
        split);
  }

  /**
   * A kind's block relative to the second its event was seen in: seconds {@code [from, to)}, and
   * each one's part of the block's excess over the bound, pooled over every event of the kind.
   *
   * @param weight per second from {@code from}: its excess share over the bound, summing to 1
   */
  record Shape(int from, int to, double[] weight) {
    /** The part of an event's excess in its seconds {@code [a, b)} after the one it was seen in. */
    double inside(int a, int b) {
      double sum = 0;
      for (int off = Math.max(a, from); off < Math.min(b, to); off++) {
        sum += weight[off - from];
      }
      return sum;
    }
  }

  /**
   * A block cut by a window's edge is costed when its seconds inside hold this much of an event.
   */
  static final double LEAST_CUT_PART = 0.25;

  /** A part of the split: the event blocks (with their frequency) or the clean seconds. */
  public enum Part {
    EVENTS,
    CLEAN
  }

  /**
   * The part of the split the capacity knows least: the one whose own bootstrap spreads the
   * capacity more (the interquartile range of ln capacity when only that part's units are drawn,
   * the other's held as measured; half the settings' replicates each). The events' units are their
   * blocks (the cost) and the frequency's record; the clean part's, its chunks. Empty when the
   * windows hold no event to split on.
   *
   * @param center the split's centre ({@link Split#center()})
   */
  public static Optional<Part> leastKnown(
      List<Observed> steps, CapacityEstimator.Settings s, double center) {
    Data d = Data.of(steps, s);
    if (d == null) {
      return Optional.empty();
    }
    SplittableRandom r = new SplittableRandom(d.seed());
    Draw all = Draw.ones(d);
    int n = Math.max(2, s.replicates() / 2);
    double[] events = new double[n];
    double[] clean = new double[n];
    for (int i = 0; i < n; i++) {
      Draw e = Draw.random(d, r);
      events[i] = d.fit(new Draw(all.clean(), e.blocks(), e.steps(), e.gaps()), center, s).capacity;
      clean[i] =
          d.fit(new Draw(e.clean(), all.blocks(), all.steps(), all.gaps()), center, s).capacity;
    }
    return Optional.of(lnSpread(events) >= lnSpread(clean) ? Part.EVENTS : Part.CLEAN);
  }

  /**
   * How far replicated capacities spread: the interquartile range of their ln (robust to the few
   * draws whose crossing runs off to 0 or infinity, which make an infinite range only when a
   * quarter of them do).
   */
  static double lnSpread(double[] capacities) {
    double[] ln =
        Arrays.stream(capacities)
            .map(c -> c > 0 ? Math.log(c) : Double.NEGATIVE_INFINITY)
            .sorted()
            .toArray();
    double q1 = ln[ln.length / 4];
    double q3 = ln[(3 * ln.length) / 4];
    return Double.isNaN(q3 - q1) ? Double.POSITIVE_INFINITY : q3 - q1;
  }

  /**
   * Whether the split explains the share at its estimate better than pooling does: it does not put
   * the capacity below every rate measured while a window passed, its events carry at least {@link
   * #LEAST_EVENT_SHARE} of the allowance there, and its clean line rises with the rate unless the
   * clean share is negligible. Otherwise the pooled estimate, monotone in the windows by
   * construction, stands. A MongoDB run's checkpoints, costed from two failing windows, put it
   * below 306 ops/s, though 306, 611, 1,222, 2,445 and 2,673 ops/s had passed. Another MongoDB run
   * whose checkpoints cost nothing, and whose clean seconds (its own one-core stalls, which it
   * reports as no event) fell with the rate between two windows, made a flat clean line at 94 %.
   */
  private static boolean explains(Data d, Fit fit, double center, double point, double allowance) {
    if (d.passed && point < d.rates[0]) {
      return false; // the model contradicts the windows it was fitted to
    }
    if (!(point > 0) || Double.isInfinite(point)) {
      return true; // the search bounds it further; the pooled one says the same then
    }
    double x = Math.log(point / center);
    double events = d.plusEvents(0, fit.perSecondAtCenter, fit.costAtCenter, fit.op, x);
    ShareFit.Line clean = fit.clean[fit.op];
    boolean cleanSane = clean.b() > 0 || ShareSplit.cleanShare(clean, x) < allowance / 2;
    return events >= LEAST_EVENT_SHARE * allowance && cleanSane;
  }

  /** How often each unit is drawn: clean chunks, event blocks, sampled steps, event gaps. */
  private record Draw(int[] clean, int[] blocks, int[] steps, int[] gaps) {
    static Draw ones(Data d) {
      return new Draw(
          CapacityEstimator.ones(d.chunks.size()),
          CapacityEstimator.ones(d.blocks.size()),
          CapacityEstimator.ones(d.sampled.size()),
          CapacityEstimator.ones(d.gaps.size()));
    }

    static Draw random(Data d, SplittableRandom r) {
      return new Draw(
          CapacityEstimator.resample(d.chunks.size(), r),
          CapacityEstimator.resample(d.blocks.size(), r),
          CapacityEstimator.resample(d.sampled.size(), r),
          CapacityEstimator.resample(d.gaps.size(), r));
    }
  }

  /** One fit: the capacity, its deciding operation and every operation's clean line. */
  private record Fit(
      double capacity,
      int op,
      ShareFit.Line[] clean,
      double bandwidth,
      double[][] costAtCenter,
      double[] perSecondAtCenter) {}

  /**
   * An event block of one window: its kind, how many events it holds (a part of one when the
   * window's edge cut it), its rate, every operation's requests and over the bound in it, and each
   * operation's requests per second over the window.
   */
  private record Block(
      int kind, double events, double lnRate, long[] n, long[] k, double[] opRate) {}

  /**
   * A clean stretch's chunk: its rate's index among the distinct rates, each operation's counts.
   */
  private record Chunk(int rate, long[] n, long[] k) {}

  /** A sampled step, as the frequency's record: events of each kind, seconds, operations. */
  private record Sampled(int[] events, double seconds, double ops) {}

  /** The time between two consecutive events of a kind inside one step: seconds, operations. */
  private record Gap(int kind, double seconds, double ops) {}

  /** The units the fit draws from, made once. */
  private static final class Data {
    final List<String> names;
    final List<String> kinds;
    final Shape[] extent; // per kind
    final double[] rates; // distinct usable rates, ascending
    final List<Chunk> chunks = new ArrayList<>();
    final List<Block> blocks = new ArrayList<>();
    final List<Sampled> sampled = new ArrayList<>();
    final List<Gap> gaps = new ArrayList<>();
    boolean[] regular; // per kind: its gaps inside steps are the cycle itself
    final List<WindowPart> parts = new ArrayList<>();
    final double[] mix; // each operation's requests, then (once all are in) its share of them
    final int[] costed; // per kind: the events of its blocks that lay wholly inside a window
    boolean passed; // a usable window held its share within the allowance

    private Data(List<String> names, List<String> kinds, Shape[] extent, double[] rates) {
      this.names = names;
      this.kinds = kinds;
      this.extent = extent;
      this.rates = rates;
      this.mix = new double[names.size()];
      this.costed = new int[kinds.size()];
    }

    static Data of(List<Observed> steps, CapacityEstimator.Settings s) {
      if (!applies(steps)) {
        return null;
      }
      List<Observed> usable = steps.stream().filter(o -> o.window().usable()).toList();
      Set<String> names = new LinkedHashSet<>();
      Set<String> kinds = new LinkedHashSet<>();
      usable.forEach(o -> o.window().ops().forEach(x -> names.add(x.op())));
      steps.forEach(o -> o.cycleEvents().forEach(e -> kinds.add(e.kind())));
      List<String> kindList = List.copyOf(kinds);
      Shape[] extent =
          kindList.stream().map(k -> blockExtent(usable, k, s.allowance())).toArray(Shape[]::new);
      double[] rates =
          usable.stream().mapToDouble(o -> o.window().rateOps()).distinct().sorted().toArray();
      Data d = new Data(List.copyOf(names), kindList, extent, rates);
      usable.forEach(o -> d.addWindow(o, s.allowance()));
      double total = Arrays.stream(d.mix).sum(); // whole requests: exact in any order
      for (int j = 0; total > 0 && j < d.mix.length; j++) {
        d.mix[j] /= total;
      }
      for (Observed o : steps) {
        if (o.events() == null) {
          continue;
        }
        int[] e = new int[kindList.size()];
        o.cycleEvents().forEach(x -> e[kindList.indexOf(x.kind())]++);
        d.sampled.add(
            new Sampled(e, o.sampledSeconds(), o.sampledSeconds() * o.window().rateOps()));
        for (int kind = 0; kind < kindList.size(); kind++) {
          String name = kindList.get(kind);
          for (double gap : o.gaps(x -> x.kind().equals(name))) {
            d.gaps.add(new Gap(kind, gap, gap * o.window().rateOps()));
          }
        }
      }
      d.regular = new boolean[kindList.size()];
      for (int kind = 0; kind < kindList.size(); kind++) {
        int kk = kind;
        // A cycle in what was written is regular in operations, not in seconds.
        boolean byOps = ShareSplit.trigger(kindList.get(kind)) == Trigger.OPS;
        double[] g =
            d.gaps.stream()
                .filter(x -> x.kind() == kk)
                .mapToDouble(x -> byOps ? x.ops() : x.seconds())
                .toArray();
        d.regular[kind] = g.length >= MIN_GAPS && cv(g) <= REGULAR_CV;
      }
      return d.blocks.size() < MIN_COSTED ? null : d;
    }

    /** Labels the window's seconds: each event's block, or clean; adds its units. */
    private void addWindow(Observed o, double allowance) {
      RateWindow w = o.window();
      int len = w.length();
      int ops = names.size();
      long[][] n = new long[ops][len];
      long[][] k = new long[ops][len];
      double[] opRate = new double[ops];
      for (RateWindow.OpSeconds x : w.ops()) {
        int j = names.indexOf(x.op());
        n[j] = Arrays.copyOf(x.requests(), len);
        k[j] = Arrays.copyOf(x.over(), len);
        opRate[j] = x.totalRequests() / w.seconds();
        mix[j] += x.totalRequests();
      }
      passed |= w.worstShare() <= allowance;
      int[] owner = new int[len]; // -1 clean, else the block's index in 'mine'
      Arrays.fill(owner, -1);
      List<int[]> mine = new ArrayList<>(); // {kind, from, to, events}
      List<Event> events =
          o.cycleEvents().stream().sorted((a, b) -> Double.compare(a.tS(), b.tS())).toList();
      for (Event e : events) {
        int kind = kinds.indexOf(e.kind());
        int seen = (int) Math.floor(e.tS());
        int from = seen + extent[kind].from();
        int to = seen + extent[kind].to();
        if (to <= 0 || from >= len) {
          continue;
        }
        int[] last = mine.isEmpty() ? null : mine.get(mine.size() - 1);
        if (last != null && from <= last[2]) {
          // Overlapping blocks are one block holding both events (the first event's kind).
          last[2] = Math.max(last[2], to);
          last[3]++;
        } else {
          mine.add(new int[] {kind, from, to, 1});
        }
      }
      Map<String, long[]> byKind = new LinkedHashMap<>();
      for (int b = 0; b < mine.size(); b++) {
        int[] m = mine.get(b);
        int from = Math.max(0, m[1]);
        int to = Math.min(len, m[2]);
        Arrays.fill(owner, from, to, b);
        long[] bn = perOp(n, from, to);
        long[] bk = perOp(k, from, to);
        long[] sum = byKind.computeIfAbsent(kinds.get(m[0]), x -> new long[4]);
        sum[0] += m[3];
        sum[1] += to - from;
        sum[2] += Arrays.stream(bn).sum();
        sum[3] += Arrays.stream(bk).sum();
        boolean whole = m[1] >= 0 && m[2] <= len;
        // A cut block of one event holds the part of its excess that fell inside the window.
        Shape sh = extent[m[0]];
        int seen = m[1] - sh.from();
        double part = whole ? m[3] : m[3] == 1 ? sh.inside(-seen, len - seen) : 0;
        if (part >= LEAST_CUT_PART && w.worstShare() <= OVERLOADED * allowance) {
          blocks.add(new Block(m[0], part, Math.log(w.rateOps()), bn, bk, opRate));
          costed[m[0]] += whole ? m[3] : 0;
        }
      }
      // Clean stretches, in chunks of at least CLEAN_CHUNK_S.
      int rate = Arrays.binarySearch(rates, w.rateOps());
      int cleanS = 0;
      long cleanN = 0;
      long cleanK = 0;
      int sec = 0;
      while (sec < len) {
        if (owner[sec] >= 0) {
          sec++;
          continue;
        }
        int end = sec;
        while (end < len && owner[end] < 0) {
          end++;
        }
        int run = end - sec;
        int count = Math.max(1, run / CLEAN_CHUNK_S);
        for (int c = 0; c < count; c++) {
          int a = sec + (int) Math.round((double) c * run / count);
          int z = sec + (int) Math.round((double) (c + 1) * run / count);
          long[] cn = perOp(n, a, z);
          long[] ck = perOp(k, a, z);
          chunks.add(new Chunk(rate, cn, ck));
          cleanN += Arrays.stream(cn).sum();
          cleanK += Arrays.stream(ck).sum();
        }
        cleanS += run;
        sec = end;
      }
      parts.add(new WindowPart(w.step(), w.rateOps(), cleanS, cleanN, cleanK, byKind));
    }

    /** Each operation's total over seconds {@code [from, to)} of its per-second counts. */
    private static long[] perOp(long[][] perSecond, int from, int to) {
      return Arrays.stream(perSecond).mapToLong(op -> Arrays.stream(op, from, to).sum()).toArray();
    }

    /** The fit under a draw, its clean lines centred at {@code center}. */
    Fit fit(Draw dr, double center, CapacityEstimator.Settings s) {
      int ops = names.size();
      double lnC = Math.log(center);
      // The clean share per operation: a local logistic line in ln(rate / center).
      double[] pooledN = new double[rates.length];
      for (int i = 0; i < chunks.size(); i++) {
        pooledN[chunks.get(i).rate()] += dr.clean[i];
      }
      double h = CapacityEstimator.bandwidth(rates, pooledN, center, s.minBandwidth());
      double[] x = chunks.stream().mapToDouble(c -> Math.log(rates[c.rate()]) - lnC).toArray();
      double[] w = new double[x.length];
      Arrays.setAll(w, i -> dr.clean[i] * ShareFit.kernel(x[i], h));
      ShareFit.Line[] clean = new ShareFit.Line[ops];
      for (int j = 0; j < ops; j++) {
        int op = j;
        long[] cn = chunks.stream().mapToLong(c -> c.n()[op]).toArray();
        long[] ck = chunks.stream().mapToLong(c -> c.k()[op]).toArray();
        clean[j] = ShareFit.fit(x, cn, ck, w, ShareFit.logit(s.allowance()));
      }
      // Each kind's frequency, and its cost per event at the centre per operation, in seconds of
      // the operation's traffic.
      double[] perSecond = new double[kinds.size()];
      double[][] cost = new double[kinds.size()][ops];
      for (int kind = 0; kind < kinds.size(); kind++) {
        perSecond[kind] = frequency(dr, kind, center);
        for (int j = 0; j < ops; j++) {
          cost[kind][j] = cost(dr, kind, j, clean[j], lnC, h);
        }
      }
      int best = -1;
      double capacity = Double.NaN;
      for (int j = 0; j < ops; j++) {
        double cj = crossing(clean[j], perSecond, cost, j, center, s.allowance());
        if (!Double.isNaN(cj) && (best < 0 || cj < capacity)) {
          best = j;
          capacity = cj;
        }
      }
      return new Fit(capacity, Math.max(0, best), clean, h, cost, perSecond);
    }

    /**
     * Kind {@code kind}'s events per second at rate {@code rate}: one over the mean gap between
     * consecutive events inside a step, where steps held {@link #MIN_GAPS} or more (the count over
     * the sampled time is a lottery of each step's phase against the cycle: one event more or less
     * in four minutes moves a 35 s cycle's frequency by 15 %, where the gaps give it exactly);
     * otherwise events over the sampled time. In operations for a kind triggered by writes.
     */
    private double frequency(Draw dr, int kind, double rate) {
      boolean byOps = ShareSplit.trigger(kinds.get(kind)) == Trigger.OPS;
      double ev = 0;
      double base = 0;
      if (regular[kind]) {
        for (int i = 0; i < gaps.size(); i++) {
          Gap g = gaps.get(i);
          if (g.kind() == kind) {
            ev += dr.gaps[i];
            base += dr.gaps[i] * (byOps ? g.ops() : g.seconds());
          }
        }
      } else {
        for (int i = 0; i < sampled.size(); i++) {
          Sampled sa = sampled.get(i);
          ev += dr.steps[i] * sa.events()[kind];
          base += dr.steps[i] * (byOps ? sa.ops() : sa.seconds());
        }
      }
      return base > 0 ? ev / base * (byOps ? rate : 1) : 0;
    }

    /**
     * Kind {@code kind}'s cost per event for operation {@code j} at the centre: each whole block's
     * requests over the bound beyond the clean share, per event, in seconds of the operation's
     * traffic, moved to the centre in proportion to the rate (a stall holds the requests that
     * arrive during it, and its queue drains slower at a higher rate: on the simulated clock the
     * cost rose 1.04 times as fast as the rate near the capacity), averaged with the kernel's
     * weights; with no block under the kernel, every block alike.
     */
    private double cost(Draw dr, int kind, int j, ShareFit.Line clean, double lnC, double h) {
      double sum = 0;
      double weight = 0;
      double sumAll = 0;
      double weightAll = 0;
      for (int i = 0; i < blocks.size(); i++) {
        Block b = blocks.get(i);
        if (b.kind() != kind || dr.blocks[i] == 0 || b.opRate()[j] <= 0) {
          continue;
        }
        double xi = b.lnRate() - lnC;
        double excess = b.k()[j] - b.n()[j] * ShareSplit.cleanShare(clean, xi);
        double tau = excess / b.opRate()[j] / b.events() * Math.exp(-xi);
        double all = (double) dr.blocks[i] * b.events();
        double wi = all * ShareFit.kernel(xi, h);
        sum += wi * tau;
        weight += wi;
        sumAll += all * tau;
        weightAll += all;
      }
      return weight > 0 ? sum / weight : weightAll > 0 ? sumAll / weightAll : 0;
    }

    /** Where operation {@code j}'s modelled share crosses the allowance (bisection in ln rate). */
    private double crossing(
        ShareFit.Line clean,
        double[] perSecond,
        double[][] cost,
        int j,
        double center,
        double allowance) {
      double lo = Math.log(rates[0]) - 3;
      double hi = Math.log(rates[rates.length - 1]) + 3;
      double lnC = Math.log(center);
      if (share(clean, perSecond, cost, j, lo - lnC) >= allowance) {
        return 0;
      }
      if (share(clean, perSecond, cost, j, hi - lnC) < allowance) {
        return Double.POSITIVE_INFINITY;
      }
      for (int it = 0; it < 50; it++) {
        double mid = (lo + hi) / 2;
        if (share(clean, perSecond, cost, j, mid - lnC) >= allowance) {
          hi = mid;
        } else {
          lo = mid;
        }
      }
      return Math.exp((lo + hi) / 2);
    }

    private double share(
        ShareFit.Line clean, double[] perSecond, double[][] cost, int j, double x) {
      return plusEvents(ShareSplit.cleanShare(clean, x), perSecond, cost, j, x);
    }

    /** {@code s} plus every kind's part of operation {@code j}'s share at {@code x}. */
    double plusEvents(double s, double[] perSecond, double[][] cost, int j, double x) {
      for (int kind = 0; kind < kinds.size(); kind++) {
        s +=
            ShareSplit.part(ShareSplit.trigger(kinds.get(kind)), perSecond[kind], cost[kind][j], x);
      }
      return s;
    }

    /** The split at the estimate, for capacity.json and the report. */
    Split split(Fit fit, double center, double capacity, CapacityEstimator.Settings s) {
      int j = fit.op;
      double at = Double.isFinite(capacity) && capacity > 0 ? capacity : center;
      double ratio = at / center;
      List<KindPart> out = new ArrayList<>();
      double seconds = 0;
      for (Sampled sa : sampled) {
        seconds += sa.seconds();
      }
      for (int kind = 0; kind < kinds.size(); kind++) {
        String name = kinds.get(kind);
        Trigger t = ShareSplit.trigger(name);
        int k = kind;
        int events = sampled.stream().mapToInt(sa -> sa.events()[k]).sum();
        double perSecond = fit.perSecondAtCenter[kind] * (t == Trigger.OPS ? ratio : 1);
        double costS = Math.max(0, fit.costAtCenter[kind][j] * ratio);
        // Each operation's seconds of traffic x its rate at the capacity: requests over per event.
        double overPerEvent = 0;
        for (int op = 0; op < names.size(); op++) {
          overPerEvent += Math.max(0, fit.costAtCenter[kind][op] * ratio) * mix[op] * at;
        }
        out.add(
            new KindPart(
                name,
                t,
                events,
                seconds,
                extent[kind].from(),
                extent[kind].to(),
                costed[kind],
                perSecond,
                costS,
                overPerEvent,
                perSecond * costS));
      }
      out.sort((a, b) -> Double.compare(b.shareAtCapacity(), a.shareAtCapacity()));
      double x = Math.log(ratio);
      double cleanCross = fit.clean[j].crossing(s.allowance());
      return new Split(
          names.get(j),
          at,
          center,
          fit.clean[j].share(x),
          out,
          parts,
          Double.isNaN(cleanCross) ? Double.POSITIVE_INFINITY : center * Math.exp(cleanCross));
    }

    long seed() {
      long h = 0x5851_F42D_4C95_7F2DL;
      for (Chunk c : chunks) {
        h = h * 31 + c.rate();
        for (long v : c.n()) {
          h = h * 31 + v;
        }
        for (long v : c.k()) {
          h = h * 31 + v;
        }
      }
      for (Block b : blocks) {
        h = h * 31 + Arrays.hashCode(b.k());
      }
      return h;
    }
  }

  /**
   * The median gap between consecutive events (of any kind but the frequent) inside a step, s; a
   * block reaches at most half of it, so that it does not take the next event's seconds for its
   * own. Infinity with no gap.
   */
  static double medianGap(List<Observed> steps) {
    double[] gaps =
        steps.stream().flatMapToDouble(o -> Arrays.stream(o.gaps(e -> true))).sorted().toArray();
    return gaps.length == 0 ? Double.POSITIVE_INFINITY : gaps[gaps.length / 2];
  }

  /**
   * A kind's block, relative to the second its event was seen in: from the second before (the
   * sampler sees work within a second of its start) to the last second after it, up to {@link
   * #MAX_AFTER_S}, whose pooled share over the bound over every event of the kind was clearly above
   * the share of the seconds far from any event (at least three Poisson standard deviations and a
   * quarter of the allowance more); at least the event's own second. Each second's weight is its
   * excess share over the bound there (uniform when none stood out).
   */
  static Shape blockExtent(List<Observed> usable, String kind, double allowance) {
    int reach = Math.min(MAX_AFTER_S, (int) Math.floor(medianGap(usable) / 2));
    int span = reach + 2;
    double[] n = new double[span];
    double[] k = new double[span];
    double[] expected = new double[span];
    for (Observed o : usable) {
      RateWindow w = o.window();
      if (w.worstShare() > NEAR_ALLOWANCE * allowance) {
        continue; // far over the bound: no event stands out of the queue's own noise
      }
      int len = w.length();
      long[] wn = new long[len];
      long[] wk = new long[len];
      for (RateWindow.OpSeconds x : w.ops()) {
        long[] xn = x.requests();
        long[] xk = x.over();
        for (int i = 0; i < xn.length; i++) {
          wn[i] += xn[i];
          wk[i] += xk[i];
        }
      }
      // The window's own share away from its events' first seconds: what a second holds anyway.
      boolean[] near = new boolean[len];
      for (Event e : o.cycleEvents()) {
        int seen = (int) Math.floor(e.tS());
        for (int sec = Math.max(0, seen - 1); sec < Math.min(len, seen + 3); sec++) {
          near[sec] = true;
        }
      }
      long farN = IntStream.range(0, len).filter(i -> !near[i]).mapToLong(i -> wn[i]).sum();
      long farK = IntStream.range(0, len).filter(i -> !near[i]).mapToLong(i -> wk[i]).sum();
      double base = farN > 0 ? (double) farK / farN : 0;
      for (Event e : o.cycleEvents()) {
        if (!e.kind().equals(kind)) {
          continue;
        }
        int seen = (int) Math.floor(e.tS());
        for (int off = -1; off <= reach; off++) {
          int sec = seen + off;
          if (sec >= 0 && sec < len) {
            n[off + 1] += wn[sec];
            k[off + 1] += wk[sec];
            expected[off + 1] += wn[sec] * base;
          }
        }
      }
    }
    int last = 0;
    for (int off = 0; off <= reach; off++) {
      int i = off + 1;
      double excess = k[i] - expected[i];
      if (n[i] > 0 && excess > 3 * Math.sqrt(expected[i] + 1) && excess / n[i] > allowance / 4) {
        last = off;
      }
    }
    double[] weight = new double[last + 2];
    Arrays.setAll(weight, i -> n[i] > 0 ? Math.max(0, (k[i] - expected[i]) / n[i]) : 0);
    double sum = Arrays.stream(weight).sum();
    Arrays.setAll(weight, i -> sum > 0 ? weight[i] / sum : 1.0 / weight.length);
    return new Shape(-1, last + 1, weight);
  }
}
