package io.github.ycsbdocsearch.common.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.text.CanonicalText;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A user's documents from a JSON Lines file (one JSON object a line), in place of the generator.
 *
 * <p>Each line holds the text field ({@code search.textfield}, a non-empty string with at least one letter or
 * digit), the sort field ({@code search.sortfield}, an integer of magnitude below 2^53, unique over the file) and any
 * other top-level fields (names of letters, digits and '_'; scalar values, stored as strings: numbers and booleans
 * as their JSON text). The record key is the value of {@code docsearch.dataset.keyfield} (unique; that field is not
 * stored as a document field) or, without it, YCSB's key of the record number (line number - 1), as the generator's
 * records have.
 *
 * <p>Text mode ({@code docsearch.textmode}): {@code canonical} (default) stores the text as
 * {@link CanonicalText#normalize}d, so every engine sees the oracle's tokens; {@code raw} stores it as given.
 *
 * <p>Writes during a run draw from the same file: an update of record {@code r} with version {@code v != 0}
 * takes the text of line {@code 1 + (Seeds.mix(r, v) mod N)} and keeps its own sort value and other fields; a record
 * inserted during the run (number {@code r >= N}) is line {@code 1 + (r mod N)} with sort value
 * {@code max + 1 + (r - N)} (max = the file's largest sort value), so sort values stay unique.
 *
 * <p>Opening streams the file once (not held in memory): it checks every line, and keeps each line's byte offset,
 * sort value and the ids of its distinct canonical tokens (for the oracle and the questions). Documents are read
 * back from the file by offset. Opened datasets are cached per file, size and modification time. Immutable and
 * thread-safe.
 */
public final class Dataset {
  public static final String FILE_PROPERTY = "docsearch.dataset";
  public static final String KEY_FIELD_PROPERTY = "docsearch.dataset.keyfield";
  public static final String TEXT_MODE_PROPERTY = "docsearch.textmode";
  /** Largest magnitude of a sort value: RediSearch keeps numbers as doubles, exact below 2^53. */
  public static final long MAX_SORT_VALUE = 1L << 53;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, Dataset> OPEN = new ConcurrentHashMap<>();
  /** Whole-file reads so far in this process: a file is checked once before a run, not once per caller. */
  private static final java.util.concurrent.atomic.AtomicLong SCANS = new java.util.concurrent.atomic.AtomicLong();

  /** How the text is stored. */
  public enum TextMode {
    CANONICAL, RAW;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Which file and which fields; {@code keyField} is null when keys come from line numbers. */
  public record Spec(Path file, String textField, String sortField, String keyField, TextMode mode) {
  }

  private final Spec spec;
  private final KeyNames keyNames;
  private final long[] offsets;
  private final long[] ranks;
  private final String[] keys;
  private final int[][] tokens;
  private final String[] words;
  private final Map<String, Integer> wordIds;
  private final long maxRank;
  private final FileChannel channel;

  private Dataset(Spec spec, KeyNames keyNames, long[] offsets, long[] ranks, String[] keys, int[][] tokens,
                  String[] words, Map<String, Integer> wordIds, FileChannel channel) {
    this.spec = spec;
    this.keyNames = keyNames;
    this.offsets = offsets;
    this.ranks = ranks;
    this.keys = keys;
    this.tokens = tokens;
    this.words = words;
    this.wordIds = wordIds;
    this.channel = channel;
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
    return new Spec(Path.of(file), schema.textField(), schema.sortField(), key.isEmpty() ? null : key,
        TextMode.valueOf(mode.toUpperCase(Locale.ROOT)));
  }

  /**
   * Checks a dataset file with the default fields ({@code title}, {@code rank}, keys from line numbers): the entry
   * point of a preflight that runs before any store is touched.
   *
   * @return the number of documents
   * @throws DatasetException one line naming the line number and the problem
   */
  public static long check(Path file) {
    return open(new Spec(file, SearchSchema.TEXT_FIELD_DEFAULT, SearchSchema.SORT_FIELD_DEFAULT, null,
        TextMode.CANONICAL), new KeyNames(false, 1)).size();
  }

  /** Checks the dataset that workload properties name (fields, key field, text mode); 0 when they name none. */
  public static long check(Properties p) {
    Spec spec = specOf(p, SearchSchema.fromProperties(p));
    return spec == null ? 0 : open(spec, KeyNames.fromProperties(p)).size();
  }

  /** Opens (streams and checks) the file once per process; later calls return the same dataset. */
  public static Dataset open(Spec spec, KeyNames keyNames) {
    Path file = spec.file();
    String id;
    try {
      id = spec + "|" + keyNames.key(1) + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file);
    } catch (IOException e) {
      throw new DatasetException(file.toString(), 0, "not readable (" + e.getMessage() + ")");
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
      throw new IllegalArgumentException("record " + r + " would need sort value " + v + " >= 2^53");
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

  /** The id of a canonical token, or -1 when no document has it. */
  public int wordId(String word) {
    Integer id = wordIds.get(word);
    return id == null ? -1 : id;
  }

  /** The whole document of record {@code r} at {@code version} (0 = as loaded), as stored. */
  public Map<String, String> document(long r, long version) {
    int line = (int) (r % ranks.length);
    JsonNode node = readLine(line);
    Map<String, String> doc = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      String name = f.getKey();
      if (!name.equals(spec.textField()) && !name.equals(spec.sortField()) && !name.equals(spec.keyField())) {
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
    int source = version == 0 ? (int) (r % ranks.length) : (int) Math.floorMod(Seeds.mix(r, version), ranks.length);
    JsonNode node = line != null && source == r % ranks.length ? line : readLine(source);
    Map<String, String> doc = new LinkedHashMap<>();
    String text = node.get(spec.textField()).textValue();
    doc.put(spec.textField(), spec.mode() == TextMode.CANONICAL ? CanonicalText.normalize(text) : text);
    doc.put(spec.sortField(), Long.toString(rank(r)));
    return doc;
  }

  private JsonNode readLine(int line) {
    int length = (int) (offsets[line + 1] - offsets[line]);
    ByteBuffer buf = ByteBuffer.allocate(length);
    try {
      while (buf.hasRemaining()) {
        if (channel.read(buf, offsets[line] + buf.position()) < 0) {
          throw new IOException("file shorter than when it was opened");
        }
      }
      return JSON.readTree(buf.array());
    } catch (IOException e) {
      throw new UncheckedIOException("dataset " + spec.file() + " line " + (line + 1) + ": " + e.getMessage(), e);
    }
  }

  private static String scalar(JsonNode v) {
    return v.isTextual() ? v.textValue() : v.toString();
  }

  // ---------------------------------------------------------------- scanning and checks

  /** How many times a dataset file was read whole in this process (each distinct file and spec once). */
  public static long scansSoFar() {
    return SCANS.get();
  }

  private static Dataset scan(Spec spec, KeyNames keyNames) {
    SCANS.incrementAndGet();
    String name = spec.file().toString();
    List<Long> offsetList = new ArrayList<>();
    long[] ranks = new long[1024];
    List<String> keyList = spec.keyField() == null ? null : new ArrayList<>();
    Map<String, Integer> keyLine = spec.keyField() == null ? null : new HashMap<>();
    List<int[]> tokenList = new ArrayList<>();
    Map<String, Integer> wordIds = new HashMap<>();
    List<String> words = new ArrayList<>();
    long position = 0;
    int n = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(spec.file()), 1 << 16)) {
      byte[] line = new byte[4096];
      int lineLength = 0;
      byte[] chunk = new byte[1 << 16];
      int have = 0;
      int at = 0;
      while (true) {
        int b;
        if (at < have) {
          b = chunk[at++] & 0xFF;
        } else {
          have = in.read(chunk);
          at = 0;
          if (have > 0) {
            continue;
          }
          b = -1;
        }
        if (b != '\n' && b != -1) {
          if (lineLength == line.length) {
            line = Arrays.copyOf(line, line.length * 2);
          }
          line[lineLength++] = (byte) b;
          continue;
        }
        if (b == -1 && lineLength == 0) {
          break;
        }
        long lineNumber = n + 1L;
        JsonNode node = parse(name, lineNumber, Arrays.copyOf(line, lineLength));
        if (n == ranks.length) {
          ranks = Arrays.copyOf(ranks, n * 2);
        }
        ranks[n] = sortValue(name, lineNumber, node, spec.sortField());
        tokenList.add(tokenIds(name, lineNumber, node, spec.textField(), wordIds, words));
        checkOtherFields(name, lineNumber, node, spec);
        if (keyList != null) {
          String key = keyOf(name, lineNumber, node, spec.keyField());
          Integer before = keyLine.putIfAbsent(key, n);
          if (before != null) {
            throw new DatasetException(name, lineNumber, "key '" + key + "' (field '" + spec.keyField()
                + "') already on line " + (before + 1));
          }
          keyList.add(key);
        }
        offsetList.add(position);
        position += lineLength + (b == '\n' ? 1 : 0);
        lineLength = 0;
        n++;
        if (b == -1) {
          break;
        }
      }
    } catch (IOException e) {
      throw new DatasetException(name, 0, "not readable (" + e.getMessage() + ")");
    }
    if (n == 0) {
      throw new DatasetException(name, 0, "no documents (the file is empty)");
    }
    ranks = Arrays.copyOf(ranks, n);
    checkUniqueRanks(name, ranks, spec.sortField());
    long[] offsets = new long[n + 1];
    for (int i = 0; i < n; i++) {
      offsets[i] = offsetList.get(i);
    }
    offsets[n] = position;
    FileChannel channel;
    try {
      channel = FileChannel.open(spec.file(), StandardOpenOption.READ);
    } catch (IOException e) {
      throw new DatasetException(name, 0, "not readable (" + e.getMessage() + ")");
    }
    return new Dataset(spec, keyNames, offsets, ranks, keyList == null ? null : keyList.toArray(new String[0]),
        tokenList.toArray(new int[0][]), words.toArray(new String[0]), Map.copyOf(wordIds), channel);
  }

  private static JsonNode parse(String file, long lineNumber, byte[] line) {
    if (line.length == 0 || new String(line, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
      throw new DatasetException(file, lineNumber, "blank line (expected one JSON object per line)");
    }
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new DatasetException(file, lineNumber, "not JSON (" + e.getOriginalMessage().lines().findFirst()
          .orElse("") + ")");
    } catch (IOException e) {
      throw new DatasetException(file, lineNumber, "not JSON (" + e.getMessage() + ")");
    }
    if (node == null || !node.isObject()) {
      throw new DatasetException(file, lineNumber, "not a JSON object");
    }
    return node;
  }

  private static long sortValue(String file, long lineNumber, JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new DatasetException(file, lineNumber, "missing sort field '" + field + "'");
    }
    if (!v.isIntegralNumber() || !v.canConvertToLong() || Math.abs(v.longValue()) >= MAX_SORT_VALUE) {
      throw new DatasetException(file, lineNumber, "sort field '" + field + "' is " + v
          + ", expected an integer of magnitude below 2^53");
    }
    return v.longValue();
  }

  private static int[] tokenIds(String file, long lineNumber, JsonNode node, String field,
                                Map<String, Integer> wordIds, List<String> words) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new DatasetException(file, lineNumber, "missing text field '" + field + "'");
    }
    if (!v.isTextual()) {
      throw new DatasetException(file, lineNumber, "text field '" + field + "' is not a string");
    }
    if (v.textValue().isBlank()) {
      throw new DatasetException(file, lineNumber, "empty text in field '" + field + "'");
    }
    List<String> tokens = CanonicalText.tokens(v.textValue());
    if (tokens.isEmpty()) {
      throw new DatasetException(file, lineNumber, "text field '" + field + "' has no letter or digit");
    }
    return tokens.stream().mapToInt(t -> wordIds.computeIfAbsent(t, k -> {
      words.add(k);
      return words.size() - 1;
    })).distinct().sorted().toArray();
  }

  private static void checkOtherFields(String file, long lineNumber, JsonNode node, Spec spec) {
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      if (f.getKey().equals(spec.textField()) || f.getKey().equals(spec.sortField())) {
        continue;
      }
      if (!f.getKey().matches("[A-Za-z][A-Za-z0-9_]*")) {
        throw new DatasetException(file, lineNumber, "field name '" + f.getKey()
            + "' is not letters, digits and '_' starting with a letter");
      }
      if (f.getValue().isContainerNode()) {
        throw new DatasetException(file, lineNumber, "field '" + f.getKey()
            + "' is an object or array (only strings, numbers and booleans are stored)");
      }
    }
  }

  private static String keyOf(String file, long lineNumber, JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull() || scalar(v).isEmpty()) {
      throw new DatasetException(file, lineNumber, "missing key field '" + field + "'");
    }
    return scalar(v);
  }

  private static void checkUniqueRanks(String file, long[] ranks, String field) {
    long[] sorted = ranks.clone();
    Arrays.sort(sorted);
    for (int i = 1; i < sorted.length; i++) {
      if (sorted[i] == sorted[i - 1]) {
        long dup = sorted[i];
        int first = -1;
        for (int r = 0; r < ranks.length; r++) {
          if (ranks[r] == dup) {
            if (first >= 0) {
              throw new DatasetException(file, r + 1, "duplicate sort value " + dup + " in field '" + field
                  + "' (already on line " + (first + 1) + "; sort values must be unique so the order is total)");
            }
            first = r;
          }
        }
      }
    }
  }
}
