package io.github.ycsbdocsearch.benchmarks;

import com.mongodb.ConnectionString;
import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.result.UpdateResult;
import io.github.ycsbdocsearch.common.SharedClients;
import io.github.ycsbdocsearch.mongodb.MongoDbConfig;
import java.util.ArrayList;
import java.util.Map;
import java.util.Set;
import org.bson.Document;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * READ and UPDATE of the MongoDB binding's documents ({@code _id} = YCSB key, collection = table)
 * with mongodb-driver-sync as its documentation shows: {@code find(eq("_id", key)).first()},
 * optionally projected, and {@code updateOne(eq("_id", key), $set)}. Connects with {@code
 * mongodb.url}; the driver's defaults otherwise (acknowledged writes, as the binding's {@code auto}
 * on a single server; a pool of 100).
 */
public class RawMongoDB extends ReadUpdateDB {
  private static final SharedClients<String, MongoClient> CLIENTS =
      new SharedClients<>(MongoClients::create, MongoClient::close);

  private MongoDatabase database;

  @Override
  public void init() throws DBException {
    String url = getProperties().getProperty(MongoDbConfig.URL_PROPERTY, MongoDbConfig.URL_DEFAULT);
    database = acquire(CLIENTS, url).getDatabase(databaseName(url));
  }

  /** The database named in the URL's path, else the binding's default. */
  static String databaseName(String url) {
    String db = new ConnectionString(url).getDatabase();
    return db == null || db.isEmpty() ? MongoDbConfig.DATABASE_DEFAULT : db;
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      FindIterable<Document> find = database.getCollection(table).find(Filters.eq("_id", key));
      if (fields != null) {
        find.projection(Projections.include(new ArrayList<>(fields)));
      }
      Document doc = find.first();
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      copyFields(doc, null, "_id", result);
      return Status.OK;
    } catch (MongoException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      Document set = new Document();
      values.forEach((field, value) -> set.put(field, value.toString()));
      UpdateResult r =
          database
              .getCollection(table)
              .updateOne(Filters.eq("_id", key), new Document("$set", set));
      return r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (MongoException e) {
      return Status.ERROR;
    }
  }
}
