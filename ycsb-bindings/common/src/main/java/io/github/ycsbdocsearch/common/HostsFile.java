package io.github.ycsbdocsearch.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The hosts file: for each store, the YCSB properties that connect to it. Written by {@code scripts/stores.sh start}
 * ({@code .stores/hosts-<topology>.json}) and by {@code scripts/hosts-from-terraform.sh}; read by the sweep and the
 * verification. Format: {@code {"topology": "single|cluster", "stores": {"<store>": {"<property>": "<value>"}}}}.
 * Immutable.
 */
public final class HostsFile {
  private final Path source;
  private final String topology;
  private final Map<StoreKind, Properties> stores;

  private HostsFile(Path source, String topology, Map<StoreKind, Properties> stores) {
    this.source = source;
    this.topology = topology;
    this.stores = stores;
  }

  /**
   * Reads and checks a hosts file.
   *
   * @throws SetupException naming the file and what is wrong with it
   */
  public static HostsFile read(Path file) {
    if (!Files.isReadable(file)) {
      throw new SetupException("hosts file " + file + " is not readable");
    }
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new SetupException("hosts file " + file + " is not valid JSON: " + firstLine(e.getMessage()));
    }
    JsonNode storesNode = root == null ? null : root.get("stores");
    if (storesNode == null || !storesNode.isObject()) {
      throw new SetupException("hosts file " + file + " has no \"stores\" object");
    }
    Map<StoreKind, Properties> stores = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = storesNode.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      StoreKind kind;
      try {
        kind = StoreKind.byName(e.getKey());
      } catch (SetupException ex) {
        throw new SetupException("hosts file " + file + ": " + ex.getMessage());
      }
      if (!e.getValue().isObject()) {
        throw new SetupException("hosts file " + file + ": \"" + e.getKey() + "\" must map property names to values");
      }
      Properties p = new Properties();
      e.getValue().fields().forEachRemaining(f -> p.setProperty(f.getKey(), f.getValue().asText()));
      stores.put(kind, p);
    }
    String topology = root.hasNonNull("topology") ? root.get("topology").asText() : "single";
    return new HostsFile(file, topology, stores);
  }

  public Path source() {
    return source;
  }

  public String topology() {
    return topology;
  }

  /** True when the file says how to reach {@code kind}. */
  public boolean has(StoreKind kind) {
    return stores.containsKey(kind);
  }

  /**
   * The connection properties of one store (a copy).
   *
   * @throws SetupException when the file does not name the store
   */
  public Properties propertiesOf(StoreKind kind) {
    Properties p = stores.get(kind);
    if (p == null) {
      throw new SetupException("hosts file " + source + " has no entry for store '" + kind.storeName() + "'");
    }
    Properties copy = new Properties();
    copy.putAll(p);
    return copy;
  }

  /** Connection properties with every password, secret or key value masked, for manifests and logs. */
  public static Map<String, String> masked(Properties p) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : p.stringPropertyNames()) {
      String lower = name.toLowerCase(java.util.Locale.ROOT);
      boolean secret = lower.contains("password") || lower.contains("secret") || lower.contains("apikey");
      String value = p.getProperty(name);
      out.put(name, secret ? "***" : value.replaceAll("//([^:/@]+):([^@]+)@", "//$1:***@"));
    }
    return out;
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("");
  }
}
