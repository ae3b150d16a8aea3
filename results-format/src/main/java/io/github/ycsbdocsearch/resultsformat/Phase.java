package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Why a step ran: the two questions of a sweep (how much can the store do, how fast is it at a
 * given load) and the harness's own floor. The closed-loop ramp finds the peak; the open-loop
 * search finds the capacity. Immutable.
 */
public enum Phase {
  /**
   * Closed loop, N threads, no target: the ramp, one step per thread count until the throughput
   * stops growing (its best step is the peak); latency is service time. Written as {@value
   * #RAMP_WRITTEN} in every results file.
   */
  RAMP,
  /**
   * Open loop at a fraction of the ramp's peak: intended latency (coordinated omission corrected),
   * the latency curve, and the capacity search's first windows.
   */
  LOAD,
  /** Open loop at a rate the user named ({@code --rates}). */
  RATES,
  /** Open loop at a rate the capacity search chose (a probe): also a point of the latency curve. */
  SEARCH,
  /** YCSB's BasicDB (no store) at a store's fixed-rate step's threads and rate: the floor. */
  FLOOR,
  /** One long open-loop step at a share of the capacity ({@code --soak}): the store over time. */
  SOAK,
  /** The fault step's twin without a fault ({@code --fault}): same rate and length. */
  FAULT_CONTROL,
  /** Open loop while a server holding primary data is killed and restarted ({@code --fault}). */
  FAULT;

  /**
   * How {@link #RAMP} is written (step.json, summary.json and its rows, summary.csv, the scripts'
   * filters): the ramp's name from before the ramp and the capacity search had names of their own,
   * kept so that every file and reader stays as it was (docs/results-format.md, "Phases").
   */
  public static final String RAMP_WRITTEN = "capacity";

  @JsonValue
  public String jsonName() {
    return this == RAMP ? RAMP_WRITTEN : name().toLowerCase(Locale.ROOT);
  }

  /** The phase for people (progress lines): its own name, {@code ramp} for {@link #RAMP}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static Phase fromJson(String s) {
    return RAMP_WRITTEN.equals(s) ? RAMP : valueOf(s.toUpperCase(Locale.ROOT));
  }

  /** The phase of a format-1 step, which did not record one: unthrottled steps were the ramp. */
  public static Phase ofFormat1(long targetOps) {
    return targetOps > 0 ? RATES : RAMP;
  }

  /** Whether its steps run at a fixed offered rate (intended latency is then meaningful). */
  public boolean fixedRate() {
    return this != RAMP;
  }
}
