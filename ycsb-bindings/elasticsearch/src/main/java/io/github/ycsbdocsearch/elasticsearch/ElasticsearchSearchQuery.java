package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Operator;
import co.elastic.clients.elasticsearch.core.SearchRequest;
import co.elastic.clients.elasticsearch.core.search.SourceConfig;
import co.elastic.clients.elasticsearch.indices.AnalyzeRequest;
import io.github.ycsbdocsearch.common.SearchQuery;
import java.util.ArrayList;
import java.util.Set;

/**
 * Builds the two {@code _search} requests the binding sends, with the client's own builders.
 * Stateless and thread-safe.
 *
 * <p>Search: {@code match} on the analyzed text field with {@code operator: and} (every word must
 * match; the query words go through the same standard analyzer as the documents, so case and stop
 * words behave as in the other stores; never {@code term}, which is not analyzed), sorted by the
 * numeric field only (ranks are unique, so the order is total), {@code from}/{@code size} for the
 * page, {@code track_total_hits: false} because only the page is needed, and {@code _source: false}
 * when only keys are wanted (the key is {@code _id}).
 *
 * <p>Scan: {@code range} on the keyword key copy from the start key, sorted by it (byte order of
 * the keys, as YCSB scans are in every store), {@code size} = record count.
 */
final class ElasticsearchSearchQuery {
  private ElasticsearchSearchQuery() {}

  /** One page of a two-word (or n-word) AND search. */
  static SearchRequest search(String index, SearchQuery q) {
    SortOrder order = q.ascending() ? SortOrder.Asc : SortOrder.Desc;
    return SearchRequest.of(
        s ->
            s.index(index)
                .query(
                    qb ->
                        qb.match(
                            m ->
                                m.field(q.textField())
                                    .query(String.join(" ", q.words()))
                                    .operator(Operator.And)))
                .sort(so -> so.field(f -> f.field(q.sortField()).order(order)))
                .from(q.offset())
                .size(q.pageSize())
                .trackTotalHits(t -> t.enabled(false))
                .source(c -> c.fetch(!q.keysOnly())));
  }

  /** {@code _analyze} of a text with the search field's analyzer (for the divergence table). */
  static AnalyzeRequest analyze(String index, String field, String text) {
    return AnalyzeRequest.of(a -> a.index(index).field(field).text(text));
  }

  /**
   * Up to {@code count} records with a key at or after {@code startKey}, in key order.
   *
   * @param fields the fields to return, or null for all (the key copy is then dropped by {@link
   *     DocumentMapper})
   */
  static SearchRequest scan(String index, String startKey, int count, Set<String> fields) {
    SourceConfig source =
        fields == null
            ? SourceConfig.of(c -> c.fetch(true))
            : SourceConfig.of(c -> c.filter(f -> f.includes(new ArrayList<>(fields))));
    return SearchRequest.of(
        s ->
            s.index(index)
                .query(
                    qb ->
                        qb.range(r -> r.term(t -> t.field(DocumentMapper.KEY_FIELD).gte(startKey))))
                .sort(so -> so.field(f -> f.field(DocumentMapper.KEY_FIELD).order(SortOrder.Asc)))
                .size(count)
                .trackTotalHits(t -> t.enabled(false))
                .source(source));
  }
}
