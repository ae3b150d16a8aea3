package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The simulated M/M/1 store's {@code mm1-stalls.json} ({@link RunLayout#MM1_STALLS}): when its
 * server's stalls began (epoch ms, the client's clock), written as a bare JSON list. Written by the
 * lab's {@code Mm1DB} in the YCSB process when its server stalled; read by the runner, which
 * records the stalls as the store's background events ({@code events.json}). Immutable.
 *
 * @param startsEpochMs when each stall began, in order
 */
public record Mm1Stalls(List<Long> startsEpochMs) {

  /** The kind of background event ({@code events.json}) a stall is. */
  public static final String STALL_KIND = "mm1_stall";

  public Mm1Stalls {
    startsEpochMs = List.copyOf(startsEpochMs);
  }

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static Mm1Stalls of(List<Long> startsEpochMs) {
    return new Mm1Stalls(startsEpochMs);
  }

  /** The file's content: the list itself. */
  @Override
  @JsonValue
  public List<Long> startsEpochMs() {
    return startsEpochMs;
  }

  /**
   * Reads the stalls in a folder; empty when the server did not stall (no file).
   *
   * @throws ResultsFormatException when the file is not a list of instants
   */
  public static Optional<Mm1Stalls> readOptional(Path dir) throws ResultsFormatException {
    Path f = dir.resolve(RunLayout.MM1_STALLS);
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.MAPPER.readValue(f.toFile(), Mm1Stalls.class));
    } catch (IOException e) {
      throw new ResultsFormatException(f + ": " + Json.firstLine(e.getMessage()), e);
    }
  }

  /** Writes it into the folder, atomically. */
  public void writeTo(Path dir) {
    AtomicFiles.writeJson(dir.resolve(RunLayout.MM1_STALLS), this);
  }
}
