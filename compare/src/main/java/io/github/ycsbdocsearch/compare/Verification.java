package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A store's {@code verification.json}: how many oracle queries it answered identically.
 *
 * <p>Immutable, safe to share.
 *
 * @param store store name
 * @param queries queries checked
 * @param identical answers identical to the oracle
 * @param differing answers that differ
 */
public record Verification(String store, long queries, long identical, long differing) {

  /** File name inside a store folder. */
  public static final String FILE_NAME = "verification.json";

  /**
   * @param file a {@code verification.json}
   * @param store the store folder it was found in
   * @return the parsed file
   * @throws BadInputException when a required field is missing
   * @throws IOException when the file cannot be read
   */
  public static Verification read(Path file, String store) throws BadInputException, IOException {
    JsonNode node = Json.read(file);
    return new Verification(store, (long) Json.number(file, node, "queries"),
        (long) Json.number(file, node, "identical"), (long) Json.number(file, node, "differing"));
  }

  /** @return true when at least one query was checked and none differed */
  public boolean passed() {
    return queries > 0 && differing == 0 && identical == queries;
  }
}
