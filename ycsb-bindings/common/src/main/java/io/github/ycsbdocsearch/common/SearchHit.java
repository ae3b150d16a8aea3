package io.github.ycsbdocsearch.common;

import java.util.Map;
import site.ycsb.ByteIterator;

/**
 * One hit of a search page: the record key and, unless the query asked for keys only, the
 * document's fields (the same field names and string values that a YCSB read returns).
 */
public record SearchHit(String key, Map<String, ByteIterator> fields) {
  public static SearchHit keyOnly(String key) {
    return new SearchHit(key, Map.of());
  }
}
