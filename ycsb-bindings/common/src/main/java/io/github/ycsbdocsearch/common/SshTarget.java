package io.github.ycsbdocsearch.common;

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

  /** More options for ssh (e.g. {@code -o UserKnownHostsFile=...}). */
  List<String> sshOptions();

  /** What the machine is to the sweep, for messages: "client" or "server". */
  String role();

  /** {@code user@host} for ssh. */
  default String destination() {
    return user() + "@" + host();
  }
}
