package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.StoreProbe;
import io.github.ycsbdocsearch.resultsformat.StepEvents;
import io.github.ycsbdocsearch.resultsformat.StepSampling;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BackgroundEventsTest {
  private static final long T = 1_767_225_600_000L;

  @Test
  void everyIncreaseIsOneEventMidwayBetweenTheSamplesThatSawIt() {
    List<BackgroundEvents.Sample> samples =
        List.of(
            new BackgroundEvents.Sample(T, Map.of("es_refresh", 10L, "es_merge", 3L)),
            new BackgroundEvents.Sample(T + 1000, Map.of("es_refresh", 12L, "es_merge", 3L)),
            new BackgroundEvents.Sample(
                T + 2000, Map.of("es_refresh", 12L, "es_merge", 4L, "es_flush", 1L)),
            new BackgroundEvents.Sample(
                T + 3000, Map.of("es_refresh", 12L, "es_merge", 4L, "es_flush", 2L)));
    List<StepEvents.Event> events = BackgroundEvents.events(samples, "elasticsearch", T + 1000);
    assertEquals(
        3,
        events.size(),
        "a counter first seen later has no increase to show until it rises: " + events);
    assertEquals("es_refresh", events.get(0).kind());
    assertEquals(
        -0.5, events.get(0).tS(), 1e-9, "between the samples at -1 s and 0 s: in the warm-up");
    assertTrue(
        events.get(0).detail().startsWith("2 started between 2026-01-01T00:00:00Z and "),
        events.get(0).detail());
    assertEquals("es_merge", events.get(1).kind());
    assertEquals(0.5, events.get(1).tS(), 1e-9);
    assertEquals("es_flush", events.get(2).kind());
    assertEquals(1.5, events.get(2).tS(), 1e-9);
    assertEquals("elasticsearch", events.get(2).store());
  }

  @Test
  void aKindsTimeCounterGoesIntoItsDetailAndIsNoEventOfItsOwn() {
    List<BackgroundEvents.Sample> samples =
        List.of(
            new BackgroundEvents.Sample(T, Map.of("es_gc_young", 40L, "es_gc_young_ms", 900L)),
            new BackgroundEvents.Sample(
                T + 1000, Map.of("es_gc_young", 42L, "es_gc_young_ms", 1_135L)),
            new BackgroundEvents.Sample(
                T + 2000, Map.of("es_gc_young", 42L, "es_gc_young_ms", 1_135L, "es_gc_old", 1L)));
    List<StepEvents.Event> events = BackgroundEvents.events(samples, "elasticsearch", T);
    assertEquals(1, events.size(), "only the collections are events: " + events);
    assertEquals("es_gc_young", events.get(0).kind());
    assertTrue(
        events.get(0).detail().startsWith("2 started between ")
            && events.get(0).detail().endsWith(", 235 ms in total"),
        events.get(0).detail());
  }

  /**
   * A failover: the primary on :7001 is killed (left out of the samples after it), its replica on
   * :7004, whose own lifetime count is 5, is promoted, and :7001 comes back with its counters from
   * zero. Summed over the primaries this read as 5 made-up rewrites; per server, only the rewrite
   * :7004 really started is an event, and the detail names the server.
   */
  @Test
  void aPromotedOrRestartedServerIsNoEventOnlyItsOwnRiseIs() {
    String primary = StoreProbe.BackgroundSampler.key("aof_rewrite", "127.0.0.1:7001");
    String replica = StoreProbe.BackgroundSampler.key("aof_rewrite", "127.0.0.1:7004");
    List<BackgroundEvents.Sample> samples =
        List.of(
            new BackgroundEvents.Sample(T, Map.of(primary, 3L, replica, 5L)),
            new BackgroundEvents.Sample(T + 1000, Map.of(replica, 5L)),
            new BackgroundEvents.Sample(T + 2000, Map.of(replica, 6L)),
            new BackgroundEvents.Sample(T + 3000, Map.of(primary, 0L, replica, 6L)),
            new BackgroundEvents.Sample(T + 4000, Map.of(primary, 0L, replica, 6L)));
    List<StepEvents.Event> events = BackgroundEvents.events(samples, "redisjson", T);
    assertEquals(1, events.size(), events.toString());
    assertEquals("aof_rewrite", events.get(0).kind());
    assertEquals(1.5, events.get(0).tS(), 1e-9);
    assertTrue(
        events.get(0).detail().startsWith("on 127.0.0.1:7004: 1 started between "),
        events.get(0).detail());
    StepSampling sampling = BackgroundEvents.sampling(samples, T);
    assertEquals(
        List.of(
            new StepSampling.Server(
                "127.0.0.1:7001",
                List.of(new StepSampling.Span(0, 0), new StepSampling.Span(3, 4))),
            new StepSampling.Server("127.0.0.1:7004", List.of(new StepSampling.Span(0, 4)))),
        sampling.servers(),
        "the killed primary was not sampled from 0 s to 3 s");
    assertEquals(List.of("127.0.0.1:7001 0.0-3.0 s"), sampling.gaps(0, 4));
  }

  @Test
  void workAServerDidWhileItMissedSamplesIsNotLost() {
    String node = StoreProbe.BackgroundSampler.key("wt_checkpoint", "127.0.0.1:27019");
    List<BackgroundEvents.Sample> samples =
        List.of(
            new BackgroundEvents.Sample(T, Map.of(node, 7L)),
            new BackgroundEvents.Sample(T + 1000, Map.of()),
            new BackgroundEvents.Sample(T + 2000, Map.of(node, 8L)));
    List<StepEvents.Event> events = BackgroundEvents.events(samples, "mongodb", T);
    assertEquals(1, events.size(), events.toString());
    assertEquals(
        1.0, events.get(0).tS(), 1e-9, "midway between the samples either side of the gap");
  }

  @Test
  void aServersTimeCounterGoesIntoThatServersEvent() {
    List<BackgroundEvents.Sample> samples =
        List.of(
            new BackgroundEvents.Sample(
                T, Map.of("es_gc_young@es-1", 40L, "es_gc_young_ms@es-1", 900L)),
            new BackgroundEvents.Sample(
                T + 1000, Map.of("es_gc_young@es-1", 41L, "es_gc_young_ms@es-1", 950L)));
    List<StepEvents.Event> events = BackgroundEvents.events(samples, "elasticsearch", T);
    assertEquals(1, events.size(), events.toString());
    assertTrue(
        events.get(0).detail().startsWith("on es-1: 1 started")
            && events.get(0).detail().endsWith(", 50 ms in total"),
        events.get(0).detail());
  }

  @Test
  void noSamplesOrNoChangeNoEvents() {
    assertEquals(List.of(), BackgroundEvents.events(List.of(), "redisjson", T));
    assertEquals(
        List.of(),
        BackgroundEvents.events(
            List.of(
                new BackgroundEvents.Sample(T, Map.of("rdb_save", 1L)),
                new BackgroundEvents.Sample(T + 1000, Map.of("rdb_save", 1L))),
            "redisjson",
            T));
  }

  @Test
  void aStepOpensOneSamplerAndClosesItAtTheEnd() throws InterruptedException {
    CountingProbe probe = new CountingProbe();
    BackgroundEvents b = new BackgroundEvents(probe, new Properties());
    b.start();
    Thread.sleep(1_500); // the samples at 0 s and 1 s, then the last one at the stop
    List<BackgroundEvents.Sample> samples = b.stop();
    assertTrue(samples.size() >= 2, "samples: " + samples);
    assertEquals(1, probe.opened.get(), "one connection for the whole step");
    assertEquals(1, probe.closed.get());
    assertEquals(samples.size(), probe.read.get(), "every sample read through it");
    assertEquals(
        1L, samples.get(1).counters().get("rdb_save") - samples.get(0).counters().get("rdb_save"));
  }

  @Test
  void aSamplerThatCannotOpenLeavesTheStepWithoutEvents() {
    BackgroundEvents b =
        new BackgroundEvents(
            new CountingProbe() {
              @Override
              public BackgroundSampler backgroundSampler(Properties props) {
                throw new IllegalStateException("store gone");
              }
            },
            new Properties());
    b.start();
    assertEquals(List.of(), b.stop());
  }

  /** A store whose snapshot count rises by one at every read. */
  private static class CountingProbe implements StoreProbe {
    final AtomicInteger opened = new AtomicInteger();
    final AtomicInteger closed = new AtomicInteger();
    final AtomicInteger read = new AtomicInteger();

    @Override
    public BackgroundSampler backgroundSampler(Properties props) {
      opened.incrementAndGet();
      return new BackgroundSampler() {
        @Override
        public Map<String, Long> counters() {
          return Map.of("rdb_save", (long) read.incrementAndGet());
        }

        @Override
        public void close() {
          closed.incrementAndGet();
        }
      };
    }

    @Override
    public void check(Properties props) {}

    @Override
    public Map<String, Object> describe(Properties props) {
      return Map.of();
    }

    @Override
    public void reset(Properties props, String table) {}

    @Override
    public void refresh(Properties props, String table) {}

    @Override
    public long count(Properties props, String table) {
      return 0;
    }
  }
}
