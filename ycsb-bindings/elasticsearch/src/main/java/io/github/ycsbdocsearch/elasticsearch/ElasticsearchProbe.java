package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.Time;
import co.elastic.clients.elasticsearch._types.mapping.Property;
import co.elastic.clients.elasticsearch.core.InfoResponse;
import co.elastic.clients.elasticsearch.indices.IndexSettings;
import co.elastic.clients.elasticsearch.indices.IndexState;
import co.elastic.clients.elasticsearch.indices.Translog;
import co.elastic.clients.elasticsearch.nodes.Jvm;
import co.elastic.clients.transport.Version;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreProbe;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.TreeMap;

/** {@link StoreProbe} for Elasticsearch. Every call opens and closes its own client: stateless. */
public class ElasticsearchProbe implements StoreProbe {

  @FunctionalInterface
  private interface Call<T> {
    T apply(ElasticsearchClient client) throws IOException;
  }

  @Override
  public void check(Properties props) {
    withClient(props, "check", c -> c.info());
  }

  @Override
  public Map<String, Object> describe(Properties props) {
    ElasticsearchConfig config = ElasticsearchConfig.fromProperties(props);
    return withClient(
        props,
        "describe",
        client -> {
          Map<String, Object> d = new LinkedHashMap<>();
          InfoResponse info = client.info();
          d.put("store", "elasticsearch");
          d.put("server_version", info.version().number());
          d.put("client_version", Version.VERSION == null ? "unknown" : Version.VERSION.toString());
          d.put("cluster_name", info.clusterName());
          d.put("nodes", client.cluster().health().numberOfNodes());
          d.put("nodes_heap_max_bytes", heapPerNode(client));
          d.put("hosts", config.connection().addresses());
          d.put("write_refresh_policy", config.refresh());
          d.put("index", config.index());
          boolean exists = client.indices().exists(e -> e.index(config.index())).value();
          d.put("index_exists", exists);
          if (exists) {
            describeIndex(
                client.indices().get(g -> g.index(config.index())).get(config.index()), config, d);
            // Every index, as Redis and MongoDB count all they hold: what competes for the memory
            // budget.
            var primaries =
                client.indices().stats(st -> st.metric("docs", "store")).all().primaries();
            d.put(
                DATA_SET,
                StoreProbe.dataSet(
                    primaries.docs() == null ? 0 : primaries.docs().count(),
                    primaries.store() == null ? 0 : primaries.store().sizeInBytes(),
                    "docs count and store size of the primaries of every index (files on disk)",
                    false));
          } else {
            describeConfigured(config, d);
          }
          return d;
        });
  }

  /** Each node's maximum heap, by name; from node stats (this client cannot decode node info). */
  private static Map<String, Long> heapPerNode(ElasticsearchClient client) throws IOException {
    Map<String, Long> heap = new TreeMap<>();
    client
        .nodes()
        .stats(s -> s.metric("jvm"))
        .nodes()
        .values()
        .forEach(
            n ->
                heap.put(
                    n.name(),
                    n.jvm() == null || n.jvm().mem() == null
                        ? null
                        : n.jvm().mem().heapMaxInBytes()));
    return heap;
  }

  /** The settings and mapping the index really has (which may predate this run's properties). */
  private static void describeIndex(
      IndexState state, ElasticsearchConfig config, Map<String, Object> d) {
    IndexSettings s = state.settings() == null ? null : state.settings().index();
    if (s == null) {
      s = state.settings();
    }
    Translog translog = s == null ? null : s.translog();
    d.put("shards", s == null ? null : s.numberOfShards());
    d.put("replicas", s == null ? null : s.numberOfReplicas());
    d.put("refresh_interval", s == null ? null : orDefault(time(s.refreshInterval()), "1s"));
    d.put(
        "translog_durability",
        translog == null || translog.durability() == null
            ? "request"
            : translog.durability().jsonValue());
    d.put(
        "translog_sync_interval",
        translog == null ? "5s" : orDefault(time(translog.syncInterval()), "5s"));
    d.put(
        "max_result_window",
        s == null || s.maxResultWindow() == null ? 10_000 : s.maxResultWindow());
    Map<String, Property> fields =
        state.mappings() == null ? Map.of() : state.mappings().properties();
    Property text = fields.get(config.schema().textField());
    d.put("text_field", config.schema().textField());
    d.put(
        "text_analyzer",
        text == null || !text.isText() ? null : orDefault(text.text().analyzer(), "standard"));
    Property sort = fields.get(config.schema().sortField());
    d.put("sort_field", config.schema().sortField());
    d.put("sort_field_type", sort == null ? null : sort._kind().jsonValue());
    d.put("key_field", DocumentMapper.KEY_FIELD);
    d.put(
        "dynamic_mapping",
        state.mappings() == null || state.mappings().dynamic() == null
            ? "true"
            : state.mappings().dynamic().jsonValue());
  }

  /** What the binding will create, when the index does not exist yet. */
  private static void describeConfigured(ElasticsearchConfig config, Map<String, Object> d) {
    d.put("shards", String.valueOf(config.shards()));
    d.put("replicas", String.valueOf(config.replicas()));
    d.put("refresh_interval", config.refreshInterval());
    d.put("translog_durability", config.translogDurability());
    d.put("translog_sync_interval", config.translogSyncInterval());
    d.put("write_wait_for_active_shards", config.waitForActiveShards());
    d.put("max_result_window", config.maxResultWindow());
    d.put("text_field", config.schema().textField());
    d.put("text_analyzer", ElasticsearchIndexManager.ANALYZER);
    d.put("sort_field", config.schema().sortField());
    d.put("sort_field_type", "long");
    d.put("key_field", DocumentMapper.KEY_FIELD);
    d.put("dynamic_mapping", "false");
  }

  @Override
  public void reset(Properties props, String table) {
    String index = table.toLowerCase(Locale.ROOT);
    withClient(
        props,
        "delete index " + index,
        c -> {
          try {
            return c.indices().delete(d -> d.index(index)).acknowledged();
          } catch (ElasticsearchException e) {
            if ("index_not_found_exception".equals(e.error().type())) {
              return true;
            }
            throw e;
          }
        });
  }

  @Override
  public void refresh(Properties props, String table) {
    String index = table.toLowerCase(Locale.ROOT);
    withClient(props, "refresh index " + index, c -> c.indices().refresh(r -> r.index(index)));
  }

  @Override
  public long count(Properties props, String table) {
    String index = table.toLowerCase(Locale.ROOT);
    return withClient(props, "count index " + index, c -> c.count(r -> r.index(index)).count());
  }

  /** {@code process.cpu.total_in_millis} summed over the nodes. */
  @Override
  public OptionalLong serverCpuNanos(Properties props) {
    try {
      return withClient(
          props,
          "node stats",
          c -> {
            long millis = 0;
            for (var node : c.nodes().stats(s -> s.metric("process")).nodes().values()) {
              if (node.process() == null
                  || node.process().cpu() == null
                  || node.process().cpu().totalInMillis() == null) {
                return OptionalLong.empty();
              }
              millis += node.process().cpu().totalInMillis();
            }
            return OptionalLong.of(millis * 1_000_000);
          });
    } catch (RuntimeException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * Refreshes, flushes and merges per node, and the JVMs' collections with their time (a collection
   * pauses the node's requests: how a stall is told apart from a merge).
   */
  @Override
  public BackgroundSampler backgroundSampler(Properties props) {
    return new NodeStatsSampler(ElasticsearchConfig.connection(props));
  }

  /**
   * One client, kept once it reaches the cluster (its pool reconnects by itself). A node that does
   * not say is left out of the sample. A merge counts when it starts: done plus running ({@code
   * merges.total} alone would place a long merge at its end).
   */
  private static final class NodeStatsSampler implements BackgroundSampler {
    private final ElasticsearchConfig.Connection connection;
    private ElasticsearchClient client;

    NodeStatsSampler(ElasticsearchConfig.Connection connection) {
      this.connection = connection;
    }

    @Override
    public synchronized Map<String, Long> counters() {
      try {
        if (client == null) {
          client = ElasticsearchConnector.open(connection);
        }
        Map<String, Long> n = new TreeMap<>();
        for (var entry :
            client
                .nodes()
                .stats(s -> s.metric("indices", "jvm").indexMetric("refresh", "flush", "merge"))
                .nodes()
                .entrySet()) {
          var node = entry.getValue();
          var indices = node.indices();
          if (indices == null
              || indices.refresh() == null
              || indices.flush() == null
              || indices.merges() == null) {
            continue;
          }
          String name = node.name() == null ? entry.getKey() : node.name();
          n.put(BackgroundSampler.key("es_refresh", name), indices.refresh().total());
          n.put(BackgroundSampler.key("es_flush", name), indices.flush().total());
          Long running = indices.merges().current();
          n.put(
              BackgroundSampler.key("es_merge", name),
              indices.merges().total() + (running == null ? 0 : running));
          addCollections(n, name, node.jvm());
        }
        return n;
      } catch (IOException | RuntimeException e) {
        return Map.of();
      }
    }

    /** Adds the node's collections and their time by collector ({@code young}, {@code old}). */
    private static void addCollections(Map<String, Long> n, String node, Jvm jvm) {
      if (jvm == null || jvm.gc() == null) {
        return;
      }
      jvm.gc()
          .collectors()
          .forEach(
              (name, c) -> {
                if (c.collectionCount() != null && name.matches("[a-z]+")) {
                  String kind = "es_gc_" + name;
                  n.put(BackgroundSampler.key(kind, node), c.collectionCount());
                  if (c.collectionTimeInMillis() != null) {
                    n.put(BackgroundSampler.key(kind + MILLIS, node), c.collectionTimeInMillis());
                  }
                }
              });
    }

    @Override
    public synchronized void close() {
      if (client != null) {
        ElasticsearchConnector.close(client);
      }
    }
  }

  private static <T> T withClient(Properties props, String what, Call<T> call) {
    ElasticsearchConfig.Connection connection = ElasticsearchConfig.connection(props);
    ElasticsearchClient client = ElasticsearchConnector.open(connection);
    try {
      return call.apply(client);
    } catch (IOException | ElasticsearchException e) {
      throw new SetupException(
          "elasticsearch at " + connection.addresses() + ": " + what + " failed: " + e.getMessage(),
          e);
    } finally {
      ElasticsearchConnector.close(client);
    }
  }

  private static String time(Time t) {
    return t == null ? null : (t.isTime() ? t.time() : String.valueOf(t.offset()));
  }

  private static <T> T orDefault(T value, T def) {
    return value == null ? def : value;
  }
}
