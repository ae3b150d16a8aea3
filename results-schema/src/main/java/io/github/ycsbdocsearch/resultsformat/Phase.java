package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Why a step ran: the two questions of a sweep (how much can the store do, how fast is it at a
 * given load) and the harness's own floor. Immutable.
 */
public enum Phase {
  /**
   * Closed loop, N threads, no target: the capacity search (throughput ramp); latency is service
   * time.
   */
  CAPACITY,
  /**
   * Open loop at a fraction of the capacity-search peak: intended latency (coordinated omission
   * corrected).
   */
  LOAD,
  /** Open loop at a rate the user named ({@code --rates}). */
  RATES,
  /** Open loop at a rate the capacity search chose (a probe): also a point of the latency curve. */
  SEARCH,
  /**
   * YCSB's BasicDB (no store) at the same threads and rate as a store's fixed-rate step: the
   * harness's floor.
   */
  FLOOR,
  /**
   * One long open-loop step at a share of the capacity ({@code --soak}): what the store does over
   * time.
   */
  SOAK,
  /**
   * The fault step's twin without a fault ({@code --fault}): the same rate and length, its
   * reference window.
   */
  FAULT_CONTROL,
  /**
   * An open-loop step during which one server holding primary data is killed and restarted ({@code
   * --fault}).
   */
  FAULT;

  @JsonValue
  public String jsonName() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static Phase fromJson(String s) {
    return valueOf(s.toUpperCase(Locale.ROOT));
  }

  /**
   * The phase of a format-1 step, which did not record one: unthrottled steps searched capacity.
   */
  public static Phase ofFormat1(long targetOps) {
    return targetOps > 0 ? RATES : CAPACITY;
  }

  /**
   * Whether steps of this phase run at a fixed offered rate (intended latency is then meaningful).
   */
  public boolean fixedRate() {
    return this != CAPACITY;
  }
}
