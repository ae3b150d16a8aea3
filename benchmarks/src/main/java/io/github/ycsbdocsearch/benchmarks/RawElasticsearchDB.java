package io.github.ycsbdocsearch.benchmarks;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.GetResponse;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SharedClients;
import io.github.ycsbdocsearch.elasticsearch.ElasticsearchConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.http.HttpHost;
import org.elasticsearch.client.RestClient;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * READ and UPDATE of the Elasticsearch binding's documents (index = table in lower case, {@code
 * _id} = YCSB key) with elasticsearch-java over the same low-level REST client transport: a get
 * (with source includes for named fields) and a partial-document update. Connects with {@code
 * es.hosts} (http, no authentication).
 */
public class RawElasticsearchDB extends ReadUpdateDB {
  private static final SharedClients<Nodes, RestClientTransport> CLIENTS =
      new SharedClients<>(RawElasticsearchDB::open, RawElasticsearchDB::close);

  /** The binding's keyword copy of the key, which it never returns: left out here too. */
  private static final String KEY_COPY = "ycsb_key";

  /**
   * The binding's default: concurrent partial updates of one hot document conflict, and the binding
   * retries them on the server.
   */
  private static final int RETRY_ON_CONFLICT = 5;

  /** The low-level client's own per-host default; more threads than connections would queue. */
  private static final int MIN_CONNECTIONS = 10;

  private ElasticsearchClient client;

  /** The nodes and the connections to each. */
  private record Nodes(List<HttpHost> hosts, int perHost) {}

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    HttpHost[] hosts =
        hosts(p.getProperty(ElasticsearchConfig.HOSTS_PROPERTY, ElasticsearchConfig.HOSTS_DEFAULT));
    int perHost = Math.max(Props.threads(p), MIN_CONNECTIONS);
    client = new ElasticsearchClient(acquire(CLIENTS, new Nodes(List.of(hosts), perHost)));
  }

  private static RestClientTransport open(Nodes nodes) {
    return new RestClientTransport(
        RestClient.builder(nodes.hosts().toArray(HttpHost[]::new))
            .setHttpClientConfigCallback(
                h ->
                    h.setMaxConnPerRoute(nodes.perHost())
                        .setMaxConnTotal(nodes.perHost() * nodes.hosts().size()))
            .build(),
        new JacksonJsonpMapper());
  }

  private static void close(RestClientTransport transport) {
    try {
      transport.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code es.hosts}: comma-separated URLs such as {@code http://127.0.0.1:9200}. */
  static HttpHost[] hosts(String property) {
    return Arrays.stream(property.split(","))
        .map(String::trim)
        .map(HttpHost::create)
        .toArray(HttpHost[]::new);
  }

  static String index(String table) {
    return table.toLowerCase(Locale.ROOT);
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      GetResponse<ObjectNode> r =
          client.get(
              g -> {
                g.index(index(table)).id(key);
                return fields == null ? g : g.sourceIncludes(new ArrayList<>(fields));
              },
              ObjectNode.class);
      if (!r.found()) {
        return Status.NOT_FOUND;
      }
      for (Map.Entry<String, JsonNode> e : r.source().properties()) {
        if (!KEY_COPY.equals(e.getKey())) {
          result.put(e.getKey(), new StringByteIterator(e.getValue().asText()));
        }
      }
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      Map<String, String> doc = new HashMap<>();
      values.forEach((field, value) -> doc.put(field, value.toString()));
      client.update(
          u -> u.index(index(table)).id(key).doc(doc).retryOnConflict(RETRY_ON_CONFLICT),
          ObjectNode.class);
      return Status.OK;
    } catch (IOException | RuntimeException e) {
      return Status.ERROR;
    }
  }
}
