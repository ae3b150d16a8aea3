package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch._types.Result;
import co.elastic.clients.elasticsearch.core.GetResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.concurrent.atomic.AtomicLong;
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
  private static final System.Logger LOG = System.getLogger(ElasticsearchClient.class.getName());

  /**
   * Errors logged in full before logging only every {@value #LOG_EVERY}th, so a dead cluster cannot
   * flood stderr.
   */
  private static final long LOG_FIRST = 10;

  private static final long LOG_EVERY = 10_000;

  /** Error responses carry the whole JSON error: one line of this size says what happened. */
  private static final int MAX_LOGGED_CHARS = 400;

  private static final AtomicLong ERRORS = new AtomicLong();
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
      return badRequest("update", e);
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
      return badRequest("insert", e);
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
        if (query.keysOnly()) {
          page.add(SearchHit.keyOnly(hit.id()));
        } else {
          Map<String, ByteIterator> fields = new HashMap<>();
          mapper.fields(hit.source(), null, fields);
          page.add(new SearchHit(hit.id(), fields));
        }
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
    switch (property) {
      case "true":
        return Refresh.True;
      case "wait_for":
        return Refresh.WaitFor;
      default:
        return null;
    }
  }

  private static Status badRequest(String op, IllegalArgumentException e) {
    log(op, e);
    return Status.BAD_REQUEST;
  }

  private static Status failed(String op, Exception e) {
    log(op, e);
    return Status.ERROR;
  }

  private static void log(String op, Exception e) {
    long n = ERRORS.incrementAndGet();
    if (n <= LOG_FIRST || n % LOG_EVERY == 0) {
      String what = String.valueOf(e).replaceAll("\\s+", " ");
      LOG.log(
          System.Logger.Level.WARNING,
          "elasticsearch "
              + op
              + " failed (error #"
              + n
              + " in this JVM): "
              + (what.length() > MAX_LOGGED_CHARS
                  ? what.substring(0, MAX_LOGGED_CHARS) + "..."
                  : what));
    }
  }
}
