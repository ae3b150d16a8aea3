package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Comparator;

/**
 * What identifies a sweep step across runs. Step indexes are not used: two runs with different
 * plans number the same load differently. Each phase is matched by what its steps hold fixed:
 *
 * <ul>
 *   <li>the ramp (closed loop): the thread count;
 *   <li>latency under offered load: the offered fraction of the run's own peak, since the absolute
 *       rate follows the peak, which differs from run to run;
 *   <li>explicit rates ({@code --rates}, and every fixed-rate step of a format-1 folder): threads
 *       and target.
 * </ul>
 *
 * Fields that do not identify the step in its phase are zeroed, so equal keys mean the same step.
 * Immutable.
 *
 * @param phase why the step ran
 * @param threads client threads (0 for load-phase steps)
 * @param targetOps target rate, ops/s (0 unless an explicit rate)
 * @param offeredPercent offered load as a percentage of the peak (load phase only, else null)
 */
public record StepKey(Phase phase, int threads, long targetOps, BigDecimal offeredPercent)
    implements Comparable<StepKey> {

  private static final Comparator<StepKey> ORDER =
      Comparator.comparing(StepKey::phase)
          .thenComparing(k -> k.offeredPercent() == null ? BigDecimal.ZERO : k.offeredPercent())
          .thenComparingLong(StepKey::targetOps)
          .thenComparingInt(StepKey::threads);

  public static StepKey of(SummaryRow row) {
    // Every row has a phase (bin/docsearch migrate gave format-1 rows what their target implies).
    Phase phase = row.phase();
    return switch (phase) {
      case RAMP -> new StepKey(phase, row.threads(), 0, null);
      case LOAD ->
          row.offeredFraction() == null
              ? new StepKey(Phase.RATES, row.threads(), row.targetOps(), null)
              : new StepKey(phase, 0, 0, percent(row.offeredFraction()));
      case RATES, FLOOR, SEARCH, SOAK, FAULT_CONTROL, FAULT ->
          new StepKey(phase, row.threads(), row.targetOps(), null);
    };
  }

  private static BigDecimal percent(double fraction) {
    // Fractions are written as 0.1, 0.25, 0.95: two decimals of a percentage tell them apart.
    return BigDecimal.valueOf(fraction * 100)
        .setScale(2, RoundingMode.HALF_UP)
        .stripTrailingZeros();
  }

  /** Whether its steps run at a fixed offered rate (intended latency then means something). */
  public boolean fixedRate() {
    return phase != Phase.RAMP;
  }

  /**
   * A short label, as reports name the step: {@code t16} (capacity), {@code load-50%}, {@code
   * t16-r4500} (explicit rate), {@code floor-t16-r4500}, {@code soak-t40-r3000}.
   */
  public String label() {
    return switch (phase) {
      case RAMP -> "t" + threads;
      case LOAD -> "load-" + offeredPercent.toPlainString() + "%";
      case RATES -> Fmt.format("t%d-r%d", threads, targetOps);
      case FLOOR -> Fmt.format("floor-t%d-r%d", threads, targetOps);
      case SEARCH -> Fmt.format("probe-t%d-r%d", threads, targetOps);
      case SOAK -> Fmt.format("soak-t%d-r%d", threads, targetOps);
      case FAULT_CONTROL -> Fmt.format("control-t%d-r%d", threads, targetOps);
      case FAULT -> Fmt.format("fault-t%d-r%d", threads, targetOps);
    };
  }

  @Override
  public int compareTo(StepKey other) {
    return ORDER.compare(this, other);
  }
}
