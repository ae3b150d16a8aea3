package io.github.ycsbdocsearch.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import io.github.ycsbdocsearch.common.FanOut;
import io.github.ycsbdocsearch.common.OpFailures;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchableDB;
import io.github.ycsbdocsearch.common.SharedClients;
import io.github.ycsbdocsearch.common.SortedMerge;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.bson.Document;
import org.bson.conversions.Bson;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for MongoDB: CRUD by {@code _id} (the YCSB key) plus the paginated two-word search.
 *
 * <p>Collection = YCSB table. This class only translates calls; settings live in {@link
 * MongoDbConfig}, the text index in {@link MongoDbSearchIndex}, query building in {@link
 * MongoDbSearchQuery} and field mapping in {@link DocumentMapper}. All instances of a JVM share one
 * driver client per server or shard ({@link #CLIENTS}). With {@code mongodb.shards} the binding
 * routes over several replica sets itself ({@link MongoDbShards}): by key for CRUD, to every shard
 * with a merge for scan and search.
 *
 * <p>Thread-safety: YCSB gives each client thread its own instance; an instance is not shared
 * between threads.
 */
public class MongoDbClient extends DB implements SearchableDB {
  private static final OpFailures FAILURES = new OpFailures("mongodb");

  /** The JVM's driver clients; creating one does no I/O. */
  static final SharedClients<MongoDbConfig, MongoClient> CLIENTS =
      new SharedClients<>(c -> MongoClients.create(c.clientSettings()), MongoClient::close);

  private MongoDbConfig config;

  /** The shard configs whose clients this instance holds. */
  private final List<MongoDbConfig> acquired = new ArrayList<>();

  private final List<MongoDatabase> databases = new ArrayList<>();
  private DocumentMapper mapper;

  /** Collection handles by table, one per shard; confined to this instance's thread. */
  private final Map<String, List<MongoCollection<Document>>> collections = new HashMap<>();

  /**
   * Connects (or joins the JVM's shared client), checks that the server answers, and makes sure the
   * configured table has the text index; else a one-line SetupException (unchecked).
   */
  @Override
  public void init() throws DBException {
    List<MongoDbConfig> shards = MongoDbShards.configs(getProperties());
    config = shards.get(0);
    mapper = new DocumentMapper(config.schema());
    String table = Props.table(getProperties());
    try {
      for (MongoDbConfig c : shards) {
        MongoClient client = CLIENTS.acquire(c);
        acquired.add(c);
        MongoDbSetupErrors.ping(client, c);
        MongoDatabase db = client.getDatabase(c.database());
        databases.add(db);
        ensureIndex(c, client, db.getCollection(table));
      }
    } catch (RuntimeException e) {
      releaseClients();
      throw e;
    }
    SearchBindings.register(this);
  }

  private void ensureIndex(MongoDbConfig c, MongoClient client, MongoCollection<Document> coll) {
    try {
      MongoDbRouter.shardCollectionIfRouter(client, coll);
      MongoDbSearchIndex.ensure(coll, c.schema());
    } catch (MongoException e) {
      throw MongoDbSetupErrors.translate(c, e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    SearchBindings.unregister();
    releaseClients();
  }

  private void releaseClients() {
    acquired.forEach(CLIENTS::release);
    acquired.clear();
    databases.clear();
    collections.clear();
  }

  /** The collection on every shard (one entry without sharding). */
  private List<MongoCollection<Document>> shards(String table) {
    return collections.computeIfAbsent(
        table, t -> databases.stream().map(d -> d.getCollection(t)).toList());
  }

  /** The collection on the shard that holds {@code key}. */
  private MongoCollection<Document> collection(String table, String key) {
    List<MongoCollection<Document>> all = shards(table);
    return all.get(MongoDbShards.shardOf(key, all.size()));
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      FindIterable<Document> find =
          collection(table, key).find(Filters.eq(DocumentMapper.ID, key)).limit(1);
      Document doc =
          (fields == null ? find : find.projection(Projections.include(List.copyOf(fields))))
              .first();
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      mapper.toFields(doc, result);
      return Status.OK;
    } catch (MongoException e) {
      return FAILURES.failed("read", e);
    }
  }

  /**
   * Records whose key is {@code >= startkey}, in key order (MongoDB compares strings by their
   * bytes; the merge over shards compares the keys' UTF-8 bytes the same way).
   */
  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try {
      List<List<Document>> perShard =
          FanOut.all(
              MongoDbShards.FAN_OUT,
              shards(table),
              c -> {
                FindIterable<Document> find =
                    c.find(Filters.gte(DocumentMapper.ID, startkey))
                        .sort(Sorts.ascending(DocumentMapper.ID))
                        .limit(recordcount);
                if (fields != null) {
                  find.projection(Projections.include(List.copyOf(fields)));
                }
                return find.into(new ArrayList<>());
              });
      Comparator<Document> byKey =
          Comparator.comparing(
              d -> String.valueOf(d.get(DocumentMapper.ID)), MongoDbClient::compareUtf8);
      for (Document doc : SortedMerge.page(perShard, byKey, 0, recordcount)) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        mapper.toFields(doc, row);
        result.add(row);
      }
      return Status.OK;
    } catch (MongoException | IllegalStateException e) {
      return FAILURES.failed("scan", e);
    }
  }

  /** {@code $set} of the given fields only; a missing key is NOT_FOUND (no upsert). */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      UpdateResult r =
          collection(table, key)
              .updateOne(
                  Filters.eq(DocumentMapper.ID, key),
                  new Document("$set", mapper.toSetFields(values)));
      return r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (IllegalArgumentException | MongoException e) {
      return FAILURES.failed("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      collection(table, key).insertOne(mapper.toDocument(key, values));
      return Status.OK;
    } catch (IllegalArgumentException | MongoException e) {
      return FAILURES.failed("insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      DeleteResult r = collection(table, key).deleteOne(Filters.eq(DocumentMapper.ID, key));
      return r.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (MongoException e) {
      return FAILURES.failed("delete", e);
    }
  }

  /**
   * One page: skip {@code offset} hits of the sorted result, then at most {@code pageSize}. Disk
   * use is allowed so that the in-memory top-k sort of a deep page (offset + size documents) cannot
   * fail on the server's 100 MB sort limit. Over shards: each shard's first {@code offset +
   * pageSize} hits (with the sort field), merged.
   */
  @Override
  public Status search(String table, SearchQuery query, List<SearchHit> page) {
    try {
      List<MongoCollection<Document>> all = shards(table);
      Iterable<Document> docs;
      if (all.size() == 1) {
        docs =
            find(
                all.get(0),
                query,
                query.offset(),
                query.pageSize(),
                MongoDbSearchQuery.projection(query));
      } else {
        // Keys-only pages still need the sort field of every candidate for the merge.
        Bson projection =
            query.keysOnly() ? Projections.include(DocumentMapper.ID, query.sortField()) : null;
        int top = query.offset() + query.pageSize();
        List<List<Document>> perShard =
            FanOut.all(
                MongoDbShards.FAN_OUT,
                all,
                c -> find(c, query, 0, top, projection).into(new ArrayList<>()));
        Comparator<Document> byRank =
            Comparator.comparingLong(d -> ((Number) d.get(query.sortField())).longValue());
        docs =
            SortedMerge.page(
                perShard,
                query.ascending() ? byRank : byRank.reversed(),
                query.offset(),
                query.pageSize());
      }
      for (Document doc : docs) {
        String key = String.valueOf(doc.get(DocumentMapper.ID));
        page.add(SearchHit.of(key, query, fields -> mapper.toFields(doc, fields)));
      }
      return Status.OK;
    } catch (MongoException | IllegalStateException e) {
      return FAILURES.failed("search", e);
    }
  }

  private static FindIterable<Document> find(
      MongoCollection<Document> c, SearchQuery q, int skip, int limit, Bson projection) {
    FindIterable<Document> find =
        c.find(MongoDbSearchQuery.filter(q))
            .sort(MongoDbSearchQuery.sort(q))
            .skip(skip)
            .limit(limit)
            .allowDiskUse(true);
    return projection == null ? find : find.projection(projection);
  }

  /** Bytewise order of the UTF-8 encodings: MongoDB's order of string {@code _id}s. */
  static int compareUtf8(String a, String b) {
    return Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
