package io.github.ycsbdocsearch.common.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The bytes of a dataset file: streams it as parsed lines (number, byte offset, JSON object) and
 * reads one line back by its offset. Knows lines and JSON; what a line must hold is {@link
 * DatasetValidator}'s. Stateless and thread-safe: it holds no open file between calls.
 */
final class DatasetReader {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One line of the file: 1-based number, byte offset of its start, and its JSON object. */
  record Line(long number, long offset, JsonNode node) {}

  private DatasetReader() {}

  /**
   * Streams the file once (not held in memory), handing every line in order to {@code sink}; a
   * final line without a newline counts.
   *
   * @return the file's length in bytes (where the line after the last would start)
   * @throws DatasetException when the file cannot be read or a line is not one JSON object
   */
  static long forEachLine(Path file, Consumer<Line> sink) {
    String name = file.toString();
    long position = 0;
    long number = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      byte[] line = new byte[4096];
      int lineLength = 0;
      byte[] chunk = new byte[1 << 16];
      int have;
      while ((have = in.read(chunk)) >= 0) {
        for (int at = 0; at < have; at++) {
          byte b = chunk[at];
          if (b != '\n') {
            if (lineLength == line.length) {
              line = Arrays.copyOf(line, line.length * 2);
            }
            line[lineLength++] = b;
            continue;
          }
          number++;
          sink.accept(
              new Line(number, position, DatasetValidator.parse(name, number, line, lineLength)));
          position += lineLength + 1;
          lineLength = 0;
        }
      }
      if (lineLength > 0) {
        number++;
        sink.accept(
            new Line(number, position, DatasetValidator.parse(name, number, line, lineLength)));
        position += lineLength;
      }
    } catch (IOException e) {
      throw DatasetValidator.notReadable(name, e);
    }
    return position;
  }

  /**
   * Reads back the line of {@code length} bytes at {@code offset}. The file is opened for this read
   * only, so no handle outlives it (a dataset is shared process-wide and has no owner to close
   * one); {@code fileLength} is the length it had when it was checked, so a file changed since then
   * fails instead of giving another line's text.
   */
  static JsonNode readAt(Path file, long fileLength, long lineNumber, long offset, int length) {
    ByteBuffer buf = ByteBuffer.allocate(length);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      if (channel.size() != fileLength) {
        throw new IOException(
            "file changed since it was checked (%s bytes then, %s now)"
                .formatted(fileLength, channel.size()));
      }
      while (buf.hasRemaining()) {
        if (channel.read(buf, offset + buf.position()) < 0) {
          throw new IOException("file shorter than when it was checked");
        }
      }
      return JSON.readTree(buf.array());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "dataset " + file + " line " + lineNumber + ": " + e.getMessage(), e);
    }
  }

  /** Parses one line's bytes (the validator decides what a failure means). */
  static JsonNode json(byte[] bytes, int length) throws IOException {
    return JSON.readTree(bytes, 0, length);
  }
}
