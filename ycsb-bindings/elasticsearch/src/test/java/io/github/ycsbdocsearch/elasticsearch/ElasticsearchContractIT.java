package io.github.ycsbdocsearch.elasticsearch;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.contract.StoreContractTest;
import java.util.Properties;

/**
 * The shared store contract against the local single Elasticsearch node ({@code scripts/stores.sh
 * start elasticsearch}; env {@code ES_PORT}, default 9200). Fails when the node is down.
 */
class ElasticsearchContractIT extends StoreContractTest {

  static String localHosts() {
    return "http://127.0.0.1:" + System.getenv().getOrDefault("ES_PORT", "9200");
  }

  @Override
  protected StoreKind kind() {
    return StoreKind.ELASTICSEARCH;
  }

  @Override
  protected Properties connectionProperties() {
    Properties p = new Properties();
    p.setProperty(ElasticsearchConfig.HOSTS_PROPERTY, localHosts());
    return p;
  }
}
