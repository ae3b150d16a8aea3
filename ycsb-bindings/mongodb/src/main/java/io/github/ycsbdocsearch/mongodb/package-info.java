/**
 * YCSB binding for MongoDB (mongodb-driver-sync): CRUD by {@code _id} and the paginated two-word
 * search over a text index with {@code default_language: "none"}. Entry points: {@link
 * io.github.ycsbdocsearch.mongodb.MongoDbClient} (the YCSB {@code DB}) and {@link
 * io.github.ycsbdocsearch.mongodb.MongoDbProbe} (check/describe/reset/count).
 */
package io.github.ycsbdocsearch.mongodb;
