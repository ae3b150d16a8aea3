package io.github.ycsbdocsearch.sweep.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.github.ycsbdocsearch.common.SetupException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A Java properties file as YCSB's {@code -P} reads it, with a content hash so a resumed run can
 * tell that the file changed. A {@link WorkloadFile} is the first such file of a run; the files
 * after it ({@code -P} given again) only add or override properties. Immutable.
 *
 * @param path absolute, normalized path
 * @param properties the file's properties (values trimmed), sorted by key
 * @param sha256 hex SHA-256 of the file's bytes
 */
public record PropertyFile(Path path, @JsonIgnore Map<String, String> properties, String sha256) {

  public PropertyFile {
    properties = Map.copyOf(properties);
  }

  /**
   * Reads a properties file as YCSB does (ISO-8859-1, {@link Properties#load}).
   *
   * @throws SetupException when it cannot be read or is not a properties file
   */
  public static PropertyFile read(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    byte[] bytes;
    String sha256;
    try {
      bytes = Files.readAllBytes(abs);
      sha256 = sha256(new ByteArrayInputStream(bytes));
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
    Map<String, String> props = new TreeMap<>();
    for (String k : p.stringPropertyNames()) {
      props.put(k, p.getProperty(k).trim());
    }
    return new PropertyFile(abs, props, sha256);
  }

  /**
   * The file a run's plan names (by path and hash, its properties left out: they may hold secrets),
   * read again for {@code --resume}.
   *
   * @throws SetupException when it is not the file the run read (which decided the steps run)
   */
  @JsonCreator
  static PropertyFile recorded(
      @JsonProperty("path") Path path, @JsonProperty("sha256") String sha256) {
    PropertyFile now = read(path);
    if (!now.sha256.equals(sha256)) {
      throw new SetupException(
          "workload file %s changed since the run started: restore it or start a new run"
              .formatted(path));
    }
    return now;
  }

  /** Hex SHA-256 of what the stream holds, read in pieces (a data set need not fit in memory). */
  public static String sha256(InputStream in) throws IOException {
    try (DigestInputStream d = new DigestInputStream(in, MessageDigest.getInstance("SHA-256"))) {
      d.transferTo(OutputStream.nullOutputStream());
      return HexFormat.of().formatHex(d.getMessageDigest().digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
