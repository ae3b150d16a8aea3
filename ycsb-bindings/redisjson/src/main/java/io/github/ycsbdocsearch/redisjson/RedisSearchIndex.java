package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Creates, checks and describes a table's RediSearch index. Stateless, thread-safe.
 *
 * <p>The definition gives the same semantics as the other stores: {@code FT.CREATE <index> ON JSON
 * PREFIX 1 <table>: STOPWORDS 0 SCHEMA $.<text> AS <text> TEXT NOSTEM $.<sort> AS <sort> NUMERIC
 * SORTABLE}: no stop words, no stemming (RediSearch lowercases terms), and a sortable number. An
 * existing index with another definition is refused rather than silently used.
 */
final class RedisSearchIndex {
  private static final long POLL_MS = 100;

  private RedisSearchIndex() {}

  /** The FT.CREATE command for {@code table}. */
  static CommandArguments create(String indexName, String table, SearchSchema schema) {
    return RedisCommand.FT_CREATE
        .args()
        .key(indexName)
        .addObjects("ON", "JSON", "PREFIX", 1, RedisKeys.prefix(table), "STOPWORDS", 0, "SCHEMA")
        .addObjects(JsonDocumentMapper.path(schema.textField()), "AS", schema.textField())
        .addObjects("TEXT", "NOSTEM")
        .addObjects(JsonDocumentMapper.path(schema.sortField()), "AS", schema.sortField())
        .addObjects("NUMERIC", "SORTABLE");
  }

  /**
   * Makes sure the index exists with this binding's definition and has indexed every existing
   * record: creates it when missing (another client creating it at the same moment is fine), then
   * waits for a background scan of existing documents, so no search runs against a half-built
   * index. SetupException when the index has another definition or is still indexing after {@code
   * waitMs}.
   */
  static void ensure(
      UnifiedJedis jedis,
      String indexName,
      String table,
      SearchSchema schema,
      long waitMs,
      String address) {
    Map<String, Object> info = info(jedis, indexName);
    if (info == null) {
      try {
        jedis.executeCommand(create(indexName, table, schema));
      } catch (JedisDataException e) {
        if (!String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("already exists")) {
          throw e;
        }
      }
      info = info(jedis, indexName);
    }
    String problem = definitionProblem(info, table, schema);
    if (problem != null) {
      throw new SetupException(
          "%s: index %s exists with another definition (%s); drop it or reset the table"
              .formatted(address, indexName, problem));
    }
    long deadline = System.nanoTime() + waitMs * 1_000_000L;
    while (!"1".equals(String.valueOf(info.get("percent_indexed")))) {
      if (System.nanoTime() > deadline) {
        throw new SetupException(
            "%s: index %s is still indexing existing documents after %s ms (%s)"
                .formatted(address, indexName, waitMs, RedisJsonConfig.INDEX_WAIT_PROPERTY));
      }
      sleep();
      info = info(jedis, indexName);
    }
  }

  /** FT.INFO as a map of names to strings, longs and lists; null when the index does not exist. */
  static Map<String, Object> info(UnifiedJedis jedis, String indexName) {
    try {
      return pairs(jedis.executeCommand(RedisCommand.FT_INFO.args().key(indexName)));
    } catch (JedisDataException e) {
      String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
      if (m.contains("unknown index") || m.contains("no such index")) {
        return null;
      }
      throw e;
    }
  }

  /** What differs from this binding's definition, or null when nothing does. */
  static String definitionProblem(Map<String, Object> info, String table, SearchSchema schema) {
    Map<String, Object> def = pairs(info.get("index_definition"));
    if (!"JSON".equals(def.get("key_type"))) {
      return "key type " + def.get("key_type") + " instead of JSON";
    }
    if (!List.of(RedisKeys.prefix(table)).equals(def.get("prefixes"))) {
      return "prefixes " + def.get("prefixes") + " instead of [" + RedisKeys.prefix(table) + "]";
    }
    Object stopwords = info.get("stopwords_list");
    if (!(stopwords instanceof List) || !((List<?>) stopwords).isEmpty()) {
      return "stop words " + (stopwords == null ? "default" : stopwords) + " instead of none";
    }
    String text = attributeProblem(info, schema.textField(), "TEXT", "NOSTEM");
    return text != null ? text : attributeProblem(info, schema.sortField(), "NUMERIC", "SORTABLE");
  }

  private static String attributeProblem(
      Map<String, Object> info, String field, String type, String flag) {
    Object attributes = info.get("attributes");
    for (Object a : attributes instanceof List ? (List<?>) attributes : List.of()) {
      List<?> spec = (List<?>) a;
      Map<String, Object> m = pairs(spec);
      if (field.equals(m.get("attribute"))) {
        boolean ok =
            JsonDocumentMapper.path(field).equals(m.get("identifier"))
                && type.equals(m.get("type"))
                && spec.contains(flag);
        return ok ? null : "attribute " + field + " is " + spec + ", expected " + type + " " + flag;
      }
    }
    return "no attribute " + field;
  }

  /** A RESP2 name/value list as a map, with bytes decoded; unpaired trailing flags are ignored. */
  static Map<String, Object> pairs(Object reply) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (reply instanceof List<?> l) {
      for (int i = 0; i + 1 < l.size(); i += 2) {
        out.put(String.valueOf(decode(l.get(i))), decode(l.get(i + 1)));
      }
    }
    return out;
  }

  /** Bytes to strings, recursively through lists. */
  static Object decode(Object o) {
    if (o instanceof byte[] b) {
      return new String(b, StandardCharsets.UTF_8);
    }
    return o instanceof List<?> l ? l.stream().map(RedisSearchIndex::decode).toList() : o;
  }

  private static void sleep() {
    try {
      Thread.sleep(POLL_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SetupException("interrupted while waiting for the search index", e);
    }
  }
}
