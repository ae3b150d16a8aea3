package io.github.ycsbdocsearch.redisjson;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;

/**
 * Reads a flat JSON object, as RedisJSON returns a record ({@code {"f":"v","rank":42}}, or {@code
 * [{...}]} for a JSONPath), into YCSB fields without building Java strings: each value is a {@link
 * JsonSlice} of the reply (string contents, or the number's text). Only strings with escape
 * sequences are copied, to unescape them. Nested objects and arrays are not handled: the caller
 * falls back to a full JSON parser. Stateless, thread-safe.
 */
final class FlatJsonReader {
  private FlatJsonReader() {}

  /**
   * Puts the object's fields (only {@code fields} unless null) into {@code out}.
   *
   * @return false when a value is an object or an array; {@code out} may then hold some fields
   *     already, which a full parse overwrites with equal values
   * @throws IllegalStateException when the input is not a JSON object
   */
  static boolean read(byte[] json, Set<String> fields, Map<String, ByteIterator> out) {
    int i = skipSpace(json, 0);
    if (i < json.length && json[i] == '[') {
      i = skipSpace(json, i + 1);
    }
    i = expect(json, i, '{');
    i = skipSpace(json, i);
    if (i < json.length && json[i] == '}') {
      return true;
    }
    while (true) {
      i = expect(json, skipSpace(json, i), '"');
      int nameEnd = stringEnd(json, i);
      String name = string(json, i, nameEnd);
      i = skipSpace(json, expect(json, skipSpace(json, nameEnd + 1), ':'));
      if (i >= json.length || json[i] == '{' || json[i] == '[') {
        return false;
      }
      int valueEnd;
      JsonSlice value;
      if (json[i] == '"') {
        valueEnd = stringEnd(json, i + 1);
        value = slice(json, i + 1, valueEnd);
        valueEnd++;
      } else {
        valueEnd = scalarEnd(json, i);
        value = new JsonSlice(json, i, valueEnd);
      }
      if (fields == null || fields.contains(name)) {
        out.put(name, value);
      }
      i = skipSpace(json, valueEnd);
      if (i < json.length && json[i] == ',') {
        i++;
      } else {
        expect(json, i, '}');
        return true;
      }
    }
  }

  private static int skipSpace(byte[] b, int i) {
    while (i < b.length && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t')) {
      i++;
    }
    return i;
  }

  private static int expect(byte[] b, int i, char c) {
    if (i >= b.length || b[i] != c) {
      throw new IllegalStateException("malformed JSON reply: expected '" + c + "' at byte " + i);
    }
    return i + 1;
  }

  /** Index of the closing quote of a string whose contents start at {@code i}. */
  private static int stringEnd(byte[] b, int i) {
    while (i < b.length) {
      if (b[i] == '"') {
        return i;
      }
      i += b[i] == '\\' ? 2 : 1;
    }
    throw new IllegalStateException("malformed JSON reply: unterminated string");
  }

  /** End of a number or literal (true, false, null). */
  private static int scalarEnd(byte[] b, int i) {
    int start = i;
    while (i < b.length
        && b[i] != ','
        && b[i] != '}'
        && b[i] != ' '
        && b[i] != '\n'
        && b[i] != '\r'
        && b[i] != '\t') {
      i++;
    }
    if (i == start) {
      throw new IllegalStateException("malformed JSON reply: empty value at byte " + start);
    }
    return i;
  }

  private static String string(byte[] b, int start, int end) {
    for (int i = start; i < end; i++) {
      if (b[i] == '\\') {
        return new String(unescaped(b, start, end), StandardCharsets.UTF_8);
      }
    }
    return new String(b, start, end - start, StandardCharsets.UTF_8);
  }

  private static JsonSlice slice(byte[] b, int start, int end) {
    for (int i = start; i < end; i++) {
      if (b[i] == '\\') {
        byte[] decoded = unescaped(b, start, end);
        return new JsonSlice(decoded, 0, decoded.length);
      }
    }
    return new JsonSlice(b, start, end);
  }

  /** The UTF-8 bytes of a JSON string's contents with escape sequences resolved. */
  static byte[] unescaped(byte[] b, int start, int end) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(end - start);
    for (int i = start; i < end; i++) {
      if (b[i] != '\\') {
        out.write(b[i]);
        continue;
      }
      char c = (char) b[++i];
      switch (c) {
        case 'b' -> out.write('\b');
        case 'f' -> out.write('\f');
        case 'n' -> out.write('\n');
        case 'r' -> out.write('\r');
        case 't' -> out.write('\t');
        case 'u' -> {
          StringBuilder units = new StringBuilder();
          units.append(
              (char) Integer.parseInt(new String(b, i + 1, 4, StandardCharsets.US_ASCII), 16));
          i += 4;
          // A character outside the BMP is a surrogate pair: two backslash-u escapes in a row.
          boolean pair = i + 6 < end && b[i + 1] == '\\' && b[i + 2] == 'u';
          if (Character.isHighSurrogate(units.charAt(0)) && pair) {
            units.append(
                (char) Integer.parseInt(new String(b, i + 3, 4, StandardCharsets.US_ASCII), 16));
            i += 6;
          }
          out.writeBytes(units.toString().getBytes(StandardCharsets.UTF_8));
        }
        default -> out.write(c);
      }
    }
    return out.toByteArray();
  }
}
