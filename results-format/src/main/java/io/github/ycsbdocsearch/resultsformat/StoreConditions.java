package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The conditions one store ran under, as {@code manifest.json} records them under {@code
 * stores.<name>}: the server version its binding's probe reported ({@code describe}), and how
 * stores.sh launched it ({@code local_settings}): topology, durability profile and what a crash may
 * lose, the memory budget and each process's share of it, the data set beside it. A fairness claim
 * is only as good as these facts side by side. A remote store has no {@code local_settings}: its
 * profile and budget come from the hosts file (terraform's), the rest is null, as is whatever an
 * older manifest lacks. Immutable.
 *
 * @param budgetMbPerServer memory each store may use per server ({@code --memory-mb})
 * @param perProcessMb one process's share of it (Redis maxmemory, WiredTiger cache, Elasticsearch
 *     heap)
 * @param dataBytes data-set size on the primaries after the load (each store's own measure)
 * @param copies copies of each document (primaries and replicas)
 * @param dataFitsBudget whether one server's share of every copy (data × copies / servers) fits its
 *     budget; for MongoDB "no" means reads may go to disk, for Redis that writes fail; null where
 *     the store's measure is not of memory (Elasticsearch's files on disk against its heap)
 * @param dataInMemory whether the data-set measure is of what the budget holds ({@code
 *     describe.data_set.in_memory}); null in manifests from before it was recorded
 */
public record StoreConditions(
    String version,
    String topology,
    String profile,
    String mayLose,
    Long budgetMbPerServer,
    Long perProcessMb,
    Long dataBytes,
    Long copies,
    Boolean dataFitsBudget,
    String readsFrom,
    Boolean dataInMemory) {

  /** Where each binding's probe puts the server version (RedisJSON, MongoDB, Elasticsearch). */
  static final List<String> VERSION_KEYS =
      List.of("redis_version", "mongodb.server.version", "server_version");

  /** Where every probe reports the data set (the bindings' {@code StoreProbe.DATA_SET}). */
  static final String DATA_SET = "data_set";

  private static final long MIB = 1L << 20;

  /**
   * Reads the conditions of {@code store} from a manifest; fields the manifest lacks are null. The
   * data set is the probe's ({@code describe.data_set}, measured after the load); manifests from
   * before it was there keep theirs in {@code local_settings.dataset}.
   */
  public static StoreConditions of(JsonNode manifest, String store) {
    JsonNode s = manifest.path(Manifest.STORES).path(store);
    JsonNode local = s.path(Manifest.LOCAL_SETTINGS);
    JsonNode memory = local.path("memory");
    JsonNode hosts = manifest.path(Manifest.HOSTS);
    String version =
        VERSION_KEYS.stream()
            .map(k -> s.path(Manifest.DESCRIBE).path(k))
            .filter(JsonNode::isValueNode)
            .map(JsonNode::asText)
            .findFirst()
            .orElse(null);
    Long budget =
        first(
            number(memory.path("budget_mb_per_server")),
            number(hosts.path("memory_mb_per_store_and_server")));
    Long dataBytes =
        first(
            number(s.path(Manifest.DESCRIBE).path(DATA_SET).path("primary_bytes")),
            number(local.path("dataset").path("primary_bytes")));
    Long copies =
        first(
            first(number(memory.path("copies")), number(local.path("dataset").path("copies"))),
            number(hosts.path("copies")));
    Long servers = first(number(memory.path("servers")), number(hosts.path("servers")));
    Boolean fits = null;
    if (memory.path("data_fits_budget").isBoolean()) {
      fits = memory.path("data_fits_budget").asBoolean();
    } else if (budget != null && dataBytes != null && copies != null && servers != null) {
      fits = dataBytes * copies / servers <= budget * MIB;
    }
    JsonNode inMemory = s.path(Manifest.DESCRIBE).path(DATA_SET).path("in_memory");
    Boolean dataInMemory = inMemory.isBoolean() ? inMemory.asBoolean() : null;
    if (Boolean.FALSE.equals(dataInMemory)) {
      // Files on disk against a heap: unlike things (Elasticsearch reads its files through the OS
      // page cache, which the budget does not cap), so no verdict.
      fits = null;
    }
    String readsFrom = text(local.path("cluster").path("reads_from"));
    return new StoreConditions(
        version,
        first(text(local.path("topology")), text(hosts.path("topology"))),
        first(
            text(local.path("durability").path("profile")), text(hosts.path("durability_profile"))),
        text(local.path("durability").path("loss")),
        budget,
        number(memory.path("per_process_mb")),
        dataBytes,
        copies,
        fits,
        readsFrom != null ? readsFrom : text(local.path("reads_from")),
        dataInMemory);
  }

  private static String text(JsonNode n) {
    return n.isValueNode() && !n.isNull() ? n.asText() : null;
  }

  private static Long number(JsonNode n) {
    return n.canConvertToLong() ? n.asLong() : null;
  }

  private static <T> T first(T a, T b) {
    return a != null ? a : b;
  }
}
