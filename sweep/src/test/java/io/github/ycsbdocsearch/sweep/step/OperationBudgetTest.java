package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbdocsearch.sweep.cli.Defaults;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperationBudgetTest {
  private static final Map<String, String> NO_INSERTS = Map.of("insertproportion", "0");
  private static final Map<String, String> INSERTS = Map.of("insertproportion", "0.05");

  @Test
  void withoutInsertsTheCountIsOutOfReach() {
    assertEquals(
        Integer.MAX_VALUE, OperationBudget.operationCount(NO_INSERTS, Map.of(), 20, 0, 1e6));
    assertEquals(Integer.MAX_VALUE, OperationBudget.operationCount(Map.of(), Map.of(), 20, 0, 0));
  }

  @Test
  void withInsertsItFollowsTheBestThroughputSoFar() {
    assertEquals(
        Defaults.MIN_OPERATION_COUNT, OperationBudget.operationCount(INSERTS, Map.of(), 20, 0, 0));
    assertEquals(4_000_000L, OperationBudget.operationCount(INSERTS, Map.of(), 20, 0, 50_000));
    assertEquals(2_400_000L, OperationBudget.operationCount(INSERTS, Map.of(), 20, 60_000, 10_000));
    assertEquals(Integer.MAX_VALUE, OperationBudget.operationCount(INSERTS, Map.of(), 20, 0, 1e12));
  }

  @Test
  void theUsersCountWinsAndUserInsertsCount() {
    assertEquals(
        77, OperationBudget.operationCount(NO_INSERTS, Map.of("operationcount", "77"), 20, 0, 1e6));
    assertEquals(
        Defaults.MIN_OPERATION_COUNT,
        OperationBudget.operationCount(NO_INSERTS, Map.of("insertproportion", "0.1"), 20, 0, 0));
  }
}
