package io.github.ycsbdocsearch.sweep.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Facts about the machine, the JVM, the libraries and the source tree, for the manifest. Each
 * reader returns "unknown" rather than failing: a missing fact never stops a benchmark. Stateless.
 */
public final class EnvironmentInfo {
  private static final String UNKNOWN = "unknown";
  private static final Pattern JAR =
      Pattern.compile("^(.+?)-(\\d[^-/]*(?:-[A-Za-z0-9.]+)*)\\.jar$");

  private EnvironmentInfo() {}

  /** CPU model, CPU count, memory, OS and kernel. */
  public static ObjectNode machine() {
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("cpu_model", procField("/proc/cpuinfo", "model name"));
    n.put("cpu_count", Runtime.getRuntime().availableProcessors());
    String mem = procField("/proc/meminfo", "MemTotal");
    n.put(
        "memory_mb",
        mem.endsWith(" kB") ? Long.parseLong(mem.replace(" kB", "").trim()) / 1024 : -1);
    n.put("os", osRelease());
    n.put("os_name", System.getProperty("os.name"));
    n.put("kernel", System.getProperty("os.version"));
    n.put("arch", System.getProperty("os.arch"));
    return n;
  }

  /** The JVM running the runner: version, vendor, VM and flags. */
  public static ObjectNode runnerJvm() {
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("java_version", System.getProperty("java.version"));
    n.put("java_vendor", System.getProperty("java.vendor"));
    n.put("vm_name", System.getProperty("java.vm.name"));
    n.put("vm_version", System.getProperty("java.vm.version"));
    n.put("java_home", System.getProperty("java.home"));
    ManagementFactory.getRuntimeMXBean().getInputArguments().forEach(n.putArray("jvm_flags")::add);
    return n;
  }

  /** Library versions from the jar names on a classpath ({@code jedis-8.0.2.jar}: jedis 8.0.2). */
  public static Map<String, String> libraries(String classpath) {
    Map<String, String> out = new TreeMap<>();
    for (String entry : classpath.split(File.pathSeparator)) {
      Path name = Path.of(entry).getFileName();
      Matcher m = JAR.matcher(name == null ? "" : name.toString());
      if (m.matches()) {
        out.put(m.group(1), m.group(2));
      }
    }
    return out;
  }

  /** The checked-out commit and whether tracked files differ from it. */
  public static ObjectNode git(Path repo) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    String commit = run(repo, "git", "rev-parse", "HEAD");
    n.put("commit", commit.isEmpty() ? UNKNOWN : commit);
    String status = run(repo, "git", "status", "--porcelain", "--untracked-files=no");
    n.put("dirty", !status.isEmpty() && !commit.isEmpty());
    return n;
  }

  private static String procField(String file, String field) {
    try {
      for (String line : Files.readAllLines(Path.of(file))) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equals(field)) {
          return line.substring(colon + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      return UNKNOWN;
    }
    return UNKNOWN;
  }

  private static String osRelease() {
    try {
      for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
        if (line.startsWith("PRETTY_NAME=")) {
          return line.substring("PRETTY_NAME=".length()).replace("\"", "");
        }
      }
    } catch (IOException e) {
      return System.getProperty("os.name") + " " + System.getProperty("os.version");
    }
    return UNKNOWN;
  }

  /** Runs a read-only command and returns its trimmed stdout, or "" when it fails. */
  private static String run(Path dir, String... cmd) {
    try {
      Process p =
          new ProcessBuilder(cmd)
              .directory(dir.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        return "";
      }
      return out;
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
