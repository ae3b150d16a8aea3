package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.common.StoreProbe;
import io.github.ycsbdocsearch.resultsformat.StepEvents;
import io.github.ycsbdocsearch.resultsformat.StepSampling;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples a store's background-work counters ({@link StoreProbe.BackgroundSampler}) once a second
 * while a step runs, on its own thread and its own connection (never the client's; one for the
 * whole step, as a connection a second would add its own load to the store being measured), and
 * turns every increase into an event at the sample that saw it: the work started within the second
 * before. One instance per step; start, then stop once.
 */
final class BackgroundEvents {
  static final long PERIOD_MS = 1000;

  /** One sample: when, and the counters then. */
  record Sample(long epochMs, Map<String, Long> counters) {}

  private final StoreProbe probe;
  private final Properties props;
  private final List<Sample> samples = new CopyOnWriteArrayList<>();
  private ScheduledExecutorService timer;

  /** Null when not opened: the step then has no events, as with a store that does not say. */
  private StoreProbe.BackgroundSampler sampler;

  BackgroundEvents(StoreProbe probe, Properties props) {
    this.probe = probe;
    this.props = props;
  }

  void start() {
    try {
      sampler = probe.backgroundSampler(props);
    } catch (RuntimeException e) {
      sampler = null; // events are a record beside the numbers: a step never fails for want of them
    }
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "background-events");
              t.setDaemon(true);
              return t;
            });
    timer.scheduleAtFixedRate(this::sample, 0, PERIOD_MS, TimeUnit.MILLISECONDS);
  }

  /** Stops sampling (after one last sample) and returns the samples, oldest first. */
  List<Sample> stop() {
    timer.shutdownNow();
    try {
      timer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    sample();
    synchronized (this) {
      if (sampler != null) {
        sampler.close();
        sampler = null;
      }
    }
    return List.copyOf(samples);
  }

  /** Synchronized: the last sample (caller's thread) must not share the link with a timer one. */
  private synchronized void sample() {
    if (sampler == null) {
      return;
    }
    Map<String, Long> c;
    try {
      c = sampler.counters();
    } catch (RuntimeException e) {
      c = Map.of(); // a task that throws would end the timer's sampling for the rest of the step
    }
    if (!c.isEmpty()) {
      samples.add(new Sample(System.currentTimeMillis(), c));
    }
  }

  /**
   * The events of a step: every increase of a counter between two samples, placed midway between
   * them (so within half a second of when the work started), in seconds from the step's measurement
   * start. Each server's counter is compared with that server's own last sampled value only: a
   * server first seen in a later sample (one that joined or was promoted) has no increase to show
   * until its own counter rises, one that missed samples has what it did meanwhile placed between
   * the samples either side of the gap, and the detail names the server. A kind's time counter
   * ({@link StoreProbe.BackgroundSampler#MILLIS}) is no event: its rise is in the kind's detail.
   */
  static List<StepEvents.Event> events(
      List<Sample> samples, String store, long measurementStartMs) {
    List<StepEvents.Event> events = new ArrayList<>();
    // Each counter against the last sample that had it: a server that missed a sample (slow to
    // answer, restarting) has the work it did meanwhile placed between the samples either side.
    Map<String, Sample> lastSeen = new LinkedHashMap<>();
    for (Sample now : samples) {
      for (Map.Entry<String, Long> e : now.counters().entrySet()) {
        Sample before = lastSeen.put(e.getKey(), now);
        if (before == null) {
          continue;
        }
        long n = increase(before, now, e.getKey());
        String kind = StoreProbe.BackgroundSampler.kindOf(e.getKey());
        if (n > 0 && !kind.endsWith(StoreProbe.BackgroundSampler.MILLIS)) {
          double midMs = (before.epochMs() + now.epochMs()) / 2.0;
          String node = StoreProbe.BackgroundSampler.nodeOf(e.getKey());
          // The kind's time counter on the same server: the key with MILLIS after the kind.
          String timeKey =
              kind + StoreProbe.BackgroundSampler.MILLIS + e.getKey().substring(kind.length());
          events.add(
              new StepEvents.Event(
                  (midMs - measurementStartMs) / 1000.0,
                  store,
                  kind,
                  "%s%s started between %s and %s%s"
                      .formatted(
                          node.isEmpty() ? "" : "on " + node + ": ",
                          n,
                          Instant.ofEpochMilli(before.epochMs()),
                          Instant.ofEpochMilli(now.epochMs()),
                          now.counters().containsKey(timeKey)
                              ? ", " + increase(before, now, timeKey) + " ms in total"
                              : "")));
        }
      }
    }
    return events;
  }

  /**
   * Which stretches each server was sampled over: from a sample that had its counters to the last
   * of the unbroken run of samples that had them, in seconds from the measurement start.
   */
  static StepSampling sampling(List<Sample> samples, long measurementStartMs) {
    Map<String, List<StepSampling.Span>> spans = new TreeMap<>();
    Map<String, double[]> open = new LinkedHashMap<>();
    for (Sample s : samples) {
      double t = (s.epochMs() - measurementStartMs) / 1000.0;
      Set<String> here = new LinkedHashSet<>();
      s.counters().keySet().forEach(k -> here.add(StoreProbe.BackgroundSampler.nodeOf(k)));
      for (var it = open.entrySet().iterator(); it.hasNext(); ) {
        var e = it.next();
        if (!here.contains(e.getKey())) {
          spans.get(e.getKey()).add(new StepSampling.Span(e.getValue()[0], e.getValue()[1]));
          it.remove();
        }
      }
      for (String node : here) {
        spans.computeIfAbsent(node, n -> new ArrayList<>());
        open.computeIfAbsent(node, n -> new double[] {t, t})[1] = t;
      }
    }
    open.forEach((node, span) -> spans.get(node).add(new StepSampling.Span(span[0], span[1])));
    List<StepSampling.Server> servers = new ArrayList<>();
    spans.forEach((node, list) -> servers.add(new StepSampling.Server(node, list)));
    return new StepSampling(servers);
  }

  /**
   * How much a counter rose from one sample to the next: 0 when the first did not have it (a server
   * not sampled then) and when it fell (a server restarted, its counters from zero).
   */
  private static long increase(Sample before, Sample now, String key) {
    long is = now.counters().getOrDefault(key, 0L);
    return Math.max(0, is - before.counters().getOrDefault(key, is));
  }
}
