package io.github.ycsbdocsearch.common;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A store server the sweep may kill a process on ({@code --fault}), from the hosts file's {@code
 * "fault"} entry: {@code {"servers": [host, ...], "port": 22, "user": U, "identity_file": F,
 * "known_hosts": K, "ssh_options": [...]}} (scripts/hosts-from-terraform.sh writes it). The key
 * there is good for one thing only: each server runs its fault helper ({@code
 * scripts/provision/fault.sh}) as the key's forced command, whatever the sweep asks, and the helper
 * takes one word ({@code check}, {@code locate}, {@code kill-primary}, {@code stop-node}, {@code
 * os-crash}, {@code recover}). Immutable. The SSH fields are {@link SshTarget}'s; {@code
 * identityFile} is the fault key.
 */
public record FaultServer(
    String host, int port, String user, Path identityFile, Path knownHosts, List<String> sshOptions)
    implements SshTarget {

  public FaultServer {
    sshOptions = List.copyOf(sshOptions);
  }

  @Override
  public String role() {
    return "server";
  }

  /** Reads the hosts file's {@code "fault"} entry, in server order; empty when absent. */
  static List<FaultServer> parse(Path file, JsonNode fault) {
    List<FaultServer> out = new ArrayList<>();
    if (fault == null || fault.isNull()) {
      return out;
    }
    String where = "hosts file " + file + ": \"fault\"";
    if (!fault.isObject()) {
      throw new SetupException(where + " must be an object");
    }
    JsonNode servers = fault.get("servers");
    if (servers == null || !servers.isArray() || servers.isEmpty()) {
      throw new SetupException(where + " needs \"servers\": the store servers' addresses");
    }
    int port = fault.path("port").asInt(22);
    if (port < 1 || port > 65_535) {
      throw new SetupException(where + ": port " + fault.path("port") + " is not a TCP port");
    }
    String user = fault.path("user").asText("");
    if (user.isBlank()) {
      throw new SetupException(where + " needs \"user\": the SSH user on the servers");
    }
    String key = fault.path("identity_file").asText("");
    Path knownHosts = SshTarget.knownHosts(where, fault);
    List<String> options = new ArrayList<>();
    fault.path("ssh_options").forEach(o -> options.add(o.asText()));
    for (JsonNode s : servers) {
      if (!s.isTextual() || s.asText().isBlank()) {
        throw new SetupException(where + ": server " + s + " is not a host name or address");
      }
      out.add(
          new FaultServer(
              s.asText(), port, user, key.isBlank() ? null : Path.of(key), knownHosts, options));
    }
    return out;
  }
}
