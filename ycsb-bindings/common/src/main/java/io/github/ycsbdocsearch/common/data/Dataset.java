package io.github.ycsbdocsearch.common.data;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.text.CanonicalText;
import io.github.ycsbdocsearch.common.verify.SearchOracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;

/**
 * A user's documents from a JSON Lines file (one JSON object a line), in place of the generator.
 *
 * <p>Each line holds the text field ({@code search.textfield}, a non-empty string with at least one
 * letter or digit), the sort field ({@code search.sortfield}, an integer of magnitude below 2^53,
 * unique over the file) and any other top-level fields (names of letters, digits and '_'; scalar
 * values, stored as strings: numbers and booleans as their JSON text). The record key is the value
 * of {@code docsearch.dataset.keyfield} (unique; that field is not stored as a document field) or,
 * without it, YCSB's key of the record number (line number - 1), as the generator's records have.
 *
 * <p>Text mode ({@code docsearch.textmode}): {@code canonical} (default) stores the text as {@link
 * CanonicalText#normalize}d, so every engine sees the oracle's tokens; {@code raw} stores it as
 * given.
 *
 * <p>Writes during a run draw from the same file: an update of record {@code r} with version {@code
 * v != 0} takes the text of line {@code 1 + (Seeds.mix(r, v) mod N)} and keeps its own sort value
 * and other fields; a record inserted during the run (number {@code r >= N}) is line {@code 1 + (r
 * mod N)} with sort value {@code max + 1 + (r - N)} (max = the file's largest sort value), so sort
 * values stay unique.
 *
 * <p>This class is the store: random access by record to each line's byte offset, sort value, key
 * and the ids of its distinct canonical tokens (for the oracle and the questions); documents are
 * read back from the file by offset ({@link DatasetReader}, which holds no file open between
 * reads). Opening streams the file once through the reader (not held in memory) and {@link
 * DatasetValidator} (the rules and their messages). Opened datasets are remembered per file, size
 * and modification time for the life of the JVM, so the sweep's own checks and the workload read a
 * file whole once. Immutable and thread-safe.
 */
public final class Dataset implements DocumentSource {
  public static final String FILE_PROPERTY = "docsearch.dataset";
  public static final String KEY_FIELD_PROPERTY = "docsearch.dataset.keyfield";
  public static final String TEXT_MODE_PROPERTY = "docsearch.textmode";

  /** Largest magnitude of a sort value: RediSearch keeps numbers as doubles, exact below 2^53. */
  public static final long MAX_SORT_VALUE = 1L << 53;

  /** Datasets opened in this JVM, by spec, key names, file size and modification time. */
  private static final Map<String, Dataset> OPEN = new ConcurrentHashMap<>();

  /** How the text is stored. */
  public enum TextMode {
    CANONICAL,
    RAW;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Which file and which fields; {@code keyField} is null when keys come from line numbers. */
  public record Spec(
      Path file, String textField, String sortField, String keyField, TextMode mode) {}

  private final Spec spec;
  private final KeyNames keyNames;
  private final long[] offsets;
  private final long[] ranks;
  private final String[] keys;
  private final int[][] tokens;
  private final String[] words;
  private final long maxRank;

  /**
   * {@code offsets} has one more entry than there are lines: the file's length, where a next line
   * would start.
   */
  private Dataset(
      Spec spec,
      KeyNames keyNames,
      long[] offsets,
      long[] ranks,
      String[] keys,
      int[][] tokens,
      String[] words) {
    this.spec = spec;
    this.keyNames = keyNames;
    this.offsets = offsets;
    this.ranks = ranks;
    this.keys = keys;
    this.tokens = tokens;
    this.words = words;
    this.maxRank = Arrays.stream(ranks).max().orElse(0);
  }

  /** The dataset the properties name, or null when they name none (the generator is used). */
  public static Spec specOf(Properties p, SearchSchema schema) {
    String file = Props.string(p, FILE_PROPERTY, "");
    String mode = Props.oneOf(p, TEXT_MODE_PROPERTY, "canonical", "canonical", "raw");
    if (file.isEmpty()) {
      return null;
    }
    String key = Props.string(p, KEY_FIELD_PROPERTY, "");
    if (!key.isEmpty() && (key.equals(schema.textField()) || key.equals(schema.sortField()))) {
      throw Props.bad(KEY_FIELD_PROPERTY, key, "a field other than the text and sort fields");
    }
    return new Spec(
        Path.of(file),
        schema.textField(),
        schema.sortField(),
        key.isEmpty() ? null : key,
        TextMode.valueOf(mode.toUpperCase(Locale.ROOT)));
  }

  /**
   * Checks the dataset that workload properties name (fields, key field, text mode): the entry
   * point of a preflight that runs before any store is touched.
   *
   * @return the number of documents; 0 when the properties name no dataset
   * @throws DatasetException one line naming the line number and the problem
   */
  public static long check(Properties p) {
    Spec spec = specOf(p, SearchSchema.fromProperties(p));
    return spec == null ? 0 : open(spec, KeyNames.fromProperties(p)).size();
  }

  /**
   * Opens (streams and checks) the file once per JVM; later calls for the same file, unchanged
   * (size and modification time), return the same dataset without reading it again.
   */
  public static Dataset open(Spec spec, KeyNames keyNames) {
    Path file = spec.file();
    String id;
    try {
      id =
          "%s|%s|%s|%s"
              .formatted(spec, keyNames.key(1), Files.size(file), Files.getLastModifiedTime(file));
    } catch (IOException e) {
      throw DatasetValidator.notReadable(file.toString(), e);
    }
    Dataset d = OPEN.get(id);
    if (d == null) {
      synchronized (OPEN) {
        d = OPEN.computeIfAbsent(id, k -> scan(spec, keyNames));
      }
    }
    return d;
  }

  public Spec spec() {
    return spec;
  }

  /** Documents in the file. */
  public int size() {
    return ranks.length;
  }

  /** Every line is loaded, so the record count is the file's. */
  @Override
  public long recordCount() {
    return size();
  }

  @Override
  public List<String> twoWords(SplittableRandom rng) {
    for (int attempt = 0; attempt < 1000; attempt++) {
      int[] t = tokenIds(rng.nextInt(size()));
      if (t.length >= 2) {
        int first = rng.nextInt(t.length);
        int second = (first + 1 + rng.nextInt(t.length - 1)) % t.length;
        return List.of(word(t[first]), word(t[second]));
      }
    }
    throw new IllegalStateException(
        "dataset " + spec.file() + ": no text with two different words in 1000 draws");
  }

  @Override
  public SearchOracle buildOracle() {
    return SearchOracle.build(this);
  }

  /** The record key of record {@code r} (a line of the file, or a record inserted during a run). */
  public String key(long r) {
    return keys != null && r < keys.length ? keys[(int) r] : keyNames.key(r);
  }

  /** The sort value of record {@code r} as loaded. */
  public long rank(long r) {
    if (r < ranks.length) {
      return ranks[(int) r];
    }
    long v = maxRank + 1 + (r - ranks.length);
    if (v >= MAX_SORT_VALUE) {
      throw new IllegalArgumentException(
          "record " + r + " would need sort value " + v + " >= 2^53");
    }
    return v;
  }

  /** Ids of the distinct canonical tokens of line {@code r}'s text, ascending. */
  public int[] tokenIds(int r) {
    return tokens[r];
  }

  /** Distinct canonical tokens over the file. */
  public int wordCount() {
    return words.length;
  }

  public String word(int id) {
    return words[id];
  }

  /** The whole document of record {@code r} at {@code version} (0 = as loaded), as stored. */
  public Map<String, String> document(long r, long version) {
    int line = (int) (r % ranks.length);
    JsonNode node = readLine(line);
    Map<String, String> doc = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> f : node.properties()) {
      String name = f.getKey();
      if (!name.equals(spec.textField())
          && !name.equals(spec.sortField())
          && !name.equals(spec.keyField())) {
        doc.put(name, scalar(f.getValue()));
      }
    }
    doc.putAll(searchFields(r, version, node));
    return doc;
  }

  /** Only the indexed fields (text and sort value), e.g. for an update that rewrites them. */
  public Map<String, String> searchFields(long r, long version) {
    return searchFields(r, version, null);
  }

  private Map<String, String> searchFields(long r, long version, JsonNode line) {
    int source =
        version == 0
            ? (int) (r % ranks.length)
            : (int) Math.floorMod(Seeds.mix(r, version), ranks.length);
    JsonNode node = line != null && source == r % ranks.length ? line : readLine(source);
    Map<String, String> doc = new LinkedHashMap<>();
    String text = node.get(spec.textField()).textValue();
    doc.put(
        spec.textField(), spec.mode() == TextMode.CANONICAL ? CanonicalText.normalize(text) : text);
    doc.put(spec.sortField(), Long.toString(rank(r)));
    return doc;
  }

  private JsonNode readLine(int line) {
    return DatasetReader.readAt(
        spec.file(),
        offsets[ranks.length],
        line + 1L,
        offsets[line],
        (int) (offsets[line + 1] - offsets[line]));
  }

  /**
   * A scalar JSON value as a stored field: strings as they are, numbers and booleans as their JSON
   * text.
   */
  static String scalar(JsonNode v) {
    return v.isTextual() ? v.textValue() : v.toString();
  }

  /**
   * Streams the file once: the reader gives the lines, the validator checks them, the arrays keep
   * what reads need.
   */
  private static Dataset scan(Spec spec, KeyNames keyNames) {
    DatasetValidator validator = new DatasetValidator(spec);
    LongStream.Builder offsets = LongStream.builder();
    LongStream.Builder sortValues = LongStream.builder();
    List<String> keys = spec.keyField() == null ? null : new ArrayList<>();
    List<int[]> tokens = new ArrayList<>();
    Map<String, Integer> wordIds = new HashMap<>();
    List<String> words = new ArrayList<>();
    long length =
        DatasetReader.forEachLine(
            spec.file(),
            line -> {
              DatasetValidator.Checked c = validator.check(line);
              offsets.add(line.offset());
              sortValues.add(c.sortValue());
              tokens.add(
                  c.tokens().stream()
                      .mapToInt(
                          t ->
                              wordIds.computeIfAbsent(
                                  t,
                                  k -> {
                                    words.add(k);
                                    return words.size() - 1;
                                  }))
                      .distinct()
                      .sorted()
                      .toArray());
              if (keys != null) {
                keys.add(c.key());
              }
            });
    long[] ranks = sortValues.build().toArray();
    validator.finish(ranks);
    long[] at = offsets.add(length).build().toArray(); // one past the last line: the file's length
    return new Dataset(
        spec,
        keyNames,
        at,
        ranks,
        keys == null ? null : keys.toArray(new String[0]),
        tokens.toArray(new int[0][]),
        words.toArray(new String[0]));
  }
}
