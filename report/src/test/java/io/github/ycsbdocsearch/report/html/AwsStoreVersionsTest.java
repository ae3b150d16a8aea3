package io.github.ycsbdocsearch.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The AWS setup's store versions come from terraform's own variables file, whole. */
class AwsStoreVersionsTest {

  @Test
  void theVersionsAreTheStoreVersionsDefaultAndNoOtherVariables() {
    String tf =
        """
        variable "client_count" {
          default = {
            redis = "1"
          }
        }

        variable "store_versions" {
          type = object({
            redis = string
          })
          description = "Exact upstream versions"
          default = {
            redis         = "8.2.1"
            mongodb       = "8.0.12"
            elasticsearch = "8.19.21"
          }
        }
        """;
    assertEquals(
        Map.of("redis", "8.2.1", "mongodb", "8.0.12", "elasticsearch", "8.19.21"),
        AwsStoreVersions.parse(tf));
  }

  @Test
  void aFileWithoutTheVariableIsAnError() {
    assertThrows(IllegalStateException.class, () -> AwsStoreVersions.parse("variable \"x\" {}"));
  }

  @Test
  void everyStoreOfTheSuiteHasAnExactVersionFromTheJarsCopyOfTerraformsFile() {
    for (String store : List.of("redisjson", "mongodb", "elasticsearch")) {
      String version = AwsStoreVersions.of(store);
      assertTrue(version != null && version.matches("\\d+\\.\\d+\\.\\d+"), store + ": " + version);
    }
    assertNull(AwsStoreVersions.of("basicdb"), "a store AWS does not run");
  }
}
