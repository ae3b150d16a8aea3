package io.github.ycsbdocsearch.elasticsearch;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.contract.StoreContractTest;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;

/**
 * The shared store contract against the 3-node cluster ({@code scripts/stores.sh start --topology
 * cluster elasticsearch}, HTTP 9201-9203; env {@code ES_CLUSTER_HOSTS} overrides), with 3 shards x
 * 1 replica so that sorting and paging merge hits from several shards. Skipped unless {@code
 * DOCSEARCH_CLUSTER_ITS=true}; when enabled, a cluster that is down fails the tests.
 */
class ElasticsearchClusterContractIT extends StoreContractTest {
  static final String CLUSTER_HOSTS_DEFAULT =
      "http://127.0.0.1:9201,http://127.0.0.1:9202,http://127.0.0.1:9203";

  @BeforeAll
  static void onlyWhenAsked() {
    assumeTrue(
        "true".equals(System.getenv("DOCSEARCH_CLUSTER_ITS")),
        "cluster ITs run only with DOCSEARCH_CLUSTER_ITS=true");
  }

  @Override
  protected StoreKind kind() {
    return StoreKind.ELASTICSEARCH;
  }

  @Override
  protected Properties connectionProperties() {
    Properties p = new Properties();
    p.setProperty(
        ElasticsearchConfig.HOSTS_PROPERTY,
        System.getenv().getOrDefault("ES_CLUSTER_HOSTS", CLUSTER_HOSTS_DEFAULT));
    p.setProperty(ElasticsearchConfig.SHARDS_PROPERTY, "3");
    p.setProperty(ElasticsearchConfig.REPLICAS_PROPERTY, "1");
    return p;
  }
}
