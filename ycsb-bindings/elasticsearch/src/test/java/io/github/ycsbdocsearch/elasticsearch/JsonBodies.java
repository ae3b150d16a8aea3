package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.json.JsonpUtils;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Test helper: the JSON body the client would send for a request object, as a tree. */
final class JsonBodies {
  private static final JacksonJsonpMapper MAPPER = new JacksonJsonpMapper();
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonBodies() {}

  static JsonNode body(Object request) {
    return tree(JsonpUtils.toJsonString(request, MAPPER));
  }

  /** Parses JSON written with single quotes for readability. */
  static JsonNode tree(String json) {
    try {
      return JSON.readTree(json.replace('\'', '"'));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(json, e);
    }
  }
}
