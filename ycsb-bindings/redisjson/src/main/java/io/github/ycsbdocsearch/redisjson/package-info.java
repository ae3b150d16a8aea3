/**
 * YCSB binding for RedisJSON + RediSearch: CRUD on JSON documents and the paginated two-word
 * search, on a single server or a Redis OSS cluster (client-side fan-out when the server has no
 * search coordinator). Entry points: {@link io.github.ycsbdocsearch.redisjson.RedisJsonClient} (the
 * YCSB {@code DB}) and {@link io.github.ycsbdocsearch.redisjson.RedisJsonProbe} (the store probe).
 */
package io.github.ycsbdocsearch.redisjson;
