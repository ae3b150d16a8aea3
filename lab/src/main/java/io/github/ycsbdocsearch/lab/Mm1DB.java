package io.github.ycsbdocsearch.lab;

import io.github.ycsbdocsearch.common.FloorDB;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchableDB;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.data.Seeds;
import io.github.ycsbdocsearch.common.workload.ArrivalConfig;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Mm1Arrivals;
import io.github.ycsbdocsearch.resultsformat.Mm1Stalls;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.Vector;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.Recorder;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * A simulated store whose latency theory knows exactly: an M/M/1 queue, one JVM-wide
 * first-come-first-served server ({@link Mm1Queue}) with exponentially distributed service times of
 * rate {@code mm1.service_rate} (μ, operations per second, required), seeded by {@code mm1.seed}.
 * Every operation (read, scan, update, insert, delete, search) joins the queue at {@code
 * System.nanoTime()}, parks until its completion, and answers OK (search: an empty page). It lets
 * the harness be checked end to end against a known answer: a capacity search over it must find the
 * theoretical capacity.
 *
 * <p>The known answer. Under Poisson arrivals at rate λ &lt; μ the sojourn time (queueing plus
 * service) is exponential with rate μ − λ, so its p-quantile is −ln(1 − p)/(μ − λ), and its p99 is
 * ln(100)/(μ − λ). For the objective p99 &le; B the true capacity is therefore λ* = μ − ln(100)/B:
 * with μ = 1000/s and B = 20 ms, λ* = 1000 − 4.605/0.020 ≈ 769.7 operations per second. (The client
 * adds its own small overhead, and parking overshoots by tens of microseconds, so measured
 * latencies sit slightly above theory.)
 *
 * <p>One instance per client thread, as YCSB requires; the queue is shared by all of them, created
 * by the first {@link #init()} of the JVM (later ones must name the same settings). It extends
 * YCSB's {@code DB}, not {@code BasicDB} (unlike {@link FloorDB}): {@code BasicDB.init()} cannot
 * throw the {@code DBException} a missing service rate must be, and nothing else of it is used.
 *
 * <p>Stalls ({@code mm1.stall_ms} &gt; 0): the server makes no progress for that long, every {@code
 * mm1.stall_every_s} seconds ({@code 35}, or {@code 5-15} for a gap drawn uniformly in the range),
 * or at exponential gaps of that mean with {@code mm1.stall_process=poisson}; the first one at a
 * random point of its cycle after the server is made (see {@link Stalls}). A store's background
 * work (an AOF rewrite, a checkpoint) stalls requests so, and the capacity search must charge it at
 * its real frequency. The stall times are drawn from {@code mm1.seed} and the step's arrival seed,
 * so each step's stalls fall elsewhere in its window.
 *
 * <p>In a paced step (the workload's {@code docsearch.arrivals.rate} set) the last instance to
 * close writes {@value #ARRIVALS_FIT_FILE} next to the workload's {@code arrivals.json}: how well
 * the gaps between the requests the server saw fit an exponential ({@link ExponentialFit}), the
 * pacing fidelity behind the known answer, as the schema's {@link Mm1Arrivals} (the record the
 * results format reads it by); with it, how long the host held each request beyond the server's own
 * time (sent after its intended start, woken after its completion), from which the capacity of the
 * store the client really measured follows (results-format's {@code analysis.Mm1HostTruth}).
 */
public class Mm1DB extends DB implements SearchableDB {
  public static final String SERVICE_RATE = "mm1.service_rate";
  public static final String SEED = "mm1.seed";
  public static final String STALL_MS = "mm1.stall_ms";
  public static final String STALL_EVERY_S = "mm1.stall_every_s";
  public static final String STALL_PROCESS = "mm1.stall_process";

  /** The data generator's default seed; the service times use a stream derived from it. */
  public static final long SEED_DEFAULT = SearchWorkloadConfig.SEED_DEFAULT;

  /** The fit of the arrival gaps to an exponential, written in the step folder of a paced step. */
  public static final String ARRIVALS_FIT_FILE = RunLayout.MM1_ARRIVALS;

  /** Decorrelates the service times from other streams derived from the same seed. */
  private static final long STREAM = 0x3A1A_0001L;

  /** Decorrelates the stall times from the service times. */
  private static final long STALL_STREAM = 0x3A1A_0002L;

  /** The JVM's clock origin of the shared server's stall schedule; guarded by the class lock. */
  private static long origin;

  /** The wall clock (epoch ms) at {@link #origin}; guarded by the class lock. */
  private static long originEpochMs;

  /** The JVM's one server and the settings it was made with; guarded by the class lock. */
  private static Mm1Queue shared;

  private static long sharedSeed;

  /**
   * How late each request was woken after its completion, µs: the host's share of the latency the
   * client measures (a contended CPU wakes parked threads late), made with the shared server.
   */
  private static volatile Recorder lateness = new Recorder(3);

  /**
   * How long the host held each paced request beyond the server's own time, µs: its send lag (from
   * its intended start to joining the queue) plus its wake lateness. The client measures the
   * sojourn plus this, so the capacity it can see is the known answer's only while this is small;
   * the file gives the distribution, from which the capacity of M/M/1 with these delays follows.
   */
  private static volatile Recorder hostDelay = new Recorder(3);

  /** The smallest bucket of {@link #hostDelay} written, µs, and each next one's growth. */
  private static final long DELAY_BUCKET_US = 10;

  private static final double DELAY_BUCKET_GROWTH = 1.1;

  /** Instances initialised and not yet cleaned up; guarded by the class lock. */
  private static int open;

  private Mm1Queue queue;

  /** {@link #origin}, read under the class lock when this instance started. */
  private long stallOrigin;

  @Override
  public void init() throws DBException {
    queue = sharedQueue(getProperties());
    synchronized (Mm1DB.class) {
      open++;
      stallOrigin = origin;
    }
    SearchBindings.register(this);
  }

  @Override
  public void cleanup() {
    SearchBindings.unregister();
    boolean last;
    synchronized (Mm1DB.class) {
      last = --open == 0;
    }
    Properties p = getProperties();
    // The workload checked these properties when it started: reading them again cannot fail here.
    Path dir = Path.of(p.getProperty(DocSearchWorkload.ARRIVALS_DIR, "."));
    if (last && ArrivalConfig.fromProperties(p).paced()) {
      Recorder late;
      Recorder held;
      synchronized (Mm1DB.class) {
        late = lateness;
        held = hostDelay;
      }
      writeArrivalsFit(
          queue.gapsNanos(),
          late.getIntervalHistogram(),
          held.getIntervalHistogram(),
          queue.serviceRate(),
          dir.resolve(ARRIVALS_FIT_FILE));
    }
    if (last && queue.stalls()) {
      writeStalls(dir);
    }
  }

  /**
   * The stalls that began while this JVM's server ran ({@link Mm1Stalls}, beside {@link
   * #ARRIVALS_FIT_FILE}): the simulated store's background events, which the runner records as any
   * store's ({@code events.json}, kind {@value Mm1Stalls#STALL_KIND}).
   */
  private void writeStalls(Path dir) {
    long zero;
    long zeroMs;
    synchronized (Mm1DB.class) {
      zero = origin;
      zeroMs = originEpochMs;
    }
    long[] starts = queue.stallStartsIn(0, System.nanoTime() - zero);
    new Mm1Stalls(Arrays.stream(starts).mapToObj(s -> zeroMs + s / 1_000_000).toList())
        .writeTo(dir);
  }

  /**
   * Writes the fit of the gaps, when there are enough of them to fit (two), with the requests' wake
   * lateness and the host's delays (µs) of a server of service rate {@code mu}.
   */
  static void writeArrivalsFit(long[] gaps, Histogram late, Histogram held, double mu, Path file) {
    if (gaps.length < 2) {
      return;
    }
    ExponentialFit fit = ExponentialFit.of(gaps);
    AtomicFiles.writeJson(
        file,
        new Mm1Arrivals(
            fit.n(),
            Math.round(fit.meanUs() * 100) / 100.0,
            Math.round(fit.cv() * 10000) / 10000.0,
            Math.round(fit.ksD() * 100000) / 100000.0,
            Math.round(fit.stephens() * 1000) / 1000.0,
            ExponentialFit.CRITICAL_5PCT,
            fit.rejected(),
            late.getTotalCount(),
            late.getValueAtPercentile(99),
            late.getMaxValue(),
            mu,
            buckets(held)));
  }

  /** The delays in logarithmic buckets, the empty ones left out. */
  static List<Mm1Arrivals.DelayBucket> buckets(Histogram delays) {
    List<Mm1Arrivals.DelayBucket> out = new ArrayList<>();
    if (delays.getTotalCount() == 0) {
      return out;
    }
    for (HistogramIterationValue v :
        delays.logarithmicBucketValues(DELAY_BUCKET_US, DELAY_BUCKET_GROWTH)) {
      if (v.getCountAddedInThisIterationStep() > 0) {
        out.add(
            new Mm1Arrivals.DelayBucket(
                v.getValueIteratedTo(), v.getCountAddedInThisIterationStep()));
      }
    }
    return out;
  }

  /** The JVM's server, made on first use from these properties; later calls must name the same. */
  static synchronized Mm1Queue sharedQueue(Properties p) throws DBException {
    double rate = serviceRate(p);
    long seed;
    try {
      seed = Props.longValue(p, SEED, SEED_DEFAULT, Long.MIN_VALUE);
    } catch (SetupException e) {
      throw new DBException(e.getMessage());
    }
    if (shared == null) {
      shared = new Mm1Queue(rate, new SplittableRandom(Seeds.mix(seed, STREAM)), stalls(p, seed));
      lateness = new Recorder(3);
      hostDelay = new Recorder(3);
      sharedSeed = seed;
      origin = System.nanoTime();
      originEpochMs = System.currentTimeMillis();
    } else if (shared.serviceRate() != rate || sharedSeed != seed) {
      throw new DBException(
          "the M/M/1 server of this JVM runs with %s=%s and %s=%s, not %s and %s"
              .formatted(SERVICE_RATE, shared.serviceRate(), SEED, sharedSeed, rate, seed));
    }
    return shared;
  }

  /** The stall schedule the properties set ({@link Stalls#NONE} without {@code mm1.stall_ms}). */
  static Stalls stalls(Properties p, long seed) throws DBException {
    try {
      double ms = Props.decimal(p, STALL_MS, 0, 0, Double.MAX_VALUE);
      if (ms == 0) {
        return Stalls.NONE;
      }
      String every = p.getProperty(STALL_EVERY_S);
      if (every == null || every.isBlank()) {
        throw new SetupException(
            "property " + STALL_EVERY_S + " is missing: the seconds between stalls (35, or 5-15)");
      }
      Stalls.Process process =
          Stalls.Process.valueOf(
              Props.oneOf(p, STALL_PROCESS, "periodic", "periodic", "poisson")
                  .toUpperCase(Locale.ROOT));
      long steps =
          Props.longValue(p, ArrivalConfig.SEED, ArrivalConfig.SEED_DEFAULT, Long.MIN_VALUE);
      SplittableRandom r = new SplittableRandom(Seeds.mix(seed, STALL_STREAM, steps));
      try {
        return Stalls.parse(ms, every, process, r);
      } catch (IllegalArgumentException e) {
        throw Props.bad(STALL_EVERY_S, every, e.getMessage());
      }
    } catch (SetupException e) {
      throw new DBException(e.getMessage());
    }
  }

  /** Forgets the JVM's server, so a test can start another; never called by YCSB. */
  static synchronized void resetShared() {
    shared = null;
  }

  private static double serviceRate(Properties p) throws DBException {
    String v = p.getProperty(SERVICE_RATE);
    if (v == null || v.isBlank()) {
      throw new DBException(
          "property %s is missing: the M/M/1 server's service rate in operations per second (> 0)"
              .formatted(SERVICE_RATE));
    }
    double rate;
    try {
      rate = Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      rate = Double.NaN;
    }
    if (!(rate > 0 && rate < Double.POSITIVE_INFINITY)) {
      throw new DBException(
          Props.bad(SERVICE_RATE, v, "a service rate in operations per second, > 0").getMessage());
    }
    return rate;
  }

  /** Joins the queue now and waits for this request's completion. */
  private Status serve() {
    long joined = System.nanoTime();
    long done = queue.admit(joined - stallOrigin) + stallOrigin;
    long left = done - System.nanoTime();
    for (; left > 0; left = done - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
    lateness.recordValue(-left / 1000);
    // Set by the paced workload for every request (YCSB 0.17 spells the getter so); 0 unpaced.
    long intended = Measurements.getMeasurements().getIntendedtartTimeNs();
    if (intended != 0) {
      hostDelay.recordValue(Math.max(0, joined - intended - left) / 1000);
    }
    return Status.OK;
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return serve();
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return serve();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return serve();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return serve();
  }

  @Override
  public Status delete(String table, String key) {
    return serve();
  }

  @Override
  public Status search(String table, SearchQuery query, List<SearchHit> page) {
    return serve();
  }
}
