package io.github.ycsbdocsearch.resultsformat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A step's {@code sampling.json}: which stretches of the step each of the store's servers was
 * sampled over for {@link StepEvents} ({@code t_s} as there: seconds since the measurement start).
 * An event can only show where its server was sampled; a server missing from a stretch (down,
 * restarting, slow to answer) is "not sampled" there, which {@code []} in {@code events.json}
 * cannot say. Optional: written beside {@code events.json} by the runner when it sampled the store.
 * Immutable.
 *
 * @param servers every server sampled at least once, by name
 */
public record StepSampling(List<Server> servers) {

  public StepSampling {
    servers = List.copyOf(servers);
  }

  /**
   * One server's sampled stretches.
   *
   * @param node the server ({@code host:port} or the node's name; "" for a store that names none)
   * @param sampled the stretches from one sample to the last of an unbroken run of samples that had
   *     it, in time order
   */
  public record Server(String node, List<Span> sampled) {
    public Server {
      sampled = List.copyOf(sampled);
    }
  }

  /** From one sample to another, seconds since the measurement start. */
  public record Span(double fromS, double toS) {}

  /**
   * The stretches between {@code from} and {@code to} (seconds) that a server was not sampled in,
   * e.g. {@code "127.0.0.1:7001 3.0-9.5 s"}; empty when every server was sampled throughout.
   */
  public List<String> gaps(double from, double to) {
    List<String> gaps = new ArrayList<>();
    for (Server s : servers) {
      double at = from;
      for (Span span : s.sampled()) {
        // Samples come a second apart: a stretch shorter than two of them between spans is a gap.
        if (span.fromS() - at > 1.5) {
          gaps.add(gap(s.node(), at, span.fromS()));
        }
        at = Math.max(at, span.toS());
      }
      if (to - at > 1.5) {
        gaps.add(gap(s.node(), at, to));
      }
    }
    return gaps;
  }

  private static String gap(String node, double from, double to) {
    return "%s %s-%s s"
        .formatted(
            node.isEmpty() ? "the store" : node, Numbers.fixed(from, 1), Numbers.fixed(to, 1));
  }

  /** The step's sampling, or empty when it has no {@code sampling.json}. */
  public static Optional<StepSampling> read(Path stepDir) throws ResultsFormatException {
    return Json.readIfPresent(stepDir.resolve(RunLayout.SAMPLING), StepSampling.class);
  }

  /** Writes it into the step folder, atomically. */
  public void write(Path stepDir) {
    AtomicFiles.writeJson(stepDir.resolve(RunLayout.SAMPLING), this);
  }
}
