package io.github.ycsbdocsearch.sweep.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.github.ycsbdocsearch.common.SetupException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A YCSB workload file, found by name in the repository's {@code workloads/} folder or by path,
 * with its properties and a content hash (so a resumed run can tell the file changed). Immutable.
 *
 * @param name the file name, used in the results folder name (e.g. {@code workloada})
 * @param path absolute path, passed to YCSB as {@code -P}
 * @param properties the file's properties, sorted by key
 * @param sha256 hex SHA-256 of the file's bytes
 */
public record WorkloadFile(
    String name, Path path, @JsonIgnore Map<String, String> properties, String sha256) {
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
    return read(locate(arg, repoRoot));
  }

  /**
   * Where a workload named on the command line is, by {@link #resolve}'s rules; also where each
   * further {@code -P} file is, so every file is named the same way.
   *
   * @throws SetupException naming the workload and the known ones
   */
  public static Path locate(String arg, Path repoRoot) {
    Path direct = Path.of(arg);
    if (Files.isRegularFile(direct)) {
      return direct;
    }
    Path dir = repoRoot.resolve("workloads");
    Path inRepo = dir.resolve(arg);
    if (!arg.contains("/") && Files.isRegularFile(inRepo)) {
      return inRepo;
    }
    List<String> known = known(dir);
    for (String k : known) {
      if (k.equalsIgnoreCase(arg)) {
        return dir.resolve(k);
      }
    }
    throw new SetupException(
        "unknown workload '%s': not a file and not in %s (known: %s)"
            .formatted(arg, dir, known.isEmpty() ? "none" : String.join(", ", known)));
  }

  /** Reads a workload file, checking that it names a Workload class that is on the classpath. */
  public static WorkloadFile read(Path file) {
    PropertyFile f = PropertyFile.read(file);
    Path abs = f.path();
    String cls = f.properties().get(WORKLOAD_CLASS_PROPERTY);
    if (cls == null || cls.isBlank()) {
      throw new SetupException(
          "workload file " + abs + " sets no '" + WORKLOAD_CLASS_PROPERTY + "' class");
    }
    try {
      Class.forName(cls, false, WorkloadFile.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new SetupException(
          "workload class " + cls + " (file " + abs + ") is not on the classpath", e);
    }
    return new WorkloadFile(abs.getFileName().toString(), abs, f.properties(), f.sha256());
  }

  /**
   * The workload a run's plan names, read again for {@code --resume}.
   *
   * @throws SetupException when it changed since the run started
   */
  @JsonCreator
  static WorkloadFile recorded(
      @JsonProperty("path") Path path, @JsonProperty("sha256") String sha256) {
    PropertyFile.recorded(path, sha256);
    return read(path);
  }

  /** Name safe for a folder name: letters, digits, '.', '_' and '-' only. */
  public String folderName() {
    return name.replaceAll("[^A-Za-z0-9._-]", "_").toLowerCase(Locale.ROOT);
  }

  private static List<String> known(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isRegularFile)
          .map(f -> f.getFileName().toString())
          .filter(n -> !n.startsWith(".") && !n.endsWith(".md"))
          .sorted()
          .toList();
    } catch (IOException e) {
      // No folder, or an unlistable one: no suggestions in the error message.
      return List.of();
    }
  }
}
