/**
 * Minimal YCSB {@code DB}s that call each store's driver directly, with none of the bindings' own
 * code paths: the reference that {@code scripts/bench-binding-overhead.sh} measures each binding's
 * READ and UPDATE rate against. They read and update the documents the bindings write; anything
 * else is NOT_IMPLEMENTED.
 */
package io.github.ycsbdocsearch.benchmarks;
