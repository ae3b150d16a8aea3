package io.github.ycsbdocsearch.common;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Another client machine the sweep drives over SSH (the hosts file's {@code "clients"} list; the
 * machine the sweep runs on is always client 0). The project is checked out and built at {@code
 * repo} there, and every file a step names by absolute path (a dataset) is at the same path.
 * Immutable. The SSH fields are {@link SshTarget}'s.
 *
 * @param repo the project's folder on that machine
 * @param workDir where that machine's client writes a step before it is fetched
 */
public record RemoteClient(
    String host,
    int port,
    String user,
    Path identityFile,
    Path knownHosts,
    Path repo,
    Path workDir,
    List<String> sshOptions)
    implements SshTarget {

  public RemoteClient {
    sshOptions = List.copyOf(sshOptions);
  }

  /** The work folder when the file gives none. */
  public static final String DEFAULT_WORK_DIR = "/tmp/ycsb-docsearch-client";

  @Override
  public String role() {
    return "client";
  }

  /** Reads the hosts file's {@code "clients"} list; empty when absent. */
  static List<RemoteClient> parse(Path file, JsonNode clients) {
    List<RemoteClient> out = new ArrayList<>();
    if (clients == null || clients.isNull()) {
      return out;
    }
    if (!clients.isArray()) {
      throw new SetupException("hosts file " + file + ": \"clients\" must be a list");
    }
    for (JsonNode c : clients) {
      String where = "hosts file " + file + ": client " + (out.size() + 1);
      String host = c.path("host").asText("");
      String repo = c.path("repo").asText("");
      if (host.isBlank() || repo.isBlank()) {
        throw new SetupException(
            where + " needs \"host\" and \"repo\" (the project's folder on that machine)");
      }
      int port = c.path("port").asInt(22);
      if (port < 1 || port > 65_535) {
        throw new SetupException(where + ": port " + c.path("port") + " is not a TCP port");
      }
      String key = c.path("identity_file").asText("");
      List<String> options = new ArrayList<>();
      c.path("ssh_options").forEach(o -> options.add(o.asText()));
      out.add(
          new RemoteClient(
              host,
              port,
              c.path("user").asText(System.getProperty("user.name")),
              key.isBlank() ? null : Path.of(key),
              SshTarget.knownHosts(where, c),
              Path.of(repo),
              Path.of(c.path("work_dir").asText(DEFAULT_WORK_DIR)),
              options));
    }
    return out;
  }
}
