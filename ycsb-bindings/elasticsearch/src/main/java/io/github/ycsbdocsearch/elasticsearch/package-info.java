/**
 * YCSB binding for Elasticsearch 8 (official {@code elasticsearch-java} client): CRUD by document
 * id plus the paginated two-word full-text search, and the {@link
 * io.github.ycsbdocsearch.common.StoreProbe} the runner uses.
 *
 * <p>Entry points: {@link io.github.ycsbdocsearch.elasticsearch.ElasticsearchClient} (YCSB {@code
 * -db} class) and {@link io.github.ycsbdocsearch.elasticsearch.ElasticsearchProbe}. Properties: see
 * the module README.
 */
package io.github.ycsbdocsearch.elasticsearch;
