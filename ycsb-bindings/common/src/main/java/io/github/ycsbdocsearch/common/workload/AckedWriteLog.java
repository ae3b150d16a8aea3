package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import site.ycsb.Status;

/**
 * Every insert and update one client sent during a fault step, for the durability check's final
 * read (the sweep's {@code WriteCheck}): one tab-separated line per write, {@code OP KEY SENT_MS
 * ANSWERED_MS OUTCOME FIELD=DIGEST,...}, where OUTCOME is {@link Outcome#code} ({@code A}, {@code
 * I} or {@code F}) and each digest is {@link #digest} of the value written to that field. Every
 * line ends in a newline, and a log closed after every line was written ends in a trailer, {@code
 * #end COUNT CRC32} ({@link #read} checks both): a client killed mid-write, a full disk or a failed
 * close leaves a log that reads as not whole, never as a log of fewer writes. Recorded when {@value
 * #FILE_PROPERTY} names a file (relative to the client's working directory, its folder in the
 * step). Thread-safe: the client threads share one writer.
 */
public final class AckedWriteLog implements AutoCloseable {
  /** The file each client writes its log to; unset = nothing recorded. */
  public static final String FILE_PROPERTY = "docsearch.ackedwrites.file";

  /** The file name the sweep gives each client of a fault step (and of its control step). */
  public static final String FILE_NAME = RunLayout.ACKED_WRITES_LOG;

  /** What the client knows of one write's fate; its letter in the log is its name's first. */
  public enum Outcome {
    ACKED,
    /** An error that may hide a write done (a timeout, a lost connection). */
    INDETERMINATE,
    /** Refused, nothing done: no such key, or a request invalid, forbidden or not implemented. */
    FAILED;

    public char code() {
      return name().charAt(0);
    }

    /**
     * A binding's answer as an outcome: only the statuses that say the store did nothing are
     * definite failures; every other error (ERROR, a timeout, SERVICE_UNAVAILABLE, ...) may hide a
     * write that took effect.
     */
    public static Outcome of(Status s) {
      if (s.isOk()) {
        return ACKED;
      }
      return Status.NOT_FOUND.equals(s)
              || Status.BAD_REQUEST.equals(s)
              || Status.FORBIDDEN.equals(s)
              || Status.NOT_IMPLEMENTED.equals(s)
          ? FAILED
          : INDETERMINATE;
    }

    static Outcome ofCode(String c) {
      for (Outcome o : values()) {
        if (c.length() == 1 && c.charAt(0) == o.code()) {
          return o;
        }
      }
      throw new IllegalArgumentException("outcome '" + c + "' is not A, I or F");
    }
  }

  /** One write as its client saw it: {@code fields} maps each field written to its digest. */
  public record Entry(
      String op,
      String key,
      Map<String, Long> fields,
      long sentMs,
      long answeredMs,
      Outcome outcome) {
    public Entry {
      fields = Map.copyOf(fields);
    }

    public boolean acked() {
      return outcome == Outcome.ACKED;
    }
  }

  /**
   * The last line of a whole log: {@code #end COUNT CRC32} (tab-separated, CRC as 8 hex), written
   * only when every line before it was: a log without it, or that disagrees with it, is cut.
   */
  static final String TRAILER = "#end";

  private final OutputStream out;
  private final FileChannel channel;
  private final CRC32 crc = new CRC32();
  private long lines;
  private long bytes;
  private IOException failure;

  /** {@code channel}: the file under {@code out}, forced on close (null: nothing to force). */
  AckedWriteLog(OutputStream out, FileChannel channel) {
    this.out = out;
    this.channel = channel;
  }

  /** Opens (truncating) the log {@value #FILE_PROPERTY} names; null when it is unset. */
  public static AckedWriteLog open(String file) {
    if (file == null || file.isBlank()) {
      return null;
    }
    try {
      FileChannel ch =
          FileChannel.open(
              Path.of(file),
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING);
      return new AckedWriteLog(new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16), ch);
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

  public static Map<String, Long> digests(Map<String, String> values) {
    Map<String, Long> out = new TreeMap<>();
    values.forEach((f, v) -> out.put(f, digest(v)));
    return out;
  }

  /** Notes one write; an I/O error is kept for {@link #close} (the load goes on). */
  public synchronized void record(
      String op,
      String key,
      Map<String, String> values,
      long sentMs,
      long answeredMs,
      Outcome outcome) {
    if (failure != null) {
      return;
    }
    String fields =
        digests(values).entrySet().stream()
            .map(f -> f.getKey() + "=" + f.getValue())
            .collect(Collectors.joining(","));
    String line = String.join("\t", op, key, "" + sentMs, "" + answeredMs, "" + outcome.code());
    write((line + "\t" + fields + "\n").getBytes(StandardCharsets.UTF_8));
    lines++;
  }

  /** Writes bytes that count in the checksum; the first failure is kept and stops the log. */
  private void write(byte[] b) {
    try {
      out.write(b);
      crc.update(b);
      bytes += b.length;
    } catch (IOException e) {
      failure = e;
    }
  }

  /**
   * Writes the trailer after the last line, when every line was written, and forces the file to
   * disk. A log that failed gets no trailer (and a trailer whose own write or force failed is cut
   * off again, as far as the file still takes it), so a reader sees it is not whole even though
   * YCSB exits 0 after a workload's cleanup fails. Throws SetupException when the log is not whole.
   */
  @Override
  public synchronized void close() {
    try {
      if (failure == null) {
        out.flush();
        force();
        out.write(trailer(lines, crc.getValue()).getBytes(StandardCharsets.UTF_8));
        out.flush();
        force();
      }
    } catch (IOException e) {
      failure = e;
      cutTrailer();
    }
    try {
      out.close();
    } catch (IOException e) {
      failure = failure == null ? e : failure;
    }
    if (failure != null) {
      throw new SetupException(
          "the acknowledged-writes log is not whole (no trailer written): " + failure, failure);
    }
  }

  private void force() throws IOException {
    if (channel != null) {
      channel.force(true);
    }
  }

  /** Drops whatever of the trailer reached the file: its lines alone read as cut. */
  private void cutTrailer() {
    if (channel == null) {
      return;
    }
    try {
      channel.truncate(bytes);
    } catch (IOException e) {
      // A trailer that did reach the file and still holds is checked by its count and checksum.
    }
  }

  /** A log as read: every well-formed write line, and why it is not whole (null when it is). */
  public record Reading(List<Entry> entries, String problem) {
    public Reading {
      entries = List.copyOf(entries);
    }

    public boolean whole() {
      return problem == null;
    }
  }

  /**
   * Reads a log and checks that it is whole: every line ends in a newline, the last one is the
   * trailer, and its count and checksum are those of the lines before it.
   */
  public static Reading read(Path file) {
    byte[] all;
    try {
      all = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new SetupException("cannot read " + file + ": " + e.getMessage(), e);
    }
    if (all.length == 0) {
      return new Reading(List.of(), "empty (not even a trailer)");
    }
    if (all[all.length - 1] != '\n') {
      int from = lastLineStart(all, all.length);
      return new Reading(entries(all, from).entries(), "its last line is cut");
    }
    int trailerAt = lastLineStart(all, all.length - 1);
    String last = new String(all, trailerAt, all.length - trailerAt, StandardCharsets.UTF_8);
    Reading body = entries(all, trailerAt);
    if (!last.startsWith(TRAILER + "\t")) {
      return new Reading(
          entries(all, all.length).entries(),
          "no trailer (it ends at a line end but was not closed)");
    }
    CRC32 crc = new CRC32();
    crc.update(all, 0, trailerAt);
    String expected = trailer(body.entries().size(), crc.getValue());
    if (body.problem() != null) {
      return body;
    }
    if (!last.equals(expected)) {
      return new Reading(
          body.entries(),
          "the trailer (" + last.strip() + ") disagrees with its lines (" + expected.strip() + ")");
    }
    return body;
  }

  /** The trailer line of a log of {@code count} lines whose bytes have this CRC-32. */
  static String trailer(long count, long crc32) {
    return String.format(Locale.ROOT, "%s\t%d\t%08x\n", TRAILER, count, crc32);
  }

  /** Where the line that ends just before {@code end} starts. */
  private static int lastLineStart(byte[] all, int end) {
    int i = end - 1;
    while (i >= 0 && all[i] != '\n') {
      i--;
    }
    return i + 1;
  }

  /** The write lines in {@code all[0, end)}, each ending in a newline; a malformed one is named. */
  private static Reading entries(byte[] all, int end) {
    List<Entry> entries = new ArrayList<>();
    String problem = null;
    String text = new String(all, 0, end, StandardCharsets.UTF_8);
    String[] lines = text.isEmpty() ? new String[0] : text.split("\n", -1);
    // The element after the last newline is empty, or the cut line: not a write.
    for (int n = 0; n < lines.length - 1; n++) {
      try {
        entries.add(parse(lines[n]));
      } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
        problem =
            problem != null ? problem : "line " + (n + 1) + " is malformed: " + e.getMessage();
      }
    }
    return new Reading(entries, problem);
  }

  private static Entry parse(String line) {
    String[] c = line.split("\t", -1);
    if (c.length != 6) {
      throw new IllegalArgumentException("expected 6 columns");
    }
    Outcome outcome = Outcome.ofCode(c[4]);
    Map<String, Long> fields = new TreeMap<>();
    for (String f : c[5].isEmpty() ? new String[0] : c[5].split(",")) {
      int eq = f.lastIndexOf('=');
      fields.put(f.substring(0, eq), Long.parseLong(f.substring(eq + 1)));
    }
    return new Entry(c[0], c[1], fields, Long.parseLong(c[2]), Long.parseLong(c[3]), outcome);
  }
}
