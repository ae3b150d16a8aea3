package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A step's {@code events.json}: the background work a store did while the step ran (an AOF rewrite,
 * a snapshot, a refresh, a merge, a checkpoint), so a latency spike on the report's time axis can
 * be told from a queue. The file is optional and written by the runner when the step ends; a step
 * without it simply has no events.
 *
 * <p>Time is {@code t_s}: seconds since the step's measurement start, the end of its warm-up as
 * {@link StepHistograms} counts it (the earliest {@code #[StartTime:]} of the step's HDR logs plus
 * {@code warmup_s}; {@link #measurementStartMs} computes it). Negative times fall in the warm-up.
 * Stateless, thread-safe.
 */
public final class StepEvents {

  /**
   * Kinds that come so often and cost so little that they are no event to line a spike up with:
   * Elasticsearch's refreshes (every second) and its young collections. The report gives them as a
   * rate, not as marks (a mark every second fits any spike), and the capacity search covers no
   * cycle of theirs.
   */
  public static final Set<String> FREQUENT = Set.of("es_refresh", "es_gc_young");

  private static final TypeReference<List<Event>> LIST = new TypeReference<>() {};

  /**
   * One background event. Immutable, thread-safe.
   *
   * @param tS seconds since the step's measurement start (negative: during the warm-up)
   * @param kind what it was, e.g. {@code aof_rewrite}
   * @param detail free text for people (sizes, durations), or ""
   */
  public record Event(double tS, String store, String kind, String detail) {

    public Event {
      store = store == null ? "" : store;
      detail = detail == null ? "" : detail;
    }
  }

  private StepEvents() {}

  /**
   * The events of a step folder in time order; empty when it has no {@code events.json}.
   *
   * @throws ResultsFormatException when the file is not a list of events with a number {@code t_s}
   *     and a kind
   */
  public static List<Event> read(Path stepDir) throws ResultsFormatException {
    Path file = stepDir.resolve(RunLayout.EVENTS);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    JsonNode node;
    try {
      node = Json.MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw new ResultsFormatException(
          file + ": malformed JSON: " + Json.firstLine(e.getMessage()), e);
    }
    if (node == null || !node.isArray()) {
      throw new ResultsFormatException(file + ": not a JSON list of events");
    }
    for (JsonNode e : node) {
      if (!e.path("t_s").isNumber() || e.path("kind").asText("").isBlank()) {
        throw new ResultsFormatException(
            file + ": every event needs a number t_s and a kind, got " + e);
      }
    }
    List<Event> events = Json.MAPPER.convertValue(node, LIST);
    return events.stream().sorted(Comparator.comparingDouble(Event::tS)).toList();
  }

  /** Writes the events into the step folder, atomically (the runner's side; tests' fixtures). */
  public static void write(Path stepDir, List<Event> events) {
    AtomicFiles.writeJson(stepDir.resolve(RunLayout.EVENTS), events);
  }

  /**
   * The step's measurement start in epoch milliseconds, the origin of {@code t_s}: the earliest
   * {@code #[StartTime:]} of its HDR logs ({@code hdr/*.hdr}, YCSB's {@code CLEANUP} left out, as
   * the summarizer does) plus its {@code warmup_s}; empty when no log has started. A client on
   * another machine's start is moved onto the runner's clock by its offset ({@code clock.json}), as
   * {@link StepHistograms} moves its intervals, so that events, faults and pool seconds share the
   * latency's axis.
   */
  public static OptionalLong measurementStartMs(Path stepDir) throws IOException {
    double earliestS = Double.MAX_VALUE;
    // Several clients: the earliest of any client's logs, as StepHistograms measures the warm-up.
    for (Path hdr : RunLayout.hdrDirs(stepDir)) {
      if (!Files.isDirectory(hdr)) {
        continue;
      }
      double offsetS = ClientClock.offsetMs(hdr.getParent()) / 1000.0;
      try (DirectoryStream<Path> files =
          Files.newDirectoryStream(hdr, "*" + HdrLogName.EXTENSION)) {
        for (Path file : files) {
          boolean workload =
              HdrLogName.parse(file.getFileName().toString())
                  .map(n -> !n.lifecycle())
                  .orElse(false);
          if (workload) {
            earliestS = Math.min(earliestS, startTimeS(file) - offsetS);
          }
        }
      }
    }
    if (earliestS == Double.MAX_VALUE) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.round((earliestS + StepRecord.read(stepDir).warmupS()) * 1000.0));
  }

  /** A log's {@code #[StartTime: s ...]}; +infinity when it has none (it never started). */
  private static double startTimeS(Path file) throws IOException {
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return lines
          .filter(l -> l.startsWith("#[StartTime:"))
          .findFirst()
          .map(l -> l.substring("#[StartTime:".length()).trim().split("[ \\]]")[0])
          .map(Double::parseDouble)
          .filter(s -> s > 0)
          .orElse(Double.MAX_VALUE);
    } catch (NumberFormatException e) {
      throw new ResultsFormatException(
          file + ": not a readable HdrHistogram log: bad StartTime", e);
    }
  }
}
