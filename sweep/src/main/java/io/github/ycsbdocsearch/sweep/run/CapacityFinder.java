package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.Saturation;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.plan.Slo;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Capacity bounded by latency, as saturation.json records it. With a capacity search (the default),
 * the capacity is the low end of its converged bracket ({@link SearchPhase}). A run of explicit
 * {@code --rates} only has no search: its capacity is the highest of those rates whose step was
 * usable (complete, sustained, not client-limited) and met the objective. Stateless.
 */
public final class CapacityFinder {

  private CapacityFinder() {}

  /**
   * The highest usable fixed-rate step that met the objective (explicit rates without a search).
   */
  public static Optional<StepSummary> capacity(List<StepSummary> steps, Slo slo) {
    return steps.stream()
        .filter(
            s -> s.phase() == Phase.LOAD || s.phase() == Phase.RATES || s.phase() == Phase.SEARCH)
        .filter(StepSummary::usable)
        .filter(slo::metBy)
        .max(Comparator.comparingLong(StepSummary::targetOps));
  }

  /**
   * The peak file with the capacity fields filled from the search, else from the fixed-rate {@code
   * steps}.
   */
  static Saturation withCapacity(
      Saturation peak, List<StepSummary> steps, Slo slo, Optional<SearchPhase.Found> search) {
    if (search.isPresent()) {
      return fromSearch(peak, slo, search.get());
    }
    return withCapacity(peak, steps, slo);
  }

  /** The peak file with the capacity from the fixed-rate {@code steps} (no search ran). */
  public static Saturation withCapacity(Saturation peak, List<StepSummary> steps, Slo slo) {
    Optional<StepSummary> c = capacity(steps, slo);
    long fixed =
        steps.stream().filter(s -> s.phase().fixedRate() && s.phase() != Phase.FLOOR).count();
    String why;
    if (c.isPresent()) {
      why =
          String.format(
              Locale.ROOT,
              "capacity: the highest of %d fixed-rate steps that was sustained and met %s "
                  + "(no capacity search ran)",
              fixed,
              slo.text());
    } else {
      why =
          fixed == 0
              ? "no capacity: no fixed-rate step ran"
              : String.format(
                  Locale.ROOT,
                  "no capacity: none of %d fixed-rate steps was complete, sustained, not"
                      + " client-limited and within %s",
                  fixed,
                  slo.text());
    }
    return peak.withCapacity(
        c.map(st -> (double) st.targetOps()).orElse(null),
        c.map(StepSummary::step).orElse(null),
        slo.text(),
        why,
        null);
  }

  private static Saturation fromSearch(Saturation peak, Slo slo, SearchPhase.Found found) {
    var r = found.result();
    Double lo = r.lo().isPresent() ? r.lo().getAsDouble() : null;
    Double hi = r.hi().isPresent() ? r.hi().getAsDouble() : null;
    Double conf =
        Double.isNaN(r.confidence()) ? null : Math.round(r.confidence() * 10000) / 10000.0;
    List<CapacitySearchRecord.Probe> probes =
        found.probes().stream()
            .map(
                p ->
                    new CapacitySearchRecord.Probe(
                        p.step(),
                        p.rate(),
                        p.reason(),
                        p.outcome(),
                        p.confidence(),
                        p.dispersion()))
            .toList();
    String capacityStep =
        lo == null
            ? null
            : found.probes().stream()
                .filter(p -> p.rate() == Math.round(lo) && "pass".equals(p.outcome()))
                .reduce((a, b) -> b)
                .map(SearchPhase.ProbeRecord::step)
                .orElse(null);
    CapacitySearchRecord rec =
        new CapacitySearchRecord(
            lo,
            hi,
            r.lowerBound(),
            r.converged(),
            conf,
            Defaults.SEARCH_RESOLUTION,
            r.reason(),
            probes);
    String why = String.format(Locale.ROOT, "capacity search under %s: %s", slo.text(), r.reason());
    return peak.withCapacity(lo, capacityStep, slo.text(), why, rec);
  }
}
