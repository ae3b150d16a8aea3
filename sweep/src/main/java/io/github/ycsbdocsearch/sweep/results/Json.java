package io.github.ycsbdocsearch.sweep.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one Jackson configuration for every JSON file the runner writes: snake_case names (records name their
 * components in camelCase), indented, locale-independent. {@code ObjectMapper} is thread-safe once configured.
 */
public final class Json {
  /** Shared mapper; do not reconfigure. */
  public static final ObjectMapper MAPPER = JsonMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .build();

  private Json() {
  }
}
