package io.github.ycsbdocsearch.report;

import java.util.Optional;

/**
 * One operation and latency kind of one step, warm-up excluded. Immutable, thread-safe.
 *
 * @param op            YCSB operation name (READ, SEARCH, ...)
 * @param kind          service time or intended-start latency
 * @param count         successful operations
 * @param errors        failed operations ({@code <OP>-FAILED})
 * @param throughputOps successful operations of {@code op} per measured second
 * @param latency       latency figures; empty when no operation succeeded
 */
public record OperationSummary(String op, LatencyKind kind, long count, long errors, double throughputOps,
    Optional<LatencyStats> latency) {
}
