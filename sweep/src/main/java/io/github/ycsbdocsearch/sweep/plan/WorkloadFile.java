package io.github.ycsbdocsearch.sweep.plan;

import io.github.ycsbdocsearch.common.SetupException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A YCSB workload file, found by name in the repository's {@code workloads/} folder or by path,
 * with its properties and a content hash (so a resumed run can tell that the file changed).
 * Immutable.
 *
 * @param name the file name, used in the results folder name (e.g. {@code workloada})
 * @param path absolute path, passed to YCSB as {@code -P}
 * @param properties the file's properties, sorted by key
 * @param sha256 hex SHA-256 of the file's bytes
 */
public record WorkloadFile(String name, Path path, Map<String, String> properties, String sha256) {
  /** YCSB's property naming the Workload class. */
  public static final String WORKLOAD_CLASS_PROPERTY = "workload";

  public WorkloadFile {
    properties = Map.copyOf(properties);
  }

  /**
   * Finds a workload: an existing file path wins, then {@code <repo>/workloads/<arg>}, then a
   * case-insensitive match there (so {@code workloadA} finds {@code workloada}).
   *
   * @throws SetupException naming the workload and the known ones
   */
  public static WorkloadFile resolve(String arg, Path repoRoot) {
    Path direct = Path.of(arg);
    if (Files.isRegularFile(direct)) {
      return read(direct);
    }
    Path dir = repoRoot.resolve("workloads");
    Path inRepo = dir.resolve(arg);
    if (!arg.contains("/") && Files.isRegularFile(inRepo)) {
      return read(inRepo);
    }
    List<String> known = known(dir);
    for (String k : known) {
      if (k.equalsIgnoreCase(arg)) {
        return read(dir.resolve(k));
      }
    }
    throw new SetupException(
        "unknown workload '"
            + arg
            + "': not a file and not in "
            + dir
            + " (known: "
            + (known.isEmpty() ? "none" : String.join(", ", known))
            + ")");
  }

  /** Reads a workload file, checking that it names a Workload class that is on the classpath. */
  public static WorkloadFile read(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(abs);
    } catch (IOException e) {
      throw new SetupException("workload file " + abs + " is not readable: " + e.getMessage(), e);
    }
    Properties p = new Properties();
    try (Reader r = new StringReader(new String(bytes, StandardCharsets.ISO_8859_1))) {
      p.load(r);
    } catch (IOException | IllegalArgumentException e) {
      throw new SetupException(
          "workload file " + abs + " is not a properties file: " + e.getMessage(), e);
    }
    String cls = p.getProperty(WORKLOAD_CLASS_PROPERTY);
    if (cls == null || cls.isBlank()) {
      throw new SetupException(
          "workload file " + abs + " sets no '" + WORKLOAD_CLASS_PROPERTY + "' class");
    }
    try {
      Class.forName(cls.trim(), false, WorkloadFile.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new SetupException(
          "workload class " + cls.trim() + " (file " + abs + ") is not on the classpath", e);
    }
    Map<String, String> props = new TreeMap<>();
    for (String k : p.stringPropertyNames()) {
      props.put(k, p.getProperty(k).trim());
    }
    return new WorkloadFile(abs.getFileName().toString(), abs, props, sha256(bytes));
  }

  /** Name safe for a folder name: letters, digits, '.', '_' and '-' only. */
  public String folderName() {
    return name.replaceAll("[^A-Za-z0-9._-]", "_").toLowerCase(Locale.ROOT);
  }

  private static List<String> known(Path dir) {
    List<String> names = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> s = Files.list(dir)) {
        s.filter(Files::isRegularFile)
            .map(f -> f.getFileName().toString())
            .filter(n -> !n.startsWith(".") && !n.endsWith(".md"))
            .sorted()
            .forEach(names::add);
      } catch (IOException e) {
        // An unlistable folder just means no suggestions in the error message.
        return names;
      }
    }
    return names;
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
