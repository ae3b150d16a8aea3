package io.github.ycsbdocsearch.common.workload;

import static io.github.ycsbdocsearch.common.workload.WorkloadDriver.workload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbdocsearch.common.FloorDB;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * The workload's pacing wired through {@code init(Properties)} as YCSB calls it, driven by two
 * threads against the no-op {@link FloorDB} for a fixed number of operations. Only counts and their
 * consistency are checked, never latencies or rates: the machine is shared.
 */
class DocSearchWorkloadPacingTest {
  private static final int THREADS = 2;
  private static final int OPS_PER_THREAD = 100;

  @TempDir Path dir;

  /**
   * YCSB's Client gives its measurements their properties before it makes the workload; the
   * defaults do here.
   */
  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  private Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("threadcount", String.valueOf(THREADS));
    p.setProperty("basicdb.verbose", "false");
    p.setProperty(DocSearchWorkload.ARRIVALS_DIR, dir.toString());
    return WorkloadDriver.with(p, kv);
  }

  /**
   * Runs the client threads as YCSB's ClientThread does: DB init on the thread, then the
   * operations.
   */
  private static void drive(DocSearchWorkload w, Properties p) throws Exception {
    AtomicInteger done = new AtomicInteger();
    List<WorkloadDriver.Task> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      int id = t;
      threads.add(
          () -> {
            FloorDB db = new FloorDB();
            db.setProperties(p);
            db.init();
            Object state = w.initThread(p, id, THREADS);
            for (int i = 0; i < OPS_PER_THREAD; i++) {
              if (w.doTransaction(db, state)) {
                done.incrementAndGet();
              }
            }
            db.cleanup();
          });
    }
    WorkloadDriver.together(threads);
    assertEquals(THREADS * OPS_PER_THREAD, done.get());
  }

  private JsonNode arrivalsJson() throws Exception {
    return new ObjectMapper().readTree(dir.resolve(RunLayout.ARRIVALS).toFile());
  }

  @Test
  void thePacingPropertiesArePickedUp() throws Exception {
    DocSearchWorkload w =
        workload(
            props(
                ArrivalConfig.RATE,
                "1234.5",
                ArrivalConfig.PROCESS,
                "uniform",
                ArrivalConfig.SEED,
                "99",
                ArrivalConfig.LAG_THRESHOLD_US,
                "2500"));
    assertEquals(new ArrivalConfig(1234.5, ArrivalConfig.Process.UNIFORM, 99, 2500), w.arrivals());
    assertNotNull(w.arrivalSchedule());
    assertEquals(w.arrivals(), w.arrivalSchedule().config());
    assertNull(
        w.arrivalSchedule().start(), "the schedule starts at the first operation, not at init");
  }

  @Test
  void aMalformedPacingPropertyFailsInitWithOneLine() {
    String msg =
        assertThrows(WorkloadException.class, () -> workload(props(ArrivalConfig.RATE, "lots")))
            .getMessage();
    assertTrue(msg.startsWith("property docsearch.arrivals.rate='lots' is malformed"), msg);
    assertEquals(1, msg.lines().count());
  }

  @Test
  void withoutARateNothingIsPacedNorWritten() throws Exception {
    Properties p = props();
    DocSearchWorkload w = workload(p);
    assertFalse(w.arrivals().paced());
    assertNull(w.arrivalSchedule());
    drive(w, p);
    w.requestStop();
    w.cleanup();
    try (var files = Files.list(dir)) {
      assertEquals(0, files.count());
    }
  }

  @Test
  void aPacedRunWritesConsistentCountsAndASendLagLog() throws Exception {
    Properties p = props(ArrivalConfig.RATE, "20000", ArrivalConfig.SEED, "5");
    DocSearchWorkload w = workload(p);
    drive(w, p);
    w.requestStop();
    // A thread that looks once more after the stop gets no operation; its claimed arrival is not
    // sent.
    assertFalse(w.doTransaction(new FloorDB(), w.initThread(p, 0, THREADS)));
    w.cleanup();

    JsonNode j = arrivalsJson();
    List<String> keys = new ArrayList<>();
    j.fieldNames().forEachRemaining(keys::add);
    assertEquals(
        List.of(
            "format",
            "process",
            "rate_ops",
            "seed",
            "ramp_s",
            "threads",
            "start_epoch_ms",
            "stop_epoch_ms",
            "scheduled_due",
            "sent",
            "unsent",
            "late",
            "lag_threshold_us",
            "max_in_flight",
            "pool_exhausted"),
        keys);
    assertEquals(1, j.get("format").asInt());
    assertEquals("poisson", j.get("process").asText());
    assertEquals(20000.0, j.get("rate_ops").asDouble());
    assertEquals(5, j.get("seed").asLong());
    assertEquals(THREADS, j.get("threads").asInt());
    assertEquals(1000, j.get("lag_threshold_us").asLong());
    long sent = j.get("sent").asLong();
    long due = j.get("scheduled_due").asLong();
    assertEquals(THREADS * OPS_PER_THREAD, sent);
    assertTrue(due >= sent, "every sent arrival was due");
    assertEquals(due, sent + j.get("unsent").asLong());
    assertTrue(j.get("late").asLong() <= sent);
    int maxInFlight = j.get("max_in_flight").asInt();
    assertTrue(maxInFlight >= 1 && maxInFlight <= THREADS, "max_in_flight " + maxInFlight);
    assertEquals(maxInFlight == THREADS, j.get("pool_exhausted").asBoolean());
    long start = j.get("start_epoch_ms").asLong();
    assertTrue(j.get("stop_epoch_ms").asLong() >= start);

    // The send-lag log: YCSB's header, intervals that start at the schedule's start and hold one
    // value per send.
    File log = dir.resolve(ArrivalPacer.LOG_FILE).toFile();
    List<String> header =
        Files.readAllLines(log.toPath()).stream().filter(l -> l.startsWith("#")).toList();
    assertEquals("#[Logging for: SEND_LAG]", header.get(0));
    assertTrue(header.get(1).startsWith("#[Histogram log format version "), header.get(1));
    assertTrue(header.get(2).startsWith("#[StartTime: " + start / 1000 + "."), header.get(2));
    assertTrue(
        header.stream().noneMatch(l -> l.startsWith("#[BaseTime:")),
        "timestamps relative to StartTime");
    HistogramLogReader reader = new HistogramLogReader(log);
    long values = 0;
    long previousEnd = start;
    for (EncodableHistogram h = reader.nextIntervalHistogram();
        h != null;
        h = reader.nextIntervalHistogram()) {
      assertEquals(
          previousEnd, h.getStartTimeStamp(), "intervals tile time from the schedule's start");
      previousEnd = h.getEndTimeStamp();
      values += ((org.HdrHistogram.Histogram) h).getTotalCount();
    }
    assertEquals(sent, values);
    assertEquals(start, reader.getStartTimeSec() * 1000, 0.5);

    // The in-flight log: the same layout and start, the very same interval boundaries, one count
    // per send, whose largest is arrivals.json's max_in_flight.
    File inFlight = dir.resolve(ArrivalPacer.IN_FLIGHT_FILE).toFile();
    List<String> inFlightHeader =
        Files.readAllLines(inFlight.toPath()).stream().filter(l -> l.startsWith("#")).toList();
    assertEquals("#[Logging for: IN_FLIGHT]", inFlightHeader.get(0));
    assertEquals(header.subList(1, header.size()), inFlightHeader.subList(1, header.size()));
    List<double[]> lagIntervals = intervals(log);
    List<double[]> inFlightIntervals = intervals(inFlight);
    assertEquals(lagIntervals.size(), inFlightIntervals.size());
    for (int i = 0; i < lagIntervals.size(); i++) {
      assertTrue(
          Arrays.equals(lagIntervals.get(i), inFlightIntervals.get(i)),
          "interval " + i + " has the same boundaries in both logs");
    }
    HistogramLogReader counts = new HistogramLogReader(inFlight);
    long sends = 0;
    long most = 0;
    for (EncodableHistogram h = counts.nextIntervalHistogram();
        h != null;
        h = counts.nextIntervalHistogram()) {
      Histogram histogram = (Histogram) h;
      sends += histogram.getTotalCount();
      if (histogram.getTotalCount() > 0) {
        most = Math.max(most, histogram.getMaxValue());
        assertTrue(histogram.getMinValue() >= 1, "a send counts itself");
      }
    }
    assertEquals(sent, sends);
    assertEquals(maxInFlight, most);

    // pool.json: the same pool second by second, from the schedule's start to the end; its most
    // includes every send's count, so it reaches max_in_flight.
    JsonNode pool = new ObjectMapper().readTree(dir.resolve(RunLayout.POOL).toFile());
    List<String> poolKeys = new ArrayList<>();
    pool.fieldNames().forEachRemaining(poolKeys::add);
    assertEquals(
        List.of(
            "format",
            "threads",
            "start_epoch_ms",
            "end_epoch_ms",
            "first_epoch_s",
            "busy_ns",
            "busy_max",
            "waiting_ns"),
        poolKeys);
    assertEquals(1, pool.get("format").asInt());
    assertEquals(THREADS, pool.get("threads").asInt());
    assertEquals(start, pool.get("start_epoch_ms").asLong());
    assertEquals(start / 1000, pool.get("first_epoch_s").asLong());
    int seconds = pool.get("busy_ns").size();
    assertEquals(pool.get("end_epoch_ms").asLong() / 1000 - start / 1000 + 1, seconds);
    assertEquals(seconds, pool.get("busy_max").size());
    assertEquals(seconds, pool.get("waiting_ns").size());
    long mostBusy = 0;
    long busyNs = 0;
    for (int i = 0; i < seconds; i++) {
      long b = pool.get("busy_ns").get(i).asLong();
      assertTrue(b >= 0 && b <= THREADS * 1_000_000_000L, "second " + i + ": " + b);
      assertTrue(pool.get("waiting_ns").get(i).asLong() >= 0);
      busyNs += b;
      mostBusy = Math.max(mostBusy, pool.get("busy_max").get(i).asLong());
    }
    assertTrue(busyNs > 0, "the requests took some time");
    assertTrue(mostBusy >= maxInFlight && mostBusy <= THREADS, "most busy " + mostBusy);
  }

  /** Each interval line's start and length, as written. */
  private static List<double[]> intervals(File log) throws Exception {
    List<double[]> out = new ArrayList<>();
    for (String line : Files.readAllLines(log.toPath())) {
      if (!line.startsWith("#") && !line.startsWith("\"StartTimestamp")) {
        String[] f = line.split(",");
        out.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1])});
      }
    }
    return out;
  }

  @Test
  void withoutAStopTheRunEndsAtCleanupAndAllClaimedArrivalsWereSent() throws Exception {
    Properties p = props(ArrivalConfig.RATE, "20000", ArrivalConfig.PROCESS, "uniform");
    DocSearchWorkload w = workload(p);
    drive(w, p);
    w.cleanup();
    JsonNode j = arrivalsJson();
    assertTrue(j.get("stop_epoch_ms").isNull());
    assertEquals("uniform", j.get("process").asText());
    assertEquals(THREADS * OPS_PER_THREAD, j.get("sent").asLong());
    assertEquals(
        j.get("scheduled_due").asLong(), j.get("sent").asLong() + j.get("unsent").asLong());
  }
}
