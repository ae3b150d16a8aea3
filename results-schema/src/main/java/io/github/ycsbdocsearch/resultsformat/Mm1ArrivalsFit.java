package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The simulated M/M/1 store's {@code mm1-arrivals.json} ({@link RunLayout#MM1_ARRIVALS}, a paced
 * step's folder): how well the gaps between the requests its server saw fit an exponential, the
 * pacing fidelity behind the known answer. Written by {@code common}'s {@code Mm1DB} in the YCSB
 * process; read by {@code scripts/lib/pacing_fidelity.py}. Immutable.
 *
 * @param gaps gaps fitted
 * @param meanGapUs their mean, µs
 * @param cv their coefficient of variation (1 for Poisson arrivals)
 * @param ksD the Kolmogorov-Smirnov distance to the exponential of the same mean
 * @param stephens the statistic modified by Stephens for an estimated mean
 * @param stephensCritical5pct its critical value at 5 %
 * @param exponentialRejected whether the exponential is rejected at 5 %
 */
@JsonPropertyOrder({
  "gaps",
  "mean_gap_us",
  "cv",
  "ks_d",
  "stephens",
  "stephens_critical_5pct",
  "exponential_rejected"
})
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Mm1ArrivalsFit(
    long gaps,
    double meanGapUs,
    double cv,
    double ksD,
    double stephens,
    // Snake case would write the digits without their underscore (stephens_critical5pct).
    @JsonProperty("stephens_critical_5pct") double stephensCritical5pct,
    boolean exponentialRejected) {}
