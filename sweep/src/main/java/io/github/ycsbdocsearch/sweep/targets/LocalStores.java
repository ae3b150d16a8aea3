package io.github.ycsbdocsearch.sweep.targets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.exec.ChildProcess;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.Interrupts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The local stores, driven through {@code scripts/stores.sh} (single topology): start one store
 * (installing it the first time, pinned with {@code STORES_CPUSET}), read its connection properties
 * from the hosts file that script writes, stop stores. The script's output goes to the log
 * consumer, never to stdout. Not thread-safe.
 *
 * @param topology single or cluster ({@code scripts/stores.sh --topology})
 * @param durabilityProfile durability profile ({@code DURABILITY_PROFILE})
 * @param memoryMb memory budget per store and server ({@code STORE_MEMORY_MB})
 */
public record LocalStores(
    Path repoRoot,
    Path storesHome,
    Interrupts interrupts,
    Consumer<String> log,
    String topology,
    String durabilityProfile,
    int memoryMb)
    implements FaultTarget {
  /** Where stores.sh keeps everything; default {@code <repo>/.stores}. */
  public static final String STORES_HOME_ENV = "STORES_HOME";

  /** CPU list stores.sh runs the servers on. */
  public static final String CPUSET_ENV = "STORES_CPUSET";

  /** The first start installs the store (downloads, a venv, Elasticsearch's jars). */
  private static final Duration START_TIMEOUT = Duration.ofMinutes(30);

  private static final Duration STOP_TIMEOUT = Duration.ofMinutes(3);

  /** STORES_HOME from the environment, else {@code <repo>/.stores}. */
  public static Path storesHome(Path repoRoot, Map<String, String> env) {
    String h = env.get(STORES_HOME_ENV);
    return h == null || h.isBlank() ? repoRoot.resolve(".stores") : Path.of(h);
  }

  /** The hosts file stores.sh writes for the single topology. */
  public Path hostsFile() {
    return storesHome.resolve("hosts-" + topology + ".json");
  }

  /**
   * Fails early when the script is missing.
   *
   * @throws SetupException naming the missing script
   */
  public void requireScript() {
    if (!Files.isRegularFile(script())) {
      throw new SetupException(
          "scripts/stores.sh not found at "
              + script()
              + ": it starts the local stores (or pass --hosts FILE for running stores)");
    }
  }

  /**
   * Stops the named stores (those not running are skipped by the script); runs to the end even on
   * Ctrl-C.
   */
  public void stop(List<String> stores) {
    if (!stores.isEmpty()) {
      call(List.of("stop"), stores, Optional.empty(), STOP_TIMEOUT, null, null);
    }
  }

  /**
   * Starts one store (installing it when needed) and returns its connection properties.
   *
   * @param cpus CPU list for the server, empty = not pinned
   * @throws SetupException when the script fails or the hosts file does not list the store
   */
  public Properties start(StoreKind store, Optional<String> cpus) {
    call(List.of("start"), List.of(store.storeName()), cpus, START_TIMEOUT, interrupts, null);
    return HostsFile.read(hostsFile()).propertiesOf(store);
  }

  /**
   * The PIDs of a running store's server processes, from the PID files stores.sh writes ({@code
   * <STORES_HOME>/<store>/single/<port>/pid}); empty when none can be read.
   */
  public List<Long> serverPids(StoreKind store) {
    try (Stream<Path> ports = Files.list(storesHome.resolve(store.storeName()).resolve(topology))) {
      return ports.flatMap(port -> pidIn(port.resolve("pid"))).toList();
    } catch (IOException e) {
      return List.of(); // not running: no folder
    }
  }

  private static Stream<Long> pidIn(Path file) {
    try {
      return Stream.of(Long.parseLong(Files.readString(file).trim()));
    } catch (IOException | NumberFormatException e) {
      return Stream.empty(); // no PID file, or one being rewritten: that instance is not counted
    }
  }

  /**
   * How stores.sh launched the store (durability profile, memory budget and each process's share,
   * copies, OS tuning, CPU set, layout), from {@code
   * <STORES_HOME>/<store>/settings-<topology>.json} without that file's {@code server} section:
   * what a server reports of itself (version, durability and memory settings as applied) reaches
   * the manifest once, from the binding's probe ({@code stores.<name>.describe}), locally and on
   * AWS alike. Empty when the file is missing or unreadable.
   */
  public Optional<JsonNode> launchSettings(StoreKind store) {
    Path f = storesHome.resolve(store.storeName()).resolve("settings-" + topology + ".json");
    try {
      if (!Files.isRegularFile(f)) {
        return Optional.empty();
      }
      JsonNode n = Json.MAPPER.readTree(f.toFile());
      if (n instanceof ObjectNode o) {
        o.remove("server");
      }
      return Optional.of(n);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Nothing to check: the sweep starts the local stores itself, and stores.sh is checked. */
  @Override
  public void check(StoreKind store) {}

  /** Kills one server of a running store that holds primary data ({@code stores.sh fault}). */
  @Override
  public JsonNode fault(String kind, StoreKind store) {
    return callForJson(List.of("fault", kind), store);
  }

  /**
   * Starts the stopped servers of a store again, with the settings it was started with ({@code
   * stores.sh recover}).
   */
  @Override
  public JsonNode recover(StoreKind store) {
    return callForJson(List.of("recover"), store);
  }

  @Override
  public Optional<String> profile() {
    return Optional.of(durabilityProfile);
  }

  /** From the settings stores.sh wrote when it launched the store. */
  @Override
  public Optional<String> loss(StoreKind store) {
    return launchSettings(store)
        .map(s -> s.path("durability").path("loss").asText(null))
        .filter(l -> !l.isBlank());
  }

  /** A stores.sh command whose stdout is one JSON line. */
  private JsonNode callForJson(List<String> command, StoreKind store) {
    Path out;
    try {
      out = Files.createTempFile("stores-", ".json");
    } catch (IOException e) {
      throw new SetupException("cannot create a temporary file: " + e.getMessage(), e);
    }
    try {
      call(command, List.of(store.storeName()), Optional.empty(), START_TIMEOUT, null, out);
      return Json.MAPPER.readTree(Files.readString(out).trim());
    } catch (IOException e) {
      throw new SetupException(
          "scripts/stores.sh %s printed no JSON line: %s"
              .formatted(String.join(" ", command), e.getMessage()),
          e);
    } finally {
      AtomicFiles.deleteQuietly(out);
    }
  }

  /**
   * Runs {@code stores.sh COMMAND --topology T STORES}; its stderr goes to the log.
   *
   * @param stdout receives its stdout; null: stdout joins stderr (the runner's stdout carries only
   *     the results folder)
   */
  private void call(
      List<String> command,
      List<String> stores,
      Optional<String> cpus,
      Duration timeout,
      Interrupts stoppable,
      Path stdout) {
    List<String> cmd =
        new ArrayList<>(
            stdout == null
                ? List.of("bash", "-c", "exec bash \"$0\" \"$@\" 1>&2")
                : List.of("bash"));
    cmd.add(script().toString());
    cmd.addAll(command);
    cmd.addAll(List.of("--topology", topology));
    cmd.addAll(stores);
    Map<String, String> env = new HashMap<>();
    env.put("DURABILITY_PROFILE", durabilityProfile);
    env.put("STORE_MEMORY_MB", String.valueOf(memoryMb));
    env.put(STORES_HOME_ENV, storesHome.toString());
    env.put(CPUSET_ENV, cpus.orElse(""));
    AtomicReference<String> last = new AtomicReference<>("");
    ChildResult r =
        new ChildProcess(cmd, repoRoot, env)
            .run(
                stdout == null ? Path.of("/dev/null") : stdout,
                null,
                timeout,
                stoppable,
                line -> {
                  // redis-cli and friends colour their output; logs stay plain text.
                  String plain = line.replaceAll("\u001B\\[[0-9;]*m", "");
                  last.set(plain);
                  log.accept(plain);
                });
    String what = "scripts/stores.sh " + String.join(" ", command) + " " + String.join(" ", stores);
    if (r.interrupted()) {
      throw new SetupException(what + " was interrupted");
    }
    if (r.timedOut()) {
      throw new SetupException(what + " did not finish within " + timeout.toMinutes() + " min");
    }
    if (r.exitCode() != 0) {
      throw new SetupException(what + " failed (exit " + r.exitCode() + "): " + last.get());
    }
  }

  private Path script() {
    return repoRoot.resolve("scripts").resolve("stores.sh");
  }
}
