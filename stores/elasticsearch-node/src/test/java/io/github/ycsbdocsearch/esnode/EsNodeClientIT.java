package io.github.ycsbdocsearch.esnode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Operator;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import co.elastic.clients.elasticsearch.core.InfoResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import org.apache.http.HttpHost;
import org.elasticsearch.client.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official Java client against the node started by {@code scripts/stores.sh start
 * elasticsearch} (port from {@code ES_HTTP_PORT}, default 9200): every call the benchmark's binding
 * relies on.
 */
class EsNodeClientIT {

  private static final String INDEX = "esnode-client-it";
  private static RestClient rest;
  private static ElasticsearchClient client;

  @BeforeAll
  static void connect() throws IOException {
    int port = Integer.parseInt(System.getenv().getOrDefault("ES_HTTP_PORT", "9200"));
    rest = RestClient.builder(new HttpHost("127.0.0.1", port, "http")).build();
    client = new ElasticsearchClient(new RestClientTransport(rest, new JacksonJsonpMapper()));
    if (client.indices().exists(e -> e.index(INDEX)).value()) {
      client.indices().delete(d -> d.index(INDEX));
    }
  }

  @AfterAll
  static void close() throws IOException {
    client.indices().delete(d -> d.index(INDEX));
    rest.close();
  }

  @Test
  void infoReportsTheServerVersionAndPingWorks() throws IOException {
    InfoResponse info = client.info();
    assertEquals("8.19.21", info.version().number());
    assertEquals("You Know, for Search", info.tagline());
    assertTrue(client.ping().value());
  }

  @Test
  void indexBulkSearchPagesCountAndHealth() throws IOException {
    client
        .indices()
        .create(
            c ->
                c.index(INDEX)
                    .settings(s -> s.numberOfShards("1").numberOfReplicas("0"))
                    .mappings(
                        m ->
                            m.properties("title", p -> p.text(t -> t.analyzer("whitespace")))
                                .properties("rank", p -> p.long_(l -> l))));
    BulkRequest.Builder bulk = new BulkRequest.Builder();
    String[] titles = {"alpha beta gamma", "beta alpha", "alpha delta", "beta gamma alpha"};
    for (int i = 0; i < titles.length; i++) {
      ObjectNode doc =
          JsonNodeFactory.instance.objectNode().put("title", titles[i]).put("rank", 100 - i);
      String id = "user" + i;
      bulk.operations(o -> o.index(ix -> ix.index(INDEX).id(id).document(doc)));
    }
    assertTrue(!client.bulk(bulk.build()).errors());
    client.indices().refresh(r -> r.index(INDEX));

    SearchResponse<ObjectNode> page =
        client.search(
            s ->
                s.index(INDEX)
                    .query(
                        q ->
                            q.match(
                                m -> m.field("title").query("alpha beta").operator(Operator.And)))
                    .sort(so -> so.field(f -> f.field("rank").order(SortOrder.Asc)))
                    .from(1)
                    .size(2),
            ObjectNode.class);
    List<String> ids = page.hits().hits().stream().map(Hit::id).toList();
    assertEquals(List.of("user1", "user0"), ids);
    assertEquals(3, page.hits().total().value());

    assertEquals(
        3,
        client
            .count(
                c ->
                    c.index(INDEX)
                        .query(
                            q ->
                                q.match(
                                    m ->
                                        m.field("title")
                                            .query("alpha beta")
                                            .operator(Operator.And))))
            .count());
    String health = client.cluster().health(h -> h.index(INDEX)).status().jsonValue();
    assertTrue(health.equals("green") || health.equals("yellow"), health);
  }
}
