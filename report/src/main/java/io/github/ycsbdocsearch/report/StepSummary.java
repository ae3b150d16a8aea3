package io.github.ycsbdocsearch.report;

import java.util.List;
import java.util.Optional;

/**
 * What one step measured, warm-up excluded: its {@code step.json} plus one {@link OperationSummary} per operation
 * and latency kind. Immutable, thread-safe.
 *
 * @param step            the step's {@code step.json}
 * @param stepName        the step folder's name, e.g. {@code 03-t8-r1000}
 * @param measuredSeconds length of the measured window (first kept interval start to last kept interval end)
 * @param throughputOps   all successful operations after warm-up per measured second
 * @param operations      per operation and latency kind, operations in a stable order, service before intended
 */
public record StepSummary(StepInfo step, String stepName, double measuredSeconds, double throughputOps,
    List<OperationSummary> operations) {

  /** Copies the list so the record stays immutable. */
  public StepSummary {
    operations = List.copyOf(operations);
  }

  /** The summary of {@code op} and {@code kind}, if the step recorded that operation. */
  public Optional<OperationSummary> operation(String op, LatencyKind kind) {
    return operations.stream().filter(o -> o.op().equals(op) && o.kind() == kind).findFirst();
  }

  /** The distinct operation names, in the order of {@link #operations()}. */
  public List<String> operationNames() {
    return operations.stream().map(OperationSummary::op).distinct().toList();
  }

  /** Total successful operations after warm-up (service-time counts). */
  public long totalOps() {
    return operations.stream().filter(o -> o.kind() == LatencyKind.SERVICE).mapToLong(OperationSummary::count).sum();
  }

  /** Total failed operations after warm-up. */
  public long totalErrors() {
    return operations.stream().filter(o -> o.kind() == LatencyKind.SERVICE).mapToLong(OperationSummary::errors)
        .sum();
  }
}
