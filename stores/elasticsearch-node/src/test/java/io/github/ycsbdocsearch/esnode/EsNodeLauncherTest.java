package io.github.ycsbdocsearch.esnode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.elasticsearch.common.settings.Settings;
import org.junit.jupiter.api.Test;

class EsNodeLauncherTest {

  @Test
  void parsesSettingsFlagsLikeTheDistribution() {
    Settings s =
        EsNodeLauncher.parseArgs(
            new String[] {
              "-Epath.home=/tmp/h",
              "-Ehttp.port=9201",
              "-Ediscovery.seed_hosts=127.0.0.1:9301,127.0.0.1:9302",
              "-Enode.attr.note=a=b"
            });
    assertEquals("/tmp/h", s.get("path.home"));
    assertEquals("9201", s.get("http.port"));
    assertEquals(List.of("127.0.0.1:9301", "127.0.0.1:9302"), s.getAsList("discovery.seed_hosts"));
    assertEquals("a=b", s.get("node.attr.note"));
  }

  @Test
  void rejectsAnythingButSettingsFlags() {
    assertThrows(
        IllegalArgumentException.class,
        () -> EsNodeLauncher.parseArgs(new String[] {"-Epath.home=/h", "x"}));
    assertThrows(
        IllegalArgumentException.class, () -> EsNodeLauncher.parseArgs(new String[] {"-E=v"}));
  }

  @Test
  void requiresPathHome() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> EsNodeLauncher.parseArgs(new String[] {"-Ehttp.port=9200"}));
    assertEquals("-Epath.home=DIR is required", e.getMessage());
  }
}
