package io.github.ycsbdocsearch.common;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import site.ycsb.ByteIterator;

/**
 * One hit of a search page: the record key and, unless the query asked for keys only, the
 * document's fields (the same field names and string values that a YCSB read returns).
 */
public record SearchHit(String key, Map<String, ByteIterator> fields) {
  public static SearchHit keyOnly(String key) {
    return new SearchHit(key, Map.of());
  }

  /** The key alone for a keys-only query, else the key and the fields {@code read} puts. */
  public static SearchHit of(
      String key, SearchQuery query, Consumer<Map<String, ByteIterator>> read) {
    if (query.keysOnly()) {
      return keyOnly(key);
    }
    Map<String, ByteIterator> fields = new HashMap<>();
    read.accept(fields);
    return new SearchHit(key, fields);
  }
}
