package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.mapping.DynamicMapping;
import co.elastic.clients.elasticsearch._types.mapping.Property;
import co.elastic.clients.elasticsearch._types.mapping.TypeMapping;
import co.elastic.clients.elasticsearch.indices.CreateIndexRequest;
import co.elastic.clients.elasticsearch.indices.IndexSettings;
import co.elastic.clients.elasticsearch.indices.TranslogDurability;
import co.elastic.clients.elasticsearch.indices.get_mapping.IndexMappingRecord;
import co.elastic.clients.json.JsonData;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import java.io.IOException;
import java.util.Map;

/**
 * Creates the benchmark index with an explicit mapping, once, and refuses to run against an index
 * whose mapping would change the answers.
 *
 * <p>Mapping: the text field is {@code text} with the {@code standard} analyzer (Unicode word split
 * + lowercase; no stemming; no stop words, which is the standard analyzer's default); the sort
 * field is {@code long}; the key copy ({@link DocumentMapper#KEY_FIELD}) is {@code keyword} for
 * scan's range and sort. {@code dynamic: false} keeps every other field ({@code field0..9}) in
 * {@code _source} only: stored and returned, never indexed, as YCSB needs. Stateless and
 * thread-safe.
 */
final class ElasticsearchIndexManager {
  static final String ANALYZER = "standard";

  private ElasticsearchIndexManager() {}

  /** The create-index request for the configured settings and mapping (the body is unit-tested). */
  static CreateIndexRequest createRequest(ElasticsearchConfig config) {
    return CreateIndexRequest.of(
        c -> c.index(config.index()).settings(settings(config)).mappings(mapping(config.schema())));
  }

  static IndexSettings settings(ElasticsearchConfig config) {
    return IndexSettings.of(
        s ->
            s.numberOfShards(String.valueOf(config.shards()))
                .numberOfReplicas(String.valueOf(config.replicas()))
                .refreshInterval(t -> t.time(config.refreshInterval()))
                .maxResultWindow(config.maxResultWindow())
                .translog(
                    t ->
                        t.durability(
                                "request".equals(config.translogDurability())
                                    ? TranslogDurability.Request
                                    : TranslogDurability.Async)
                            .syncInterval(i -> i.time(config.translogSyncInterval())))
                .otherSettings(
                    "write.wait_for_active_shards", JsonData.of(config.waitForActiveShards())));
  }

  static TypeMapping mapping(SearchSchema schema) {
    return TypeMapping.of(
        m ->
            m.dynamic(DynamicMapping.False)
                .properties(schema.textField(), p -> p.text(t -> t.analyzer(ANALYZER)))
                .properties(schema.sortField(), p -> p.long_(l -> l))
                .properties(DocumentMapper.KEY_FIELD, p -> p.keyword(k -> k)));
  }

  /**
   * Creates the index if it does not exist (a concurrent creator elsewhere is fine), else checks
   * that its mapping has the field types this binding relies on.
   */
  static void ensureIndex(ElasticsearchClient client, ElasticsearchConfig config) {
    String index = config.index();
    try {
      if (!client.indices().exists(e -> e.index(index)).value()) {
        try {
          client.indices().create(createRequest(config));
          return;
        } catch (ElasticsearchException e) {
          if (!"resource_already_exists_exception".equals(e.error().type())) {
            throw e;
          }
        }
      }
      checkMapping(client, config);
    } catch (IOException | ElasticsearchException e) {
      throw new SetupException(
          "elasticsearch at %s: cannot create index '%s': %s"
              .formatted(config.connection().addresses(), index, e.getMessage()),
          e);
    }
  }

  private static void checkMapping(ElasticsearchClient client, ElasticsearchConfig config)
      throws IOException {
    String index = config.index();
    Map<String, IndexMappingRecord> all = client.indices().getMapping(g -> g.index(index)).result();
    IndexMappingRecord record = all.get(index);
    Map<String, Property> props = record == null ? Map.of() : record.mappings().properties();
    SearchSchema schema = config.schema();
    String problem = null;
    Property text = props.get(schema.textField());
    if (text == null
        || !text.isText()
        || (text.text().analyzer() != null && !ANALYZER.equals(text.text().analyzer()))) {
      problem = "field '" + schema.textField() + "' is not text with the standard analyzer";
    } else if (props.get(schema.sortField()) == null || !props.get(schema.sortField()).isLong()) {
      problem = "field '" + schema.sortField() + "' is not long";
    } else if (props.get(DocumentMapper.KEY_FIELD) == null
        || !props.get(DocumentMapper.KEY_FIELD).isKeyword()) {
      problem = "field '" + DocumentMapper.KEY_FIELD + "' is not keyword";
    }
    if (problem != null) {
      throw new SetupException(
          ("elasticsearch at %s: index '%s' exists with another mapping (%s); reset it before"
                  + " loading")
              .formatted(config.connection().addresses(), index, problem));
    }
  }
}
