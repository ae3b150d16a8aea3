package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a step (or the load) ended, as written in {@code step.json}. Immutable. */
public enum StepStatus {
  /** YCSB ran the whole step and every check passed. */
  COMPLETE,
  /** YCSB failed, a store died, or the error bound was passed; {@code error} says which. */
  FAILED,
  /** Stopped by Ctrl-C (or SIGTERM) while running. */
  INTERRUPTED;

  @JsonValue
  public String jsonName() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static StepStatus fromJson(String s) {
    return valueOf(s.toUpperCase(Locale.ROOT));
  }
}
