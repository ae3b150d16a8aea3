package io.github.ycsbdocsearch.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.workload.ArrivalConfig;
import io.github.ycsbdocsearch.common.workload.ArrivalSchedule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;
import site.ycsb.measurements.Measurements;

/**
 * The M/M/1 arithmetic against queueing theory, on a virtual clock (Poisson arrivals from the
 * suite's own schedule, admitted at their scheduled times; nothing sleeps), and {@link Mm1DB}'s
 * settings.
 */
class Mm1QueueTest {

  /**
   * Sojourn times (completion minus arrival), in seconds, of {@code n} Poisson arrivals at {@code
   * lambda}.
   */
  private static double[] sojourns(double lambda, double mu, int n) {
    ArrivalSchedule arrivals =
        new ArrivalSchedule(new ArrivalConfig(lambda, ArrivalConfig.Process.POISSON, 7, 1000));
    Mm1Queue queue = new Mm1Queue(mu, new SplittableRandom(11), Stalls.NONE);
    double[] s = new double[n];
    for (int i = 0; i < n; i++) {
      long t = arrivals.claim(0).nanos();
      s[i] = (queue.admit(t) - t) / 1e9;
    }
    return s;
  }

  @Test
  void sojournTimeIsExponentialWithRateMuMinusLambda() {
    double lambda = 700;
    double mu = 1000;
    double[] s = sojourns(lambda, mu, 200_000);
    double mean = Arrays.stream(s).average().orElseThrow();
    assertEquals(1 / (mu - lambda), mean, 0.05 / (mu - lambda), "mean sojourn");
    Arrays.sort(s);
    double p99 = s[(int) Math.ceil(0.99 * s.length) - 1];
    double theory = Math.log(100) / (mu - lambda);
    assertEquals(theory, p99, 0.07 * theory, "p99 sojourn");
  }

  @Test
  void withoutQueueingTheSojournIsTheServiceTime() {
    double mu = 1000;
    double[] s = sojourns(1, mu, 20_000);
    assertEquals(1 / mu, Arrays.stream(s).average().orElseThrow(), 0.05 / mu);
  }

  @Test
  void theServerIsFirstComeFirstServed() {
    Mm1Queue q = new Mm1Queue(1000, new SplittableRandom(3), Stalls.NONE);
    long first = q.admit(0);
    long second = q.admit(0);
    assertTrue(first > 0 && second > first, "the second waits for the first");
    long idle = q.admit(second + 1_000_000_000L);
    assertTrue(idle > second + 1_000_000_000L, "an idle server starts at the arrival");
    assertThrows(
        IllegalArgumentException.class,
        () -> new Mm1Queue(0, new SplittableRandom(1), Stalls.NONE));
  }

  @AfterEach
  void forgetTheServer() {
    Mm1DB.resetShared();
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String error(String... kv) {
    String msg = assertThrows(DBException.class, () -> Mm1DB.sharedQueue(props(kv))).getMessage();
    assertEquals(1, msg.lines().count(), msg);
    return msg;
  }

  @Test
  void theServiceRateIsRequiredAndChecked() throws Exception {
    assertEquals(
        "property mm1.service_rate is missing: the M/M/1 server's service rate in operations per"
            + " second (> 0)",
        error());
    assertEquals(
        "property mm1.service_rate='0' is malformed: expected a service rate in operations per"
            + " second, > 0",
        error(Mm1DB.SERVICE_RATE, "0"));
    assertTrue(error(Mm1DB.SERVICE_RATE, "fast").startsWith("property mm1.service_rate='fast'"));
    assertTrue(
        error(Mm1DB.SERVICE_RATE, "1000", Mm1DB.SEED, "x").startsWith("property mm1.seed='x'"));
    Mm1Queue q = Mm1DB.sharedQueue(props(Mm1DB.SERVICE_RATE, "1000"));
    assertSame(q, Mm1DB.sharedQueue(props(Mm1DB.SERVICE_RATE, "1000.0")), "one server per JVM");
    assertTrue(error(Mm1DB.SERVICE_RATE, "2000").contains("runs with mm1.service_rate=1000.0"));
  }

  @Test
  void everyOperationAnswersOk() throws Exception {
    // Mm1DB records its lateness through YCSB's JVM-wide measurements, which YCSB's client sets up.
    Measurements.setProperties(new Properties());
    Mm1DB db = new Mm1DB();
    db.setProperties(
        props(Mm1DB.SERVICE_RATE, "1e9")); // nanosecond services: nothing here waits noticeably
    db.init();
    try {
      assertTrue(db.read("t", "k", null, new HashMap<>()).isOk());
      assertTrue(db.scan("t", "k", 3, null, new Vector<>()).isOk());
      assertTrue(db.update("t", "k", Map.of()).isOk());
      assertTrue(db.insert("t", "k", Map.of()).isOk());
      assertTrue(db.delete("t", "k").isOk());
      List<SearchHit> page = new ArrayList<>();
      SearchQuery query =
          new SearchQuery("title", List.of("alpha", "beta"), "rank", true, 0, 10, false);
      assertTrue(SearchBindings.current().search("t", query, page).isOk());
      assertTrue(page.isEmpty());
    } finally {
      db.cleanup();
    }
  }
}
