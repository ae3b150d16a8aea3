package io.github.ycsbdocsearch.sweep.targets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.FaultServer;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.SshTarget;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.exec.Ssh;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The servers of a hosts file as a {@link FaultTarget} (AWS, terraform/): each server runs its
 * fault helper ({@code scripts/provision/fault.sh}) as the forced command of the fault key, so the
 * sweep sends it one word over SSH and reads one JSON line back.
 *
 * <ol>
 *   <li>{@code locate} on the first server that answers: which server and process hold primary data
 *       (by the same rule as the local {@code stores.sh fault}); every server can tell.
 *   <li>{@code kill-primary} or {@code stop-node} on that server: it stops systemd from restarting
 *       the unit, ends it and says when. Or {@code os-crash}: it answers, then the whole server
 *       goes down through SysRq b ({@code crash_delay_ms} after the answer) and boots again on its
 *       own.
 *   <li>{@code recover} on that server: it starts the unit again and waits until the store is
 *       whole. After an os-crash the server does not answer until it has booted, so the recover is
 *       asked again every few seconds, up to {@link #REBOOT_TIMEOUT}.
 * </ol>
 *
 * The helper stamps the kill with its server's clock; the sweep's windows run on this machine's.
 * The stamp is kept only when it falls inside the SSH call that caused it; otherwise it is clamped
 * to that call (the signal cannot have come before the call was sent nor after it returned), and
 * the server's own stamp is kept beside it as {@code server_killed_at_ms}. An os-crash comes {@code
 * crash_delay_ms} after the helper's answer, so the same rule places its answer, and the crash
 * follows by that delay. Thread-safe.
 */
public final class RemoteFaults implements FaultTarget {
  /** Finding the holder, and the {@code check} of the preflight: a few store queries. */
  static final Duration QUERY_TIMEOUT = Duration.ofSeconds(60);

  /** A stop-node waits for the store's own shutdown (the helper bounds it at 60 s). */
  static final Duration KILL_TIMEOUT = Duration.ofSeconds(120);

  /** A recover waits until the store is whole (the helper bounds it at 300 s). */
  static final Duration RECOVER_TIMEOUT = Duration.ofSeconds(420);

  /** A server hard-rebooted by os-crash: EC2 boots one in a few minutes. */
  static final Duration REBOOT_TIMEOUT = Duration.ofMinutes(10);

  /** How often a rebooting server is asked again. */
  static final Duration REBOOT_POLL = Duration.ofSeconds(5);

  private static final String OS_CRASH = "os-crash";

  private final List<FaultServer> servers;
  private final BiFunction<SshTarget, Duration, Ssh> ssh;
  private final Optional<String> profile;
  private final Optional<String> loss;
  private final Duration rebootTimeout;
  private final Duration rebootPoll;
  private final Object lock = new Object();
  private FaultServer faulted;
  private String faultKind;

  /**
   * @param ssh how a server is reached, with a time limit per call (tests: a local stand-in)
   * @param rebootTimeout how long a server crashed by os-crash may take to answer again
   * @param rebootPoll how often it is asked meanwhile
   * @throws SetupException when the hosts file has no fault servers
   */
  RemoteFaults(
      HostsFile hosts,
      BiFunction<SshTarget, Duration, Ssh> ssh,
      Duration rebootTimeout,
      Duration rebootPoll) {
    if (hosts.faultServers().isEmpty()) {
      throw new SetupException(
          "hosts file %s has no \"fault\" entry: the sweep cannot reach the servers to kill one"
                  .formatted(hosts.source())
              + " (scripts/hosts-from-terraform.sh writes it from this version of terraform/)");
    }
    this.servers = hosts.faultServers();
    this.ssh = ssh;
    this.profile = hosts.durabilityProfile();
    this.loss = hosts.durabilityLoss();
    this.rebootTimeout = rebootTimeout;
    this.rebootPoll = rebootPoll;
  }

  /** The OpenSSH client. */
  public RemoteFaults(HostsFile hosts) {
    this(hosts, (t, d) -> new Ssh(t, List.of("ssh"), d), REBOOT_TIMEOUT, REBOOT_POLL);
  }

  /**
   * Every server answers its fault helper's {@code check} (the key works, the helper is there and
   * finds its store's units), before any store is touched.
   *
   * @throws SetupException naming the first server that does not
   */
  @Override
  public void check(StoreKind store) {
    for (FaultServer s : servers) {
      JsonNode n = call(s, "check", QUERY_TIMEOUT);
      String theirs = n.path("store").asText("");
      if (!theirs.equals(store.storeName())) {
        throw new SetupException(
            "server %s runs '%s', not %s: the hosts file's fault servers are another cluster's"
                .formatted(s.destination(), theirs, store.storeName()));
      }
    }
  }

  @Override
  public JsonNode fault(String kind, StoreKind store) {
    FaultServer holder = holder();
    synchronized (lock) {
      faulted = holder;
      faultKind = kind;
    }
    long sent = System.currentTimeMillis();
    ObjectNode o = call(holder, kind, KILL_TIMEOUT);
    long returned = System.currentTimeMillis();
    long delay = o.path("crash_delay_ms").asLong(0);
    long theirs = o.path("killed_at_ms").asLong(returned + delay);
    long ours = Math.max(sent, Math.min(returned, theirs - delay)) + delay;
    if (ours != theirs) {
      o.put("server_killed_at_ms", theirs);
    }
    o.put("killed_at_ms", ours);
    o.put("host", holder.host());
    return o;
  }

  /** The server holding primary data, as the first server that can tell says. */
  private FaultServer holder() {
    List<String> errors = new ArrayList<>();
    for (FaultServer s : servers) {
      JsonNode where;
      try {
        where = call(s, "locate", QUERY_TIMEOUT);
      } catch (SetupException e) {
        errors.add(e.getMessage());
        continue;
      }
      String host = where.path("host").asText("");
      return servers.stream()
          .filter(c -> c.host().equals(host))
          .findFirst()
          .orElseThrow(
              () ->
                  new SetupException(
                      "the process holding primary data (%s) is on '%s'"
                              .formatted(where.path("role").asText("?"), host)
                          + ", which the hosts file's fault servers do not list"));
    }
    throw new SetupException("no server located the primary data: " + String.join("; ", errors));
  }

  /**
   * Starts what the fault stopped on the server it hit (a no-op there when nothing is down); with
   * no fault sent, checks from the first server that the store is whole.
   */
  @Override
  public JsonNode recover(StoreKind store) {
    FaultServer where;
    boolean rebooting;
    synchronized (lock) {
      where = faulted != null ? faulted : servers.get(0);
      rebooting = OS_CRASH.equals(faultKind);
    }
    return rebooting ? recoverAfterReboot(where) : call(where, "recover", RECOVER_TIMEOUT);
  }

  /**
   * The recover of a server that os-crash took down: asked until the server answers (it boots and
   * its store units start on their own), up to the reboot timeout. Interrupts do not end the wait
   * (the store must be left whole); the thread's interrupt is set again afterwards.
   */
  private JsonNode recoverAfterReboot(FaultServer where) {
    long deadline = System.nanoTime() + rebootTimeout.toNanos();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return call(where, "recover", RECOVER_TIMEOUT);
        } catch (SetupException e) {
          if (System.nanoTime() - deadline >= 0) {
            throw new SetupException(
                "server %s did not answer a recover within %s s of its os-crash (a hard reboot): %s"
                    .formatted(where.destination(), rebootTimeout.toSeconds(), e.getMessage()),
                e);
          }
        }
        try {
          Thread.sleep(rebootPoll.toMillis());
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public Optional<String> profile() {
    return profile;
  }

  @Override
  public Optional<String> loss(StoreKind store) {
    return loss;
  }

  /** One word to the server's helper; its stdout's last line, a JSON object. */
  private ObjectNode call(FaultServer server, String word, Duration timeout) {
    String out = ssh.apply(server, timeout).run(List.of(word), null).strip();
    String last = out.lines().reduce((a, b) -> b).orElse("");
    try {
      if (Json.MAPPER.readTree(last) instanceof ObjectNode n) {
        return n;
      }
      throw new IOException("not a JSON object");
    } catch (IOException e) {
      throw new SetupException(
          "server %s: '%s' printed no JSON line%s"
              .formatted(server.destination(), word, last.isEmpty() ? "" : " ('" + last + "')"),
          e);
    }
  }
}
