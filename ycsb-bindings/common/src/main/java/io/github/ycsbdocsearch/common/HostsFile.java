package io.github.ycsbdocsearch.common;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The hosts file: for each store, the YCSB properties that connect to it. Written by {@code
 * scripts/stores.sh start} ({@code .stores/hosts-<topology>.json}) and by {@code
 * scripts/hosts-from-terraform.sh}; read by the sweep and the verification. Format: {@code
 * {"topology": "single|cluster", "stores": {"<store>": {"<property>": "<value>"}}}}, and from
 * terraform also {@code "durability_profile"}, {@code "durability_loss"}, {@code
 * "memory_mb_per_server"}, {@code "servers"} and {@code "copies"} (recorded in the manifest), and
 * optionally {@code "clients"}: the other client machines, reached over SSH ({@link RemoteClient}),
 * and {@code "fault"}: the store servers a fault step may kill a process on ({@link FaultServer}).
 * Immutable.
 *
 * @param durabilityProfile the profile the servers were configured with (terraform's {@code
 *     durability}), and {@code durabilityLoss} what it says one node crash may lose (as
 *     scripts/stores/profiles/&lt;store&gt;.env): records for the manifest, not settings
 * @param provisioned the whole-number provisioning facts the file has, for the manifest
 * @param clients the other client machines, in order (clients 1, 2, ...)
 * @param faultServers in server order; empty: no fault can run on the file's stores
 */
public record HostsFile(
    Path source,
    String topology,
    Map<StoreKind, Properties> stores,
    Optional<String> durabilityProfile,
    Optional<String> durabilityLoss,
    Map<String, Integer> provisioned,
    List<RemoteClient> clients,
    List<FaultServer> faultServers) {

  public HostsFile {
    stores = Collections.unmodifiableMap(stores);
    provisioned = Collections.unmodifiableMap(provisioned);
    clients = List.copyOf(clients);
    faultServers = List.copyOf(faultServers);
  }

  /** The whole-number provisioning facts a hosts file may carry, in this order. */
  private static final List<String> PROVISIONED =
      List.of("memory_mb_per_server", "servers", "copies");

  /** Reads and checks a hosts file; SetupException names the file and what is wrong. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static HostsFile read(Path file) {
    if (!Files.isReadable(file)) {
      throw new SetupException("hosts file " + file + " is not readable");
    }
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new SetupException(
          "hosts file " + file + " is not valid JSON: " + SetupException.firstLine(e.getMessage()));
    }
    JsonNode storesNode = root == null ? null : root.get("stores");
    if (storesNode == null || !storesNode.isObject()) {
      throw new SetupException("hosts file " + file + " has no \"stores\" object");
    }
    Map<StoreKind, Properties> stores = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : storesNode.properties()) {
      StoreKind kind;
      try {
        kind = StoreKind.byName(e.getKey());
      } catch (SetupException ex) {
        throw new SetupException("hosts file " + file + ": " + ex.getMessage());
      }
      if (!e.getValue().isObject()) {
        throw new SetupException(
            "hosts file " + file + ": \"" + e.getKey() + "\" must map property names to values");
      }
      Properties p = new Properties();
      e.getValue().fields().forEachRemaining(f -> p.setProperty(f.getKey(), f.getValue().asText()));
      stores.put(kind, p);
    }
    String topology = root.hasNonNull("topology") ? root.get("topology").asText() : "single";
    String profile =
        root.hasNonNull("durability_profile") ? root.get("durability_profile").asText() : null;
    if (profile != null && !profile.equals("relaxed") && !profile.equals("strict")) {
      throw new SetupException(
          "hosts file %s: durability_profile must be relaxed or strict, not '%s'"
              .formatted(file, profile));
    }
    Map<String, Integer> provisioned = new LinkedHashMap<>();
    for (String key : PROVISIONED) {
      JsonNode v = root.get(key);
      if (v == null || v.isNull()) {
        continue;
      }
      if (!(v.isIntegralNumber() && v.canConvertToInt() && v.asInt() > 0)) {
        throw new SetupException(
            "hosts file " + file + ": " + key + " must be a positive whole number, not " + v);
      }
      provisioned.put(key, v.asInt());
    }
    return new HostsFile(
        file,
        topology,
        stores,
        Optional.ofNullable(profile),
        Optional.ofNullable(
            root.hasNonNull("durability_loss") ? root.get("durability_loss").asText() : null),
        provisioned,
        RemoteClient.parse(file, root.get("clients")),
        FaultServer.parse(file, root.get("fault")));
  }

  /** The file alone: its properties may hold passwords. */
  @Override
  public String toString() {
    return "HostsFile[" + source + "]";
  }

  /** How a run's plan records the file: by its absolute path, read again on {@code --resume}. */
  @JsonValue
  Path recorded() {
    return source.toAbsolutePath();
  }

  public boolean has(StoreKind kind) {
    return stores.containsKey(kind);
  }

  /** A copy of one store's connection properties; SetupException when the file lacks it. */
  public Properties propertiesOf(StoreKind kind) {
    Properties p = stores.get(kind);
    if (p == null) {
      throw new SetupException(
          "hosts file " + source + " has no entry for store '" + kind.storeName() + "'");
    }
    Properties copy = new Properties();
    copy.putAll(p);
    return copy;
  }

  /** Connection properties with every password, secret or key masked, for manifests and logs. */
  public static Map<String, String> masked(Properties p) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : p.stringPropertyNames()) {
      String lower = name.toLowerCase(Locale.ROOT);
      boolean secret =
          lower.contains("password") || lower.contains("secret") || lower.contains("apikey");
      String value = p.getProperty(name);
      out.put(name, secret ? "***" : value.replaceAll("//([^:/@]+):([^@]+)@", "//$1:***@"));
    }
    return out;
  }
}
