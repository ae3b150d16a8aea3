package io.github.ycsbdocsearch.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.sweep.cli.Command;
import io.github.ycsbdocsearch.sweep.cli.OptionsParser;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.LocalSsh;
import io.github.ycsbdocsearch.sweep.exec.Ssh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other client machines are checked after parsing, over (a local stand-in for) SSH, before
 * anything starts.
 */
class SweepPreflightTest {
  @TempDir Path repo;
  private Path remoteRepo;
  private Path hosts;

  @BeforeEach
  void setUp() throws IOException {
    Files.createDirectories(repo.resolve("workloads"));
    Files.writeString(
        repo.resolve("workloads/workloada"),
        "workload=site.ycsb.workloads.CoreWorkload\n"
            + "readproportion=0.5\nupdateproportion=0.5\n");
    remoteRepo = repo.resolve("remote-repo");
    // Two other machines; --clients 2 uses only the first, so the second (whose project is nowhere)
    // is not asked.
    hosts =
        Files.writeString(
            repo.resolve("hosts.json"),
            "{\"stores\":{\"redisjson\":{\"redis.host\":\"10.0.0.1\"}},"
                + "\"clients\":[{\"host\":\"client-b\",\"repo\":\""
                + remoteRepo
                + "\"},"
                + "{\"host\":\"client-c\",\"repo\":\"/nonexistent\"}]}");
  }

  private RunPlan parse(String... more) {
    // Parsing alone asks no machine anything: client-b and client-c do not exist.
    List<String> args =
        new ArrayList<>(
            List.of(
                "workloada",
                "--stores",
                "basicdb",
                "--hosts",
                hosts.toString(),
                "--clients",
                "2",
                "--out",
                repo.resolve("results").toString()));
    args.addAll(List.of(more));
    return assertInstanceOf(
            Command.Run.class, new OptionsParser(repo).parse(args.toArray(String[]::new)))
        .options();
  }

  private static SweepPreflight preflight() {
    return new SweepPreflight(c -> LocalSsh.to(c, Duration.ofSeconds(30)));
  }

  @Test
  void aClientWithoutTheBuiltProjectIsOneLineBeforeTheResultsFolder() {
    RunPlan o = parse();
    SetupException e =
        assertThrows(
            SetupException.class, () -> preflight().check(o, Optional.empty(), Optional.empty()));
    assertEquals(
        "client "
            + System.getProperty("user.name")
            + "@client-b port 22: no built project at "
            + remoteRepo,
        e.getMessage());
    assertFalse(
        Files.exists(repo.resolve("results")), "nothing created before the world is checked");
  }

  @Test
  void aClientWithTheBuiltProjectPasses() throws IOException {
    buildRemote();
    preflight().check(parse(), Optional.empty(), Optional.empty());
    assertTrue(Files.isDirectory(repo.resolve("results")));
  }

  @Test
  void aDataSetMustBeTheSameFileOnEveryClient() throws IOException {
    buildRemote();
    Path data =
        Files.writeString(
            repo.resolve("docs.jsonl"), "{\"id\": \"a\", \"title\": \"one two\", \"rank\": 1}\n");
    RunPlan o = parse("-p", "docsearch.dataset=" + data);
    preflight().check(o, Optional.empty(), Optional.empty()); // the same machine: the same file
    // Another machine whose file differs (its sha256sum says so), or where it is missing (says
    // nothing).
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> sumsAs("echo 0123abcd").check(o, Optional.empty(), Optional.empty()));
    assertTrue(
        e.getMessage().contains("differs from this machine's (SHA-256 0123abcd there"),
        e.getMessage());
    SetupException missing =
        assertThrows(
            SetupException.class,
            () -> sumsAs("true").check(o, Optional.empty(), Optional.empty()));
    assertTrue(
        missing.getMessage().endsWith("is not there (copy it to the same path on every client)"));
  }

  /** A preflight whose other machine answers a sha256sum with SHELL, and anything else as here. */
  private static SweepPreflight sumsAs(String shell) {
    return new SweepPreflight(
        c ->
            new Ssh(
                c,
                List.of(
                    "bash",
                    "-c",
                    "shift $(($# - 1)); case \"$1\" in *sha256sum*) "
                        + shell
                        + " ;; *) exec sh -c \"$1\" ;; esac",
                    "fake-ssh"),
                Duration.ofSeconds(30)));
  }

  private void buildRemote() throws IOException {
    Path script =
        Files.createDirectories(remoteRepo.resolve("scripts/lib")).resolve("remote-client.sh");
    Files.writeString(script, "#!/bin/sh\n");
    assertTrue(script.toFile().setExecutable(true));
    Files.createDirectories(remoteRepo.resolve("cli/target/lib"));
  }
}
