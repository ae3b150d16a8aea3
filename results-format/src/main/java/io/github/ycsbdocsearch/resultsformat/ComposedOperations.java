package io.github.ycsbdocsearch.resultsformat;

import java.util.List;
import java.util.Map;

/**
 * Operations the workload composes from others, each logged by YCSB under its own name while its
 * parts are logged again under theirs: a READ-MODIFY-WRITE logs one READ and one UPDATE (YCSB's
 * DBWrapper times both), a FRESHNESS logs the UPDATE that wrote its marker. Counting every log
 * would count such an operation two or three times; the step's operation count subtracts the parts.
 * Stateless.
 */
public final class ComposedOperations {

  /** Composed operation name to the part records each of its executions logs. */
  public static final Map<String, List<String>> PARTS =
      Map.of(
          "READ-MODIFY-WRITE", List.of("READ", "UPDATE"),
          "FRESHNESS", List.of("UPDATE"));

  private ComposedOperations() {}
}
