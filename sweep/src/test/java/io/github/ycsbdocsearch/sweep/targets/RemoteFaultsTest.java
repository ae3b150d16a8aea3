package io.github.ycsbdocsearch.sweep.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.sweep.exec.Ssh;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep's side of a fault on AWS: which server it asks, in what order, and what it makes of the
 * answers. The servers' helper (scripts/provision/fault.sh) needs systemd and the AWS stores, so a
 * script that answers as the helper's contract says stands in for ssh and the helper together; it
 * logs every call ("host word"). The helper itself is checked by scripts/tests/.
 */
class RemoteFaultsTest {
  @TempDir Path dir;
  private Path log;
  private Path fakeSsh;

  @BeforeEach
  void fakeServers() throws Exception {
    log = dir.resolve("calls.log");
    fakeSsh = dir.resolve("fake-ssh.sh");
    // ssh's arguments end with user@host -- WORD. 10.0.1.9 is down (ssh's exit 255); the primary
    // is on 10.0.1.11, whose clock is far behind (killed_at_ms 1).
    String script =
        """
        #!/usr/bin/env bash
        word="${*: -1}"; dest="${*: -3:1}"; host="${dest#*@}"
        echo "${host} ${word}" >>'LOG'
        [[ ${host} != 10.0.1.9 ]] || { echo 'ssh: connect to host 10.0.1.9: timed out' >&2; exit 255; }
        primary="${PRIMARY_ON:-10.0.1.11}"
        case "${word}" in
          check) echo '{"store":"mongodb","host":"'"${host}"'","units":[]}' ;;
          locate) echo 'located'
            echo '{"store":"mongodb","host":"'"${primary}"'","port":27101,"role":"PRIMARY of shard1"}' ;;
          kill-primary) [[ ${host} == 10.0.1.11 ]] || { echo "not here" >&2; exit 3; }
            echo '{"store":"mongodb","topology":"cluster","kind":"kill-primary","signal":"KILL",'\
        '"port":27101,"pid":42,"role":"PRIMARY of shard1","killed_at_ms":1}' ;;
          os-crash) [[ ${host} == 10.0.1.11 ]] || { echo "not here" >&2; exit 3; }
            echo '{"store":"mongodb","topology":"cluster","kind":"os-crash","signal":"sysrq-b",'\
        '"port":27101,"pid":42,"role":"PRIMARY of shard1","killed_at_ms":1001,"crash_delay_ms":1000}' ;;
          recover) left="$(cat 'DIR/rebooting' 2>/dev/null || echo 0)"
            if ((left > 0)); then echo $((left - 1)) >'DIR/rebooting'
              echo "ssh: connect to host ${host} port 22: Connection refused" >&2; exit 255; fi
            echo '{"store":"mongodb","restarted":[27101],"back_at_ms":5,"waited_ms":4}' ;;
          *) echo "unknown command '${word}'" >&2; exit 2 ;;
        esac
        """;
    Files.writeString(
        fakeSsh, script.replace("LOG", log.toString()).replace("DIR", dir.toString()));
  }

  private RemoteFaults faults(String... servers) throws Exception {
    Path hosts = dir.resolve("hosts.json");
    Files.writeString(
        hosts,
        "{\"topology\":\"cluster\",\"durability_profile\":\"strict\",\"durability_loss\":\"none\","
            + "\"stores\":{\"mongodb\":{}},\"fault\":{\"servers\":[\""
            + String.join("\",\"", servers)
            + "\"],\"user\":\"ubuntu\"}}");
    return new RemoteFaults(
        HostsFile.read(hosts),
        (t, d) -> new Ssh(t, List.of("bash", fakeSsh.toString()), d),
        RemoteFaults.REBOOT_TIMEOUT,
        RemoteFaults.REBOOT_POLL);
  }

  private List<String> calls() throws Exception {
    return Files.readAllLines(log);
  }

  @Test
  void killsOnTheServerTheFirstAnsweringServerNamesAndRestartsThere() throws Exception {
    RemoteFaults f = faults("10.0.1.9", "10.0.1.10", "10.0.1.11");
    long before = System.currentTimeMillis();
    JsonNode killed = f.fault("kill-primary", StoreKind.MONGODB);
    long after = System.currentTimeMillis();
    assertEquals("10.0.1.11", killed.path("host").asText());
    assertEquals(27101, killed.path("port").asInt());
    // The server's stamp lies outside the call that caused the kill: clamped to this machine's
    // clock, the server's own kept beside it.
    long at = killed.path("killed_at_ms").asLong();
    assertTrue(at >= before && at <= after, at + " in [" + before + ", " + after + "]");
    assertEquals(1, killed.path("server_killed_at_ms").asLong());
    assertEquals(
        List.of(27101), List.of(f.recover(StoreKind.MONGODB).path("restarted").get(0).asInt()));
    assertEquals(
        List.of(
            "10.0.1.9 locate", "10.0.1.10 locate", "10.0.1.11 kill-primary", "10.0.1.11 recover"),
        calls());
    assertEquals(Optional.of("strict"), f.profile());
    assertEquals(Optional.of("none"), f.loss(StoreKind.MONGODB));
  }

  private RemoteFaults crashing(Duration rebootTimeout) throws Exception {
    faults("10.0.1.10", "10.0.1.11");
    return new RemoteFaults(
        HostsFile.read(dir.resolve("hosts.json")),
        (t, d) -> new Ssh(t, List.of("bash", fakeSsh.toString()), d),
        rebootTimeout,
        Duration.ofMillis(50));
  }

  @Test
  void anOsCrashIsPlacedItsDelayAfterTheAnswerAndItsServerIsAskedAgainUntilItHasBooted()
      throws Exception {
    RemoteFaults f = crashing(Duration.ofSeconds(30));
    long before = System.currentTimeMillis();
    JsonNode crashed = f.fault("os-crash", StoreKind.MONGODB);
    long after = System.currentTimeMillis();
    // The server answered at its 1 (far behind), the crash 1,000 ms later: on this machine's clock
    // the answer lies inside the call, the crash 1,000 ms after it.
    long at = crashed.path("killed_at_ms").asLong();
    assertTrue(
        at >= before + 1000 && at <= after + 1000, at + " in [" + before + ", " + after + "]+1000");
    assertEquals(1001, crashed.path("server_killed_at_ms").asLong());
    assertEquals("sysrq-b", crashed.path("signal").asText());
    // Booting: two recovers refused by ssh, the third answered.
    Files.writeString(dir.resolve("rebooting"), "2");
    assertEquals(5, f.recover(StoreKind.MONGODB).path("back_at_ms").asLong());
    assertEquals(
        List.of(
            "10.0.1.10 locate",
            "10.0.1.11 os-crash",
            "10.0.1.11 recover",
            "10.0.1.11 recover",
            "10.0.1.11 recover"),
        calls());
  }

  @Test
  void aServerThatDoesNotComeBackFromItsOsCrashIsOneLineNamingIt() throws Exception {
    RemoteFaults f = crashing(Duration.ofSeconds(1));
    f.fault("os-crash", StoreKind.MONGODB);
    Files.writeString(dir.resolve("rebooting"), "1000");
    String e = assertThrows(SetupException.class, () -> f.recover(StoreKind.MONGODB)).getMessage();
    assertTrue(
        e.startsWith(
            "server ubuntu@10.0.1.11 did not answer a recover within 1 s of its os-crash"
                + " (a hard reboot): "),
        e);
    assertTrue(e.contains("Connection refused"), e);
  }

  @Test
  void aKillIsNotWaitedForLikeAReboot() throws Exception {
    RemoteFaults f = crashing(Duration.ofSeconds(30));
    f.fault("kill-primary", StoreKind.MONGODB);
    Files.writeString(dir.resolve("rebooting"), "1");
    assertThrows(SetupException.class, () -> f.recover(StoreKind.MONGODB));
    assertEquals(1, calls().stream().filter(c -> c.endsWith("recover")).count());
  }

  @Test
  void withoutAFaultSentTheRecoverOnlyAsksTheFirstServerWhetherTheStoreIsWhole() throws Exception {
    RemoteFaults f = faults("10.0.1.10", "10.0.1.11");
    assertEquals(5, f.recover(StoreKind.MONGODB).path("back_at_ms").asLong());
    assertEquals(List.of("10.0.1.10 recover"), calls());
  }

  @Test
  void aPrimaryOnAServerTheHostsFileDoesNotListIsOneLine() throws Exception {
    RemoteFaults f = faults("10.0.1.10", "10.0.1.11");
    String e =
        assertThrows(
                SetupException.class,
                () ->
                    new RemoteFaults(
                            HostsFile.read(dir.resolve("hosts.json")),
                            (t, d) ->
                                new Ssh(
                                    t,
                                    List.of(
                                        "env", "PRIMARY_ON=10.0.1.99", "bash", fakeSsh.toString()),
                                    d),
                            RemoteFaults.REBOOT_TIMEOUT,
                            RemoteFaults.REBOOT_POLL)
                        .fault("kill-primary", StoreKind.MONGODB))
            .getMessage();
    assertEquals(
        "the process holding primary data (PRIMARY of shard1) is on '10.0.1.99', which the hosts"
            + " file's fault servers do not list",
        e);
    assertFalse(calls().stream().anyMatch(c -> c.endsWith("kill-primary")), calls().toString());
    assertTrue(f.profile().isPresent());
  }

  @Test
  void noServerAnsweringIsOneLineNamingWhy() throws Exception {
    String e =
        assertThrows(
                SetupException.class,
                () -> faults("10.0.1.9").fault("stop-node", StoreKind.MONGODB))
            .getMessage();
    assertTrue(
        e.startsWith("no server located the primary data: server ubuntu@10.0.1.9 port 22: ssh:"),
        e);
  }

  @Test
  void theCheckRefusesAnotherStoresServersAndAHostsFileWithoutThem() throws Exception {
    faults("10.0.1.10", "10.0.1.11").check(StoreKind.MONGODB);
    assertEquals(List.of("10.0.1.10 check", "10.0.1.11 check"), calls());
    String wrong =
        assertThrows(SetupException.class, () -> faults("10.0.1.10").check(StoreKind.ELASTICSEARCH))
            .getMessage();
    assertEquals(
        "server ubuntu@10.0.1.10 runs 'mongodb', not elasticsearch: the hosts file's fault servers"
            + " are another cluster's",
        wrong);
    Path bare = dir.resolve("bare.json");
    Files.writeString(bare, "{\"topology\":\"cluster\",\"stores\":{\"mongodb\":{}}}");
    assertTrue(
        assertThrows(SetupException.class, () -> new RemoteFaults(HostsFile.read(bare)))
            .getMessage()
            .endsWith(
                "has no \"fault\" entry: the sweep cannot reach the servers to kill one"
                    + " (scripts/hosts-from-terraform.sh writes it from this version of"
                    + " terraform/)"));
  }
}
