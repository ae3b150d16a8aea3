package io.github.ycsbdocsearch.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.sweep.cli.Command;
import io.github.ycsbdocsearch.sweep.cli.OptionsParser;
import io.github.ycsbdocsearch.sweep.cli.SweepOptions;
import io.github.ycsbdocsearch.sweep.exec.LocalSsh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

  private SweepOptions parse() {
    // Parsing alone asks no machine anything: client-b and client-c do not exist.
    return assertInstanceOf(
            Command.Run.class,
            new OptionsParser(repo)
                .parse(
                    "workloada",
                    "--stores",
                    "basicdb",
                    "--hosts",
                    hosts.toString(),
                    "--clients",
                    "2",
                    "--out",
                    repo.resolve("results").toString()))
        .options();
  }

  private static SweepPreflight preflight() {
    return new SweepPreflight(c -> LocalSsh.to(c, Duration.ofSeconds(30)));
  }

  @Test
  void aClientWithoutTheBuiltProjectIsOneLineBeforeTheResultsFolder() {
    SweepOptions o = parse();
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
    Path script =
        Files.createDirectories(remoteRepo.resolve("scripts/lib")).resolve("remote-client.sh");
    Files.writeString(script, "#!/bin/sh\n");
    assertTrue(script.toFile().setExecutable(true));
    Files.createDirectories(remoteRepo.resolve("cli/target/lib"));
    preflight().check(parse(), Optional.empty(), Optional.empty());
    assertTrue(Files.isDirectory(repo.resolve("results")));
  }
}
