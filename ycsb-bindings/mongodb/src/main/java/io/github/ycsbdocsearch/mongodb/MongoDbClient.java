package io.github.ycsbdocsearch.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchableDB;
import io.github.ycsbdocsearch.common.SetupException;
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
 * <p>Collection = YCSB table. This class only translates calls; settings live in {@link MongoDbConfig}, the text
 * index in {@link MongoSearchIndex}, query building in {@link MongoSearchQuery} and field mapping in
 * {@link DocumentMapper}. All instances of a JVM share one driver client ({@link SharedMongoClient}).
 *
 * <p>Thread-safety: YCSB gives each client thread its own instance; an instance is not shared between threads.
 */
public class MongoDbClient extends DB implements SearchableDB {
  /** YCSB's table property (CoreWorkload's {@code table}); its collection gets the text index in {@code init()}. */
  public static final String TABLE_PROPERTY = "table";
  public static final String TABLE_DEFAULT = "usertable";

  private static final System.Logger LOG = System.getLogger(MongoDbClient.class.getName());

  private MongoDbConfig config;
  private SharedMongoClient.Lease lease;
  private MongoDatabase database;
  private DocumentMapper mapper;
  /** Collection handles by table; confined to this instance's thread. */
  private final Map<String, MongoCollection<Document>> collections = new HashMap<>();
  private long failures;

  /**
   * Connects (or joins the JVM's shared client), checks that the server answers, and makes sure the configured
   * table has the text index.
   *
   * @throws SetupException (unchecked) with one line naming the property or the address at fault
   */
  @Override
  public void init() throws DBException {
    config = MongoDbConfig.fromProperties(getProperties());
    mapper = new DocumentMapper(config.schema());
    lease = SharedMongoClient.acquire(config);
    try {
      MongoSetupErrors.ping(lease.client(), config);
      database = lease.client().getDatabase(config.database());
      ensureIndex(getProperties().getProperty(TABLE_PROPERTY, TABLE_DEFAULT));
    } catch (RuntimeException e) {
      lease.close();
      lease = null;
      throw e;
    }
    SearchBindings.register(this);
  }

  private void ensureIndex(String table) {
    try {
      MongoSearchIndex.ensure(collection(table), config.schema());
    } catch (MongoException e) {
      throw MongoSetupErrors.translate(config, e);
    }
  }

  @Override
  public void cleanup() throws DBException {
    SearchBindings.unregister();
    if (lease != null) {
      lease.close();
      lease = null;
    }
  }

  private MongoCollection<Document> collection(String table) {
    return collections.computeIfAbsent(table, t -> database.getCollection(t));
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      FindIterable<Document> find = collection(table).find(Filters.eq(DocumentMapper.ID, key)).limit(1);
      Document doc = (fields == null ? find : find.projection(Projections.include(List.copyOf(fields)))).first();
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      mapper.toFields(doc, result);
      return Status.OK;
    } catch (MongoException e) {
      return failed("read", e);
    }
  }

  /** Records whose key is {@code >= startkey}, in key order (MongoDB compares strings by their bytes). */
  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      FindIterable<Document> find = collection(table).find(Filters.gte(DocumentMapper.ID, startkey))
          .sort(Sorts.ascending(DocumentMapper.ID)).limit(recordcount);
      if (fields != null) {
        find.projection(Projections.include(List.copyOf(fields)));
      }
      for (Document doc : find) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        mapper.toFields(doc, row);
        result.add(row);
      }
      return Status.OK;
    } catch (MongoException e) {
      return failed("scan", e);
    }
  }

  /** {@code $set} of the given fields only; a missing key is NOT_FOUND (no upsert). */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      UpdateResult r = collection(table).updateOne(Filters.eq(DocumentMapper.ID, key),
          new Document("$set", mapper.toSetFields(values)));
      return r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (IllegalArgumentException e) {
      return failed("update", e, Status.BAD_REQUEST);
    } catch (MongoException e) {
      return failed("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      collection(table).insertOne(mapper.toDocument(key, values));
      return Status.OK;
    } catch (IllegalArgumentException e) {
      return failed("insert", e, Status.BAD_REQUEST);
    } catch (MongoException e) {
      return failed("insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      DeleteResult r = collection(table).deleteOne(Filters.eq(DocumentMapper.ID, key));
      return r.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (MongoException e) {
      return failed("delete", e);
    }
  }

  /**
   * One page: skip {@code offset} hits of the sorted result, then at most {@code pageSize}. Disk use is allowed so
   * that the in-memory top-k sort of a deep page (offset + size documents) cannot fail on the server's 100 MB
   * sort limit.
   */
  @Override
  public Status search(String table, SearchQuery query, List<SearchHit> page) {
    try {
      FindIterable<Document> find = collection(table).find(MongoSearchQuery.filter(query))
          .sort(MongoSearchQuery.sort(query)).skip(query.offset()).limit(query.pageSize()).allowDiskUse(true);
      Bson projection = MongoSearchQuery.projection(query);
      if (projection != null) {
        find.projection(projection);
      }
      for (Document doc : find) {
        String key = String.valueOf(doc.get(DocumentMapper.ID));
        if (query.keysOnly()) {
          page.add(SearchHit.keyOnly(key));
        } else {
          Map<String, ByteIterator> fields = new HashMap<>();
          mapper.toFields(doc, fields);
          page.add(new SearchHit(key, fields));
        }
      }
      return Status.OK;
    } catch (MongoException e) {
      return failed("search", e);
    }
  }

  private Status failed(String op, RuntimeException e) {
    return failed(op, e, Status.ERROR);
  }

  /** Logs the 1st, 2nd, 4th, 8th... failure of this thread: enough to see the cause without flooding the log. */
  private Status failed(String op, RuntimeException e, Status status) {
    failures++;
    if (Long.bitCount(failures) == 1) {
      LOG.log(System.Logger.Level.WARNING, "mongodb " + op + " failed (" + failures + " failures on this thread): "
          + e.getMessage());
    }
    return status;
  }
}
