package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch._types.Result;
import co.elastic.clients.elasticsearch.core.GetResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.OpFailures;
import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchableDB;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for Elasticsearch 8 through the official {@code elasticsearch-java} client, with the
 * paginated full-text search of {@link SearchableDB}.
 *
 * <p>Index = YCSB table in lower case; document {@code _id} = YCSB key. Read, update and delete go
 * to the document by {@code _id} (get, partial update, delete) and never through a search. No
 * operation forces a refresh: writes use the policy in {@code es.refresh} (default {@code false},
 * Elasticsearch's near-real-time behaviour). The index and its mapping are made by {@link
 * ElasticsearchIndexManager}, queries by {@link ElasticsearchSearchQuery}, documents by {@link
 * DocumentMapper}; this class only translates calls.
 *
 * <p>Thread-safety: one instance per YCSB client thread (as YCSB's {@code DB} contract says); all
 * instances of a JVM share one thread-safe client through {@link SharedElasticsearchClient}.
 */
public class ElasticsearchClient extends DB implements SearchableDB {
  private static final OpFailures FAILURES = new OpFailures("elasticsearch");
  private static final String DOCUMENT_MISSING = "document_missing_exception";

  private ElasticsearchConfig config;
  private co.elastic.clients.elasticsearch.ElasticsearchClient client;
  private DocumentMapper mapper;
  private Refresh refresh;
  private int retryOnConflict;
  private String lastTable = "";
  private String lastIndex = "";

  @Override
  public void init() throws DBException {
    config = ElasticsearchConfig.fromProperties(getProperties());
    mapper = new DocumentMapper(config.schema());
    refresh = refreshPolicy(config.refresh());
    retryOnConflict = config.retryOnConflict();
    client = SharedElasticsearchClient.acquire(config);
    SearchBindings.register(this);
  }

  @Override
  public void cleanup() throws DBException {
    SearchBindings.unregister();
    if (client != null) {
      client = null;
      SharedElasticsearchClient.release(config.connection());
    }
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      GetResponse<ObjectNode> r =
          client.get(
              g -> {
                g.index(index(table)).id(key);
                return fields == null ? g : g.sourceIncludes(new ArrayList<>(fields));
              },
              ObjectNode.class);
      if (!r.found()) {
        return Status.NOT_FOUND;
      }
      mapper.fields(r.source(), fields, result);
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return failed("read", e);
    }
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try {
      SearchResponse<ObjectNode> r =
          client.search(
              ElasticsearchSearchQuery.scan(index(table), startkey, recordcount, fields),
              ObjectNode.class);
      for (Hit<ObjectNode> hit : r.hits().hits()) {
        HashMap<String, ByteIterator> record = new HashMap<>();
        mapper.fields(hit.source(), fields, record);
        result.add(record);
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return failed("scan", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    ObjectNode partial;
    try {
      partial = mapper.partial(values);
    } catch (IllegalArgumentException e) {
      return FAILURES.failed("update", e, Status.BAD_REQUEST);
    }
    try {
      client.update(
          u ->
              u.index(index(table))
                  .id(key)
                  .doc(partial)
                  .refresh(refresh)
                  .retryOnConflict(retryOnConflict),
          ObjectNode.class);
      return Status.OK;
    } catch (ElasticsearchException e) {
      return e.status() == 404 && DOCUMENT_MISSING.equals(e.error().type())
          ? Status.NOT_FOUND
          : failed("update", e);
    } catch (IOException | RuntimeException e) {
      return failed("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    ObjectNode document;
    try {
      document = mapper.document(key, values);
    } catch (IllegalArgumentException e) {
      return FAILURES.failed("insert", e, Status.BAD_REQUEST);
    }
    try {
      client.index(i -> i.index(index(table)).id(key).document(document).refresh(refresh));
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return failed("insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      Result result = client.delete(d -> d.index(index(table)).id(key).refresh(refresh)).result();
      return result == Result.NotFound ? Status.NOT_FOUND : Status.OK;
    } catch (IOException | RuntimeException e) {
      return failed("delete", e);
    }
  }

  @Override
  public Status search(String table, SearchQuery query, List<SearchHit> page) {
    try {
      SearchResponse<ObjectNode> r =
          client.search(ElasticsearchSearchQuery.search(index(table), query), ObjectNode.class);
      for (Hit<ObjectNode> hit : r.hits().hits()) {
        page.add(
            SearchHit.of(hit.id(), query, fields -> mapper.fields(hit.source(), null, fields)));
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return failed("search", e);
    }
  }

  @Override
  public List<String> analyze(String table, String text) {
    try {
      return client
          .indices()
          .analyze(
              ElasticsearchSearchQuery.analyze(index(table), config.schema().textField(), text))
          .tokens()
          .stream()
          .map(t -> t.token())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Index name of a table; remembers the last one so the hot path does not lower-case on every
   * call.
   */
  private String index(String table) {
    if (!table.equals(lastTable)) {
      lastIndex = table.toLowerCase(Locale.ROOT);
      lastTable = table;
    }
    return lastIndex;
  }

  /** {@code false} sends no refresh parameter at all: the same as Elasticsearch's default. */
  static Refresh refreshPolicy(String property) {
    return switch (property) {
      case "true" -> Refresh.True;
      case "wait_for" -> Refresh.WaitFor;
      default -> null;
    };
  }

  /** Any failure but a value the mapper refused is ERROR, even an IllegalArgumentException. */
  private static Status failed(String op, Exception e) {
    return FAILURES.failed(op, e, Status.ERROR);
  }
}
