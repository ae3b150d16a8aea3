package io.github.ycsbdocsearch.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import org.bson.Document;

/**
 * A sharded cluster behind {@code mongos} (the cloud topology): the collection is sharded on a
 * hashed {@code _id} before its text index is made, so documents spread evenly over the shards and
 * {@code mongos} sends each search to every shard and merges their sorted top {@code offset +
 * count}. Against a replica set or a standalone server nothing happens. Stateless: thread-safe.
 *
 * <p>Not exercised by this repository's tests: no {@code mongos} is available from the package
 * registries of these machines (the local cluster topology routes in the binding, see {@link
 * MongoDbShards}).
 */
final class MongoDbRouter {
  /** {@code hello.msg} of a {@code mongos}. */
  private static final String MONGOS_MSG = "isdbgrid";

  private MongoDbRouter() {}

  static boolean isRouter(MongoClient client) {
    Document hello = client.getDatabase("admin").runCommand(new Document("hello", 1));
    return MONGOS_MSG.equals(hello.getString("msg"));
  }

  /**
   * Shards the collection on {@code {_id: "hashed"}} when connected to mongos; idempotent for the
   * same key.
   */
  static void shardCollectionIfRouter(MongoClient client, MongoCollection<Document> collection) {
    if (isRouter(client)) {
      client
          .getDatabase("admin")
          .runCommand(
              new Document("shardCollection", collection.getNamespace().getFullName())
                  .append("key", new Document(DocumentMapper.ID, "hashed")));
    }
  }
}
