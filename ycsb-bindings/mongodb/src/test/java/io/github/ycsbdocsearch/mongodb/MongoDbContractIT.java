package io.github.ycsbdocsearch.mongodb;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.contract.StoreContractTest;
import java.util.Properties;

/**
 * The shared store contract against the single local mongod ({@code scripts/stores.sh start
 * mongodb}); env {@code MONGODB_PORT} (default 27017) says where it listens.
 */
class MongoDbContractIT extends StoreContractTest {

  /** The single-topology URL, from env MONGODB_PORT. */
  static String singleUrl() {
    String port = System.getenv().getOrDefault("MONGODB_PORT", "27017");
    return "mongodb://127.0.0.1:" + port + "/ycsb";
  }

  @Override
  protected StoreKind kind() {
    return StoreKind.MONGODB;
  }

  @Override
  protected Properties connectionProperties() {
    Properties p = new Properties();
    p.setProperty(MongoDbConfig.URL_PROPERTY, singleUrl());
    return p;
  }
}
