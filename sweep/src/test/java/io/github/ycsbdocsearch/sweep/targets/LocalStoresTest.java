package io.github.ycsbdocsearch.sweep.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.sweep.exec.Interrupts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalStoresTest {

  @TempDir Path home;

  private LocalStores stores() {
    return new LocalStores(home, home, new Interrupts(), line -> {}, "cluster", "strict", 1024);
  }

  /**
   * The manifest records what a server says of itself once, from the binding's probe, never again
   * from here.
   */
  @Test
  void launchSettingsLeaveOutWhatTheServersReportOfThemselves() throws Exception {
    Files.createDirectories(home.resolve("mongodb"));
    Files.writeString(
        home.resolve("mongodb/settings-cluster.json"),
        """
        {"durability": {"profile": "strict"}, "memory": {"budget_mb_per_server": 1024},
         "server": {"version": "6.0.5", "wiredtiger_cache_bytes": 356515840}}
        """);
    JsonNode n = stores().launchSettings(StoreKind.MONGODB).orElseThrow();
    assertEquals("strict", n.path("durability").path("profile").asText());
    assertEquals(1024, n.path("memory").path("budget_mb_per_server").asInt());
    assertFalse(n.has("server"), n.toString());
  }

  @Test
  void noSettingsFileGivesNothing() {
    assertTrue(stores().launchSettings(StoreKind.REDISJSON).isEmpty());
  }

  /** A PID file being rewritten or not there yet leaves its instance out; no folder, no PIDs. */
  @Test
  void serverPidsAreTheReadablePidFilesOfTheTopology() throws Exception {
    Path ports = home.resolve("mongodb/cluster");
    for (String port : new String[] {"27017", "27018", "27019"}) {
      Files.createDirectories(ports.resolve(port));
    }
    Files.writeString(ports.resolve("27017/pid"), "4242\n");
    Files.writeString(ports.resolve("27018/pid"), "");
    assertEquals(List.of(4242L), stores().serverPids(StoreKind.MONGODB));
    assertTrue(stores().serverPids(StoreKind.REDISJSON).isEmpty());
  }

  /**
   * stores.sh's stdout: joins the log for start and stop (the runner's stdout is the results
   * folder's), is the answer for fault and recover; a failure names the command and its last line.
   */
  @Test
  void storesShIsCalledWithTheTopologyAndItsOutputGoesWhereItBelongs() throws Exception {
    Files.createDirectories(home.resolve("scripts"));
    Files.writeString(
        home.resolve("scripts/stores.sh"),
        """
        echo "said: $STORES_CPUSET" >&2
        if [ "$1" = fault ]; then echo '{"args": "'"$*"'"}'; exit 0; fi
        if [ "$1" = recover ]; then exit 3; fi
        echo "args: $*"
        """);
    List<String> log = new ArrayList<>();
    LocalStores s =
        new LocalStores(home, home, new Interrupts(), log::add, "cluster", "strict", 1024);
    s.stop(List.of("mongodb", "redisjson"));
    assertEquals(List.of("said: ", "args: stop --topology cluster mongodb redisjson"), log);
    log.clear();
    assertEquals(
        "fault kill-primary --topology cluster mongodb",
        s.fault("kill-primary", StoreKind.MONGODB).path("args").asText());
    assertEquals(List.of("said: "), log);
    SetupException e = assertThrows(SetupException.class, () -> s.recover(StoreKind.MONGODB));
    assertEquals("scripts/stores.sh recover mongodb failed (exit 3): said: ", e.getMessage());
  }
}
