package io.github.ycsbdocsearch.sweep.targets;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Whether and where the YCSB client and the local server are pinned: on a machine with two or more
 * CPUs the server gets the first half (rounded up) of the CPUs this process may use and the client
 * the rest, so the two never compete for a core. The server is pinned by {@code scripts/stores.sh}
 * (env {@code STORES_CPUSET}), the client by {@code taskset -c}. Immutable.
 *
 * @param enabled pinning applies
 * @param serverCpus CPU list for the local server (taskset syntax), when pinned
 * @param clientCpus CPU list for the YCSB client, when pinned
 * @param reason why (for the manifest)
 */
public record CpuPinning(
    boolean enabled, Optional<String> serverCpus, Optional<String> clientCpus, String reason) {

  /**
   * Decides the pinning.
   *
   * @param wanted the user did not pass --no-pin
   * @param remote the stores run elsewhere (hosts file): nothing to separate on this machine
   * @param cpus the CPUs this process may run on
   * @param tasksetFound {@code taskset} is on the PATH
   */
  public static CpuPinning decide(
      boolean wanted, boolean remote, List<Integer> cpus, boolean tasksetFound) {
    if (!wanted) {
      return off("disabled with --no-pin");
    }
    if (remote) {
      return off("remote stores: the client machine runs only the client");
    }
    if (cpus.size() < 2) {
      return off("only " + cpus.size() + " CPU available: client and server share it");
    }
    if (!tasksetFound) {
      return off("taskset not found (package util-linux): client and server share all CPUs");
    }
    int serverCount = (cpus.size() + 1) / 2;
    String server = format(cpus.subList(0, serverCount));
    String client = format(cpus.subList(serverCount, cpus.size()));
    return new CpuPinning(
        true,
        Optional.of(server),
        Optional.of(client),
        "server on CPUs %s, YCSB client on CPUs %s (of %s)".formatted(server, client, cpus.size()));
  }

  private static CpuPinning off(String reason) {
    return new CpuPinning(false, Optional.empty(), Optional.empty(), reason);
  }

  /** How many CPUs the YCSB client may use: its pinning set, else all this process may use. */
  public int clientCpuCount() {
    return clientCpus.map(c -> parseList(c).size()).orElse(allowedCpus().size());
  }

  /** The CPUs this process may use, from /proc/self/status (Linux), else 0..n-1. */
  public static List<Integer> allowedCpus() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Cpus_allowed_list:")) {
          return parseList(line.substring(line.indexOf(':') + 1).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux or an unexpected format: fall back to the processor count.
    }
    return IntStream.range(0, Runtime.getRuntime().availableProcessors()).boxed().toList();
  }

  /** True when {@code taskset} is an executable file on the PATH. */
  public static boolean tasksetOnPath() {
    return Arrays.stream(
            Objects.requireNonNullElse(System.getenv("PATH"), "").split(File.pathSeparator))
        .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset")));
  }

  /** Parses a Linux CPU list such as {@code 0-3,6}. */
  static List<Integer> parseList(String list) {
    List<Integer> out = new ArrayList<>();
    for (String part : list.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      int dash = p.indexOf('-');
      int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
      int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
      for (int c = from; c <= to; c++) {
        out.add(c);
      }
    }
    return out;
  }

  /** Formats CPUs as a taskset list, with ranges for runs: {@code 0-3,6}. */
  static String format(List<Integer> cpus) {
    StringBuilder b = new StringBuilder();
    int i = 0;
    while (i < cpus.size()) {
      int j = i;
      while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
        j++;
      }
      b.append(b.length() == 0 ? "" : ",").append(cpus.get(i));
      if (j > i) {
        b.append('-').append(cpus.get(j));
      }
      i = j + 1;
    }
    return b.toString();
  }
}
