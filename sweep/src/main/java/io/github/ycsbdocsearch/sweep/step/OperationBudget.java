package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.sweep.cli.Defaults;
import java.util.Map;

/**
 * The YCSB {@code operationcount} of a step. Steps are bounded by time, so the count only has to be
 * out of reach. Without inserts it is {@link Integer#MAX_VALUE}. With inserts it must not be
 * absurd: CoreWorkload sizes its zipfian key space from it ({@code operationcount x
 * insertproportion x 2} future keys) and redraws every key that does not exist yet, so a huge count
 * makes each operation draw many keys. Then the budget is four times what the best step so far did
 * in the step's time (the next step at most doubles the threads), twice the target for a fixed
 * rate, and at least {@link Defaults#MIN_OPERATION_COUNT}; a step that uses it up ends early, which
 * is not an error. A {@code -p operationcount} given by the user wins. Stateless.
 */
public final class OperationBudget {
  private OperationBudget() {}

  public static long operationCount(
      Map<String, String> workloadProps,
      Map<String, String> userProps,
      int runSeconds,
      int targetOps,
      double bestOpsPerSec) {
    String user = userProps.get("operationcount");
    if (user != null) {
      return Long.parseLong(user.trim());
    }
    if (!inserts(workloadProps, userProps)) {
      return Integer.MAX_VALUE;
    }
    double n =
        Math.max(
            Defaults.MIN_OPERATION_COUNT,
            Math.max(4.0 * bestOpsPerSec * runSeconds, 2.0 * targetOps * runSeconds));
    return (long) Math.min(Integer.MAX_VALUE, Math.ceil(n));
  }

  /**
   * Whether the workload inserts: its {@code insertproportion} (the user's {@code -p} first) is
   * anything but a number at most 0 (a value YCSB itself rejects is taken as inserting, so the
   * budget stays bounded and no warm-up moves the keys).
   */
  public static boolean inserts(Map<String, String> workloadProps, Map<String, String> userProps) {
    String p =
        userProps.getOrDefault(
            "insertproportion", workloadProps.getOrDefault("insertproportion", "0"));
    try {
      return !(Double.parseDouble(p.trim()) <= 0);
    } catch (NumberFormatException e) {
      return true;
    }
  }
}
