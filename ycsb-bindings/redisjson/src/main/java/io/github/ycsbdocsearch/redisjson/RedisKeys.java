package io.github.ycsbdocsearch.redisjson;

import java.nio.charset.StandardCharsets;

/**
 * How YCSB tables and keys map to Redis key names. Stateless, thread-safe.
 *
 * <ul>
 *   <li>record: {@code <table>:<ycsbkey>} (one JSON document);
 *   <li>search index: {@code <table>-idx} (on a cluster without the search coordinator: one per
 *       master, see {@link ClusterLayout});
 *   <li>scan key set: {@code <table>.keyset}, a sorted set of the YCSB keys with score 0, read with
 *       ZRANGEBYLEX, which orders members by their bytes. It cannot collide with a record key,
 *       which always contains {@code <table>:}, and it is not a JSON document, so the index ignores
 *       it.
 * </ul>
 */
final class RedisKeys {
  private RedisKeys() {}

  static String prefix(String table) {
    return table + ":";
  }

  static String record(String table, String ycsbKey) {
    return table + ":" + ycsbKey;
  }

  static String keySet(String table) {
    return table + ".keyset";
  }

  static String index(String table) {
    return table + "-idx";
  }

  /** The YCSB key of a record key of {@code table} (reply bytes from FT.SEARCH). */
  static String ycsbKey(String table, byte[] recordKey) {
    int skip = table.getBytes(StandardCharsets.UTF_8).length + 1;
    return new String(recordKey, skip, recordKey.length - skip, StandardCharsets.UTF_8);
  }

  /**
   * A SCAN MATCH pattern for the records of {@code table}, with glob characters in the name
   * escaped.
   */
  static String scanPattern(String table) {
    StringBuilder b = new StringBuilder();
    for (char c : table.toCharArray()) {
      if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') {
        b.append('\\');
      }
      b.append(c);
    }
    return b.append(":*").toString();
  }
}
