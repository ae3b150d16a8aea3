package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.verify.SearchVerification;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.mongodb.MongoDbConfig;
import java.util.Properties;
import site.ycsb.DB;

/**
 * The durability check's read-back connection: it asks each store the copy that decides what
 * survived, whatever the load's properties say (a load may read secondaries; the check may not).
 *
 * <ul>
 *   <li>MongoDB: the primary, with read concern {@code majority}: only what a majority of the
 *       replica set holds, which no later failover rolls back.
 *   <li>Redis: the binding reads masters only (it never sends {@code READONLY}); nothing to change.
 *   <li>Elasticsearch: the index is refreshed first; a GET by id is real-time and is served by any
 *       in-sync copy. Elasticsearch 7 removed the {@code _primary} preference; it is not needed, as
 *       the primary acknowledges a write only once every in-sync copy has it, and only in-sync
 *       copies are read.
 * </ul>
 */
final class SourceOfTruth {
  private SourceOfTruth() {}

  /** The load's properties with the read settings of the source of truth on top. */
  static Properties properties(StoreKind kind, Properties load) {
    Properties p = new Properties();
    p.putAll(load);
    if (kind == StoreKind.MONGODB) {
      // A set property wins over the URL's options (MongoDbConfig), so a URL that names a
      // secondary read preference is overridden too.
      p.setProperty(MongoDbConfig.READ_PREFERENCE_PROPERTY, "primary");
      p.setProperty(MongoDbConfig.READ_CONCERN_PROPERTY, "majority");
    }
    return p;
  }

  /**
   * Opens the store's binding for the read-back, after a refresh (Elasticsearch).
   *
   * @throws io.github.ycsbdocsearch.common.SetupException when the store cannot be reached
   */
  static DB open(StoreKind kind, Properties load) {
    Properties p = properties(kind, load);
    kind.newProbe().refresh(p, SearchWorkloadConfig.fromProperties(p).table());
    return SearchVerification.open(kind, p);
  }
}
