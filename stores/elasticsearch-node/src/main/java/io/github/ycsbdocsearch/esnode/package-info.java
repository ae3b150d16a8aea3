/**
 * A launcher that runs a real Elasticsearch node from the official server jars on Maven Central,
 * for machines that cannot download the distribution. Started and stopped by {@code
 * scripts/stores.sh}; see the module README.
 */
package io.github.ycsbdocsearch.esnode;
