package io.github.ycsbdocsearch.common;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A machine the sweep reaches over SSH in batch mode: another client machine ({@link RemoteClient})
 * or a store server that takes faults ({@link FaultServers}).
 */
public interface SshTarget {
  /** Host name or address. */
  String host();

  /** SSH port. */
  int port();

  /** SSH user. */
  String user();

  /** Private key for SSH on this machine; null: ssh's own default. */
  Path identityFile();

  /**
   * The known_hosts file that holds this machine's host key (on AWS, the cluster's own, which
   * scripts/aws.sh copies to client 0); null: ssh's own files. Either way the key is checked
   * strictly: a machine whose key is not there, or differs, is refused.
   */
  Path knownHosts();

  /** More options for ssh. */
  List<String> sshOptions();

  /** What the machine is to the sweep, for messages: "client" or "server". */
  String role();

  /** A hosts file entry's {@code "known_hosts"}; null when it has none. */
  static Path knownHosts(String where, JsonNode entry) {
    String file = entry.path("known_hosts").asText("");
    if (file.isBlank()) {
      return null;
    }
    if (!Files.isReadable(Path.of(file))) {
      throw new SetupException(where + ": known_hosts " + file + " is not a readable file");
    }
    return Path.of(file);
  }

  /** {@code user@host} for ssh. */
  default String destination() {
    return user() + "@" + host();
  }
}
