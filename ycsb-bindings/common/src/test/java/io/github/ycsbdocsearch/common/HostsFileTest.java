package io.github.ycsbdocsearch.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostsFileTest {
  @TempDir Path dir;

  private Path write(String json) throws Exception {
    Path f = dir.resolve("hosts.json");
    Files.writeString(f, json);
    return f;
  }

  @Test
  void readsPropertiesPerStore() throws Exception {
    HostsFile h =
        HostsFile.read(
            write(
                "{\"topology\":\"cluster\",\"stores\":{\"mongodb\":{\"mongodb.url\":"
                    + "\"mongodb://u:secret@h1:27017/ycsb\"},"
                    + "\"redisjson\":{\"redis.port\":\"7001\",\"redis.password\":\"pw\"}}}"));
    assertEquals("cluster", h.topology());
    assertEquals("7001", h.propertiesOf(StoreKind.REDISJSON).getProperty("redis.port"));
    assertTrue(h.has(StoreKind.MONGODB));
    assertEquals(
        "mongodb://u:***@h1:27017/ycsb",
        HostsFile.masked(h.propertiesOf(StoreKind.MONGODB)).get("mongodb.url"));
    assertEquals(
        "***", HostsFile.masked(h.propertiesOf(StoreKind.REDISJSON)).get("redis.password"));
    assertThrows(SetupException.class, () -> h.propertiesOf(StoreKind.ELASTICSEARCH));
  }

  /**
   * What terraform provisioned, as scripts/hosts-from-terraform.sh writes it: recorded, never a
   * setting.
   */
  @Test
  void readsTheProvisionedProfileAndMemoryBudgetWhenTheFileHasThem() throws Exception {
    HostsFile aws =
        HostsFile.read(
            write(
                "{\"topology\":\"cluster\",\"durability_profile\":\"strict\","
                    + "\"memory_mb_per_server\":31744,\"servers\":3,\"copies\":3,"
                    + "\"stores\":{\"mongodb\":{\"mongodb.url\":\"mongodb://h:27017/ycsb\"}}}"));
    assertEquals(Optional.of("strict"), aws.durabilityProfile());
    assertEquals(
        Map.of("memory_mb_per_server", 31744, "servers", 3, "copies", 3), aws.provisioned());
    HostsFile local = HostsFile.read(write("{\"stores\":{\"mongodb\":{}}}"));
    assertTrue(local.durabilityProfile().isEmpty() && local.provisioned().isEmpty());
    assertEquals(
        "hosts file "
            + dir.resolve("hosts.json")
            + ": durability_profile must be relaxed or strict, not 'safe'",
        assertThrows(
                SetupException.class,
                () -> HostsFile.read(write("{\"durability_profile\":\"safe\",\"stores\":{}}")))
            .getMessage());
    for (String bad : List.of("0", "1.5", "\"lots\"")) {
      assertTrue(
          assertThrows(
                  SetupException.class,
                  () ->
                      HostsFile.read(write("{\"memory_mb_per_server\":" + bad + ",\"stores\":{}}")))
              .getMessage()
              .contains("memory_mb_per_server must be a positive whole number, not " + bad),
          bad);
    }
  }

  @Test
  void badFilesAreOneClearLine() throws Exception {
    assertTrue(
        assertThrows(SetupException.class, () -> HostsFile.read(dir.resolve("missing.json")))
            .getMessage()
            .endsWith("is not readable"));
    assertTrue(
        assertThrows(SetupException.class, () -> HostsFile.read(write("{not json")))
            .getMessage()
            .contains("is not valid JSON"));
    assertTrue(
        assertThrows(
                SetupException.class,
                () -> HostsFile.read(write("{\"stores\":{\"cassandra\":{}}}")))
            .getMessage()
            .contains("unknown store 'cassandra' (known: redisjson, mongodb, elasticsearch)"));
  }

  @Test
  void unknownStoreNameListsTheKnownOnes() {
    assertEquals(
        "unknown store 'redis' (known: redisjson, mongodb, elasticsearch)",
        assertThrows(SetupException.class, () -> StoreKind.byName("redis")).getMessage());
    assertEquals(StoreKind.MONGODB, StoreKind.byName(" MongoDB "));
    Properties p = new Properties();
    p.setProperty("x", "abc");
    assertEquals(
        "property x='abc' is malformed: expected an integer >= 1",
        assertThrows(SetupException.class, () -> Props.integer(p, "x", 1, 1)).getMessage());
  }

  /** The servers a fault may reach, as scripts/hosts-from-terraform.sh writes them. */
  @Test
  void readsTheFaultServersInOrderAndRefusesABadEntryInOneLine() throws Exception {
    HostsFile aws =
        HostsFile.read(
            write(
                "{\"topology\":\"cluster\",\"stores\":{\"mongodb\":{}},\"fault\":{"
                    + "\"servers\":[\"10.0.1.10\",\"10.0.1.11\"],\"port\":2222,"
                    + "\"user\":\"ubuntu\",\"identity_file\":\"/home/ubuntu/.ssh/ycsb_fault\"}}"));
    assertEquals(
        List.of(
            new FaultServer(
                "10.0.1.10",
                2222,
                "ubuntu",
                Path.of("/home/ubuntu/.ssh/ycsb_fault"),
                null,
                List.of()),
            new FaultServer(
                "10.0.1.11",
                2222,
                "ubuntu",
                Path.of("/home/ubuntu/.ssh/ycsb_fault"),
                null,
                List.of())),
        aws.faultServers());
    assertEquals("ubuntu@10.0.1.11", aws.faultServers().get(1).destination());
    assertEquals("server", aws.faultServers().get(0).role());
    assertTrue(HostsFile.read(write("{\"stores\":{}}")).faultServers().isEmpty());
    String where = "hosts file " + dir.resolve("hosts.json") + ": \"fault\"";
    for (Map.Entry<String, String> bad :
        Map.of(
                "[]", where + " must be an object",
                "{\"user\":\"u\"}", where + " needs \"servers\": the store servers' addresses",
                "{\"servers\":[\"h\"]}", where + " needs \"user\": the SSH user on the servers",
                "{\"servers\":[\"h\"],\"user\":\"u\",\"port\":70000}",
                    where + ": port 70000 is not a TCP port",
                "{\"servers\":[3],\"user\":\"u\"}",
                    where + ": server 3 is not a host name or address")
            .entrySet()) {
      assertEquals(
          bad.getValue(),
          assertThrows(
                  SetupException.class,
                  () -> HostsFile.read(write("{\"stores\":{},\"fault\":" + bad.getKey() + "}")))
              .getMessage(),
          bad.getKey());
    }
  }

  /**
   * The cluster's known_hosts (scripts/aws.sh copies it to client 0): named by both entries, and a
   * file that cannot be read is one line before anything is reached.
   */
  @Test
  void readsTheKnownHostsFileOfClientsAndServers() throws Exception {
    Path known = Files.writeString(dir.resolve("known_hosts"), "10.0.1.10 ssh-ed25519 AAAA\n");
    String entries =
        "\"clients\":[{\"host\":\"10.0.1.41\",\"repo\":\"/r\",\"known_hosts\":\"K\"}],"
            + "\"fault\":{\"servers\":[\"10.0.1.10\"],\"user\":\"u\",\"known_hosts\":\"K\"}";
    HostsFile h =
        HostsFile.read(write("{\"stores\":{}," + entries.replace("K", known.toString()) + "}"));
    assertEquals(known, h.clients().get(0).knownHosts());
    assertEquals(known, h.faultServers().get(0).knownHosts());
    Path none = dir.resolve("none");
    assertEquals(
        "hosts file "
            + dir.resolve("hosts.json")
            + ": client 1: known_hosts "
            + none
            + " is not a readable file",
        assertThrows(
                SetupException.class,
                () ->
                    HostsFile.read(
                        write("{\"stores\":{}," + entries.replace("K", none.toString()) + "}")))
            .getMessage());
  }
}
