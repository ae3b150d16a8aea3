package io.github.ycsbdocsearch.report.html;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The store versions the published AWS setup installs: the default of {@code store_versions} in
 * {@code terraform/variables.tf}, the one place they are written. The build copies that file into
 * this jar (report/pom.xml): a report compares with what terraform installs, not a copy. Immutable.
 */
final class AwsStoreVersions {

  /** Where the build puts terraform/variables.tf inside the jar. */
  static final String RESOURCE = "terraform/variables.tf";

  /** The {@code default = { ... }} map of the {@code store_versions} variable. */
  private static final Pattern DEFAULTS =
      Pattern.compile(
          "variable \"store_versions\" \\{.*?\\n\\s*default\\s*=\\s*\\{(.*?)\\}", Pattern.DOTALL);

  private static final Pattern ENTRY =
      Pattern.compile("^\\s*(\\w+)\\s*=\\s*\"([^\"]+)\"\\s*$", Pattern.MULTILINE);

  /** This suite's store names against terraform's keys (redisjson runs on Redis). */
  private static final Map<String, String> TERRAFORM_KEY =
      Map.of("redisjson", "redis", "mongodb", "mongodb", "elasticsearch", "elasticsearch");

  private static final Map<String, String> BY_KEY = parse(Html.resource(RESOURCE));

  private AwsStoreVersions() {}

  /** The version AWS installs for one of the suite's stores; null for a store it does not run. */
  static String of(String store) {
    String key = TERRAFORM_KEY.get(store);
    return key == null ? null : BY_KEY.get(key);
  }

  /** The defaults of {@code store_versions} in a variables.tf text, by terraform's key. */
  static Map<String, String> parse(String variablesTf) {
    Matcher block = DEFAULTS.matcher(variablesTf);
    if (!block.find()) {
      throw new IllegalStateException("no store_versions default in " + RESOURCE);
    }
    Map<String, String> versions = new TreeMap<>();
    Matcher entry = ENTRY.matcher(block.group(1));
    while (entry.find()) {
      versions.put(entry.group(1), entry.group(2));
    }
    return Map.copyOf(versions);
  }
}
