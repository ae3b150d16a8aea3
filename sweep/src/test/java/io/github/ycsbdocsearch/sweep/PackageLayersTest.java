package io.github.ycsbdocsearch.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The arrows inside {@code sweep} point one way (docs/architecture.md): a package imports only
 * packages below it, so no class imports one that calls it, and nothing imports the entry points at
 * the top. Read from the sources' import lines, so a new arrow upward fails here, not in review.
 */
class PackageLayersTest {
  /** Top to bottom; "" is the top-level package of the entry points (SweepMain, SweepApp). */
  private static final List<String> LAYERS =
      List.of(
          "",
          "run",
          "phase",
          "step",
          "progress",
          "results",
          "cli",
          "search",
          "targets",
          "exec",
          "plan");

  private static final Path SOURCES = Path.of("src/main/java/io/github/ycsbdocsearch/sweep");
  private static final Pattern IMPORT =
      Pattern.compile(
          "^import (?:static )?io\\.github\\.ycsbdocsearch\\.sweep\\.(?:([a-z]+)\\.)?[A-Z]",
          Pattern.MULTILINE);

  @Test
  void everyPackageImportsOnlyPackagesBelowIt() throws IOException {
    List<String> upward = new ArrayList<>();
    Set<String> packages = new TreeSet<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String from = SOURCES.relativize(file.getParent()).toString();
        packages.add(from);
        Matcher m = IMPORT.matcher(Files.readString(file));
        while (m.find()) {
          String to = m.group(1) == null ? "" : m.group(1);
          if (!to.equals(from) && LAYERS.indexOf(to) <= LAYERS.indexOf(from)) {
            upward.add(file.getFileName() + " (" + show(from) + ") imports " + show(to));
          }
        }
      }
    }
    assertEquals(new TreeSet<>(LAYERS), packages, "a package is missing from LAYERS, or gone");
    assertTrue(upward.isEmpty(), "imports that point up or sideways: " + upward);
  }

  private static String show(String pkg) {
    return pkg.isEmpty() ? "the entry points" : pkg;
  }
}
