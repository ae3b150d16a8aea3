package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every insert and update one client sent during a fault step, for the durability check's final
 * read (the sweep's {@code WriteCheck}): one tab-separated line per write, {@code OP KEY SENT_MS
 * ANSWERED_MS OUTCOME FIELD=DIGEST,...}, where OUTCOME is {@code A} (the store acknowledged it) or
 * {@code I} (an error or a timeout: indeterminate) and each digest is {@link #digest} of the value
 * written to that field. Recorded when {@value #FILE_PROPERTY} names a file (relative to the
 * client's working directory, its folder in the step). Thread-safe: the client threads share one
 * writer.
 */
public final class AckedWriteLog implements AutoCloseable {
  /** The file each client writes its log to; unset = nothing recorded. */
  public static final String FILE_PROPERTY = "docsearch.ackedwrites.file";

  /** The file name the sweep gives each client of a fault step (and of its control step). */
  public static final String FILE_NAME = RunLayout.ACKED_WRITES_LOG;

  /**
   * One write as its client saw it.
   *
   * @param op {@code INSERT} or {@code UPDATE}
   * @param key the record key
   * @param fields each field written and the digest of its value
   * @param sentMs when it was sent, epoch ms
   * @param answeredMs when the answer (or the error) came, epoch ms
   * @param acked whether the store acknowledged it
   */
  public record Entry(
      String op,
      String key,
      Map<String, Long> fields,
      long sentMs,
      long answeredMs,
      boolean acked) {
    public Entry {
      fields = Map.copyOf(fields);
    }
  }

  private final BufferedWriter out;
  private IOException failure;

  private AckedWriteLog(BufferedWriter out) {
    this.out = out;
  }

  /**
   * Opens the log {@value #FILE_PROPERTY} names, truncating it; null when the property is unset.
   *
   * @throws SetupException when the file cannot be opened
   */
  public static AckedWriteLog open(String file) {
    if (file == null || file.isBlank()) {
      return null;
    }
    try {
      return new AckedWriteLog(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new SetupException("the acknowledged-writes log " + file + " cannot be written", e);
    }
  }

  /** A field value's digest: 64-bit FNV-1a over its UTF-16 code units (stable across JVMs). */
  public static long digest(String value) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < value.length(); i++) {
      h ^= value.charAt(i);
      h *= 0x100000001b3L;
    }
    return h;
  }

  /** The digests of a write's fields, by field name. */
  public static Map<String, Long> digests(Map<String, String> values) {
    Map<String, Long> out = new TreeMap<>();
    values.forEach((f, v) -> out.put(f, digest(v)));
    return out;
  }

  /** Notes one write; an I/O error is kept for {@link #close} (the load goes on). */
  public synchronized void record(
      String op, String key, Map<String, String> values, long sentMs, long answeredMs, boolean ok) {
    if (failure != null) {
      return;
    }
    StringBuilder line = new StringBuilder(64 + 24 * values.size());
    line.append(op)
        .append('\t')
        .append(key)
        .append('\t')
        .append(sentMs)
        .append('\t')
        .append(answeredMs)
        .append('\t')
        .append(ok ? 'A' : 'I')
        .append('\t');
    boolean first = true;
    for (Map.Entry<String, Long> f : digests(values).entrySet()) {
      line.append(first ? "" : ",").append(f.getKey()).append('=').append(f.getValue());
      first = false;
    }
    try {
      out.append(line).append('\n');
    } catch (IOException e) {
      failure = e;
    }
  }

  /**
   * Flushes and closes the log.
   *
   * @throws SetupException when a write or the close failed (the log is then incomplete)
   */
  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      failure = failure == null ? e : failure;
    }
    if (failure != null) {
      throw new SetupException("the acknowledged-writes log is incomplete", failure);
    }
  }

  /**
   * Reads a log.
   *
   * @throws SetupException when the file cannot be read or a line is malformed
   */
  public static List<Entry> read(Path file) {
    List<Entry> entries = new ArrayList<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SetupException("cannot read " + file + ": " + e.getMessage(), e);
    }
    for (int n = 0; n < lines.size(); n++) {
      String[] c = lines.get(n).split("\t", -1);
      try {
        if (c.length != 6 || !(c[4].equals("A") || c[4].equals("I"))) {
          throw new IllegalArgumentException("expected 6 columns, outcome A or I");
        }
        Map<String, Long> fields = new TreeMap<>();
        for (String f : c[5].isEmpty() ? new String[0] : c[5].split(",")) {
          int eq = f.lastIndexOf('=');
          fields.put(f.substring(0, eq), Long.parseLong(f.substring(eq + 1)));
        }
        entries.add(
            new Entry(
                c[0], c[1], fields, Long.parseLong(c[2]), Long.parseLong(c[3]), c[4].equals("A")));
      } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
        throw new SetupException(file + " line " + (n + 1) + " is malformed: " + e.getMessage(), e);
      }
    }
    return entries;
  }
}
