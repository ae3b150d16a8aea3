package io.github.ycsbdocsearch.redisjson;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import site.ycsb.ByteIterator;

/**
 * A field value read from a JSON reply: UTF-8 bytes in a slice of the reply, not copied or decoded
 * until asked.
 *
 * <p>Why: a YCSB read discards the values it gets back, so decoding a 1 KB document into Java
 * strings would be work the measured operation does not need. Unlike YCSB's {@code
 * ByteArrayByteIterator}, {@link #toString()} does not consume the iterator and can be called
 * again. Not thread-safe (like every ByteIterator); the backing array is never modified.
 */
final class JsonSlice extends ByteIterator {
  private final byte[] bytes;
  private final int start;
  private final int end;
  private int next;

  JsonSlice(byte[] bytes, int start, int end) {
    this.bytes = bytes;
    this.start = start;
    this.end = end;
    this.next = start;
  }

  @Override
  public boolean hasNext() {
    return next < end;
  }

  @Override
  public byte nextByte() {
    return bytes[next++];
  }

  @Override
  public long bytesLeft() {
    return end - next;
  }

  @Override
  public void reset() {
    next = start;
  }

  @Override
  public byte[] toArray() {
    byte[] out = Arrays.copyOfRange(bytes, next, end);
    next = end;
    return out;
  }

  /** The whole value as a string (whatever was already iterated), without consuming it. */
  @Override
  public String toString() {
    return new String(bytes, start, end - start, StandardCharsets.UTF_8);
  }
}
