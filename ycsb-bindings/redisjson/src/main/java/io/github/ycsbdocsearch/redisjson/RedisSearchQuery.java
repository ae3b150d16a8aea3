package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.text.CanonicalText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.CommandArguments;
import site.ycsb.ByteIterator;

/**
 * Builds the FT.SEARCH commands of one SEARCH operation and reads their replies (RESP2). Stateless,
 * thread-safe.
 *
 * <p>What every query carries, and why:
 *
 * <ul>
 *   <li>{@code @text:(w1 w2)}: words separated by a space are an AND in RediSearch. Each word is
 *       escaped ({@link #term}): every character that is not a letter, digit or '_' gets a
 *       backslash, because RediSearch reads ASCII punctuation as syntax or a separator ({@code -w}
 *       is NOT w, {@code w1|w2} an OR, {@code 3.5} two terms). Canonical query words ({@link
 *       SearchQuery}) are letters and digits only, so today this changes nothing; it keeps any
 *       other word a single literal term;
 *   <li>{@code VERBATIM}: no query-time stemming. NOSTEM on the field only keeps stems out of the
 *       index; the query parser would still expand {@code shoes} to {@code shoe} and match records
 *       that lack the word;
 *   <li>{@code SORTBY sort ASC|DESC} on the numeric field: the only order (ranks are unique);
 *   <li>{@code LIMIT offset count}: the second number is a count, not an end;
 *   <li>{@code DIALECT 2}: the current query dialect, fixed so a server default cannot change the
 *       parse;
 *   <li>{@code TIMEOUT 0}: no query time limit. The module default (TIMEOUT 500 ms, ON_TIMEOUT
 *       RETURN) makes a slow query, e.g. a deep page over many hits, return a partial page with no
 *       error in RESP2.
 * </ul>
 */
final class RedisSearchQuery {
  static final int DIALECT = 2;
  private static final String DOCUMENT_PATH = "$";

  private RedisSearchQuery() {}

  /** The query string: every word must occur in the text field. */
  static String queryString(SearchQuery q) {
    StringBuilder sb = new StringBuilder("@").append(q.textField()).append(":(");
    for (int i = 0; i < q.words().size(); i++) {
      sb.append(i > 0 ? " " : "").append(term(q.words().get(i)));
    }
    return sb.append(')').toString();
  }

  /**
   * One word as a literal RediSearch term: a backslash before every character that is not a letter,
   * digit or _.
   */
  static String term(String word) {
    return CanonicalText.backslashed(word, c -> Character.isLetterOrDigit(c) || c == '_');
  }

  /**
   * One page from an index that sees every record (a single server, or a cluster with the search
   * coordinator). Keys only ({@code NOCONTENT}) or with each document ({@code RETURN 1 $}).
   */
  static CommandArguments page(String index, SearchQuery q) {
    CommandArguments a = RedisCommand.FT_SEARCH.args().key(index).add(queryString(q));
    if (q.keysOnly()) {
      a.add("NOCONTENT");
    } else {
      a.add("RETURN").add(1).add(DOCUMENT_PATH);
    }
    return sortLimitAndOptions(a, q, q.offset(), q.pageSize());
  }

  /**
   * The first {@code offset + pageSize} hits of one shard's index with their sort values ({@code
   * WITHSORTKEYS}), for a client-side merge. Keys only: a shard's FT.SEARCH cannot load documents
   * of other slots than its index name's (seen on 7.4.1: empty fields), so documents are fetched by
   * key afterwards.
   */
  static CommandArguments shardTop(String index, SearchQuery q) {
    CommandArguments a =
        RedisCommand.FT_SEARCH
            .args()
            .key(index)
            .addObjects(queryString(q), "NOCONTENT", "WITHSORTKEYS");
    return sortLimitAndOptions(a, q, 0, (long) q.offset() + q.pageSize());
  }

  /**
   * {@code FT.EXPLAIN}: the query tree RediSearch parses the query string into (for the divergence
   * table).
   */
  static CommandArguments explain(String index, SearchQuery q) {
    return RedisCommand.FT_EXPLAIN
        .args()
        .key(index)
        .addObjects(queryString(q), "VERBATIM", "DIALECT", DIALECT);
  }

  private static CommandArguments sortLimitAndOptions(
      CommandArguments a, SearchQuery q, long offset, long count) {
    return a.addObjects("VERBATIM", "SORTBY", q.sortField(), q.ascending() ? "ASC" : "DESC")
        .addObjects("LIMIT", offset, count, "DIALECT", DIALECT, "TIMEOUT", 0);
  }

  /**
   * Reads the reply of {@link #page} into {@code page}: {@code [total, key, ...]} (keys only) or
   * {@code [total, key, [$, json], ...]}.
   */
  static void readPage(
      Object reply, String table, SearchQuery q, JsonDocumentMapper mapper, List<SearchHit> page) {
    List<?> r = (List<?>) reply;
    int step = q.keysOnly() ? 1 : 2;
    for (int i = 1; i + step - 1 < r.size(); i += step) {
      String key = RedisKeys.ycsbKey(table, (byte[]) r.get(i));
      List<?> returned = q.keysOnly() ? null : (List<?>) r.get(i + 1);
      page.add(SearchHit.of(key, q, fields -> document(returned, mapper, fields)));
    }
  }

  private static void document(
      List<?> returned, JsonDocumentMapper mapper, Map<String, ByteIterator> fields) {
    for (int j = 0; returned != null && j + 1 < returned.size(); j += 2) {
      if (DOCUMENT_PATH.equals(new String((byte[]) returned.get(j), StandardCharsets.UTF_8))) {
        mapper.readDocument((byte[]) returned.get(j + 1), null, fields);
      }
    }
  }

  /**
   * Reads the reply of {@link #shardTop}: {@code [total, key, "#value", key, "#value", ...]}, in
   * shard order.
   */
  static List<SortedKey> readShardTop(Object reply) {
    List<?> r = (List<?>) reply;
    List<SortedKey> out = new ArrayList<>(r.size() / 2);
    for (int i = 1; i + 1 < r.size(); i += 2) {
      out.add(new SortedKey((byte[]) r.get(i), sortValue(r.get(i + 1))));
    }
    return out;
  }

  /**
   * A numeric sort key reads {@code #<number>}; a record without the field has none and sorts last.
   */
  static double sortValue(Object sortKey) {
    if (!(sortKey instanceof byte[])) {
      return Double.NaN;
    }
    String s = new String((byte[]) sortKey, StandardCharsets.US_ASCII);
    if (s.length() < 2 || s.charAt(0) != '#') {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(s.substring(1));
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
