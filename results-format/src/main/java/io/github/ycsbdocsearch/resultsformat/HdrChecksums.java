package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A step's {@value RunLayout#HDR_CHECKSUMS}: the SHA-256 of each of its HDR logs (every file in its
 * {@code hdr/} folders), one {@code sha256sum} line each ({@code <hex> <path from the step
 * folder>}), so {@code sha256sum -c hdr.sha256} in the step folder checks them too. Written when
 * the step is published; a resume verifies it before it reuses the step, so a log torn or changed
 * since (a power loss before the data reached the disk, a disk fault, a hand edit) makes the step
 * run again rather than feed a wrong number into the sweep. Stateless.
 */
public final class HdrChecksums {
  private HdrChecksums() {}

  public enum Check {
    /** Every HDR log has the checksum written when the step was published. */
    VERIFIED,
    /** No checksums: a step folder written before they were (reused as before, unverified). */
    UNVERIFIED,
    /** A log is missing, added, or not what it was: the step must run again. */
    MISMATCH
  }

  public static void write(Path stepDir) {
    StringBuilder out = new StringBuilder();
    digests(stepDir).forEach((path, hex) -> out.append(hex).append("  ").append(path).append('\n'));
    AtomicFiles.writeString(stepDir.resolve(RunLayout.HDR_CHECKSUMS), out.toString());
  }

  public static Check check(Path stepDir) {
    if (mismatch(stepDir).isPresent()) {
      return Check.MISMATCH;
    }
    return Files.isRegularFile(stepDir.resolve(RunLayout.HDR_CHECKSUMS))
        ? Check.VERIFIED
        : Check.UNVERIFIED;
  }

  /**
   * Why the step's HDR logs are not what its checksums say (the first file that differs, is missing
   * or was added), or empty when they are, or when there are no checksums.
   */
  public static Optional<String> mismatch(Path stepDir) {
    Path file = stepDir.resolve(RunLayout.HDR_CHECKSUMS);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Map<String, String> written = new TreeMap<>();
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        int sep = line.indexOf("  ");
        if (sep < 0) {
          return Optional.of(RunLayout.HDR_CHECKSUMS + " has a malformed line: " + line);
        }
        written.put(line.substring(sep + 2), line.substring(0, sep));
      }
    } catch (IOException e) {
      return Optional.of("cannot read " + RunLayout.HDR_CHECKSUMS + ": " + e.getMessage());
    }
    Map<String, String> now;
    try {
      now = digests(stepDir);
    } catch (UncheckedIOException e) {
      return Optional.of("cannot read the HDR logs: " + e.getMessage());
    }
    for (Map.Entry<String, String> w : written.entrySet()) {
      String found = now.get(w.getKey());
      if (found == null) {
        return Optional.of(w.getKey() + " is missing");
      }
      if (!found.equals(w.getValue())) {
        return Optional.of(w.getKey() + " changed (SHA-256 " + found + ")");
      }
    }
    return now.keySet().stream()
        .filter(p -> !written.containsKey(p))
        .findFirst()
        .map(p -> p + " was added");
  }

  /** Each HDR log's SHA-256 in hex, by its path from the step folder ('/'-separated), sorted. */
  private static Map<String, String> digests(Path stepDir) {
    Map<String, String> out = new TreeMap<>();
    for (Path hdr : RunLayout.hdrDirs(stepDir)) {
      if (!Files.isDirectory(hdr)) {
        continue;
      }
      try (Stream<Path> files = Files.list(hdr)) {
        files
            .filter(Files::isRegularFile)
            .forEach(f -> out.put(stepDir.relativize(f).toString().replace('\\', '/'), sha256(f)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list " + hdr, e);
      }
    }
    return out;
  }

  private static String sha256(Path file) {
    try (DigestInputStream in =
        new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
      in.transferTo(OutputStream.nullOutputStream());
      return HexFormat.of().formatHex(in.getMessageDigest().digest());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
