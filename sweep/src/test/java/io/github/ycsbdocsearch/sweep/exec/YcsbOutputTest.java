package io.github.ycsbdocsearch.sweep.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.YcsbOutput;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real, unmodified YCSB 0.17.0 client in a child JVM against small DB classes that trigger
 * its traps, and checks that {@link YcsbOutput} sees through its exit code 0.
 */
class YcsbOutputTest {
  @TempDir Path dir;

  private YcsbOutput runYcsb(String dbClass, int threads, int seconds) throws IOException {
    ChildResult r = run(dbClass, threads, seconds, 60);
    assertEquals(0, r.exitCode(), "YCSB 0.17.0 exits 0 in every one of these cases");
    return YcsbOutput.read(dir.resolve("ycsb.out"), dir.resolve("ycsb.err"));
  }

  /** Runs YCSB in {@code dir}, killed after {@code seconds + graceS}. */
  private ChildResult run(String dbClass, int threads, int seconds, int graceS) throws IOException {
    Path workload = Path.of("src/test/resources/tiny-core-workload").toAbsolutePath();
    try (ConnectionFile conn = ConnectionFile.write("test", new Properties())) {
      List<String> args =
          YcsbArgs.step(
              dbClass,
              workload,
              conn.path(),
              StepSpec.ramp(1, threads),
              seconds,
              1000,
              Integer.MAX_VALUE,
              Map.of(),
              null);
      Files.createDirectories(dir.resolve("hdr"));
      ClientLauncher launcher = ClientLauncher.forThisJvm("-Xmx128m", Optional.empty());
      return new ChildProcess(launcher.command(args), dir, Map.of())
          .run(
              dir.resolve("ycsb.out"),
              dir.resolve("ycsb.err"),
              Duration.ofSeconds(seconds + graceS),
              new Interrupts(),
              line -> {});
    }
  }

  @Test
  void aHealthyRunPasses() throws IOException {
    YcsbOutput out = runYcsb(TestDbs.OkDB.class.getName(), 2, 2);
    assertEquals(Optional.empty(), out.failure(2));
    assertEquals(2, out.initializedThreads());
    assertTrue(out.overallRuntimeMs().getAsLong() >= 2000);
    assertTrue(out.totalOperations() > 0);
    assertTrue(out.returnCounts().get("READ").get("OK") > 0);
    assertTrue(Files.exists(dir.resolve("hdr/READ.hdr")));
    assertTrue(Files.exists(dir.resolve("hdr/Intended-UPDATE.hdr")));
  }

  /**
   * YCSB 0.17.0 usually exits 0 after a thread's DB init failed, and sometimes does not exit at all
   * (seen once in a CI run: killed after 61 s; the cause inside YCSB is not established). Either
   * way the step must fail naming the cause: from the output when it exits, by the runner's time
   * limit (which kills it) when not. Its limit here is 1 + 8 s: in CI it ran to the limit every
   * time, and 8 s leave a JVM on a loaded machine time to start and initialise its threads.
   */
  @Test
  void aThreadWhoseInitFailedIsCaught() throws IOException {
    ChildResult r = run(TestDbs.SecondInitFailsDB.class.getName(), 3, 1, 8);
    YcsbOutput out = YcsbOutput.read(dir.resolve("ycsb.out"), dir.resolve("ycsb.err"));
    assertEquals(2, out.initializedThreads());
    String why = out.failure(3).orElseThrow();
    assertTrue(why.contains("cannot connect to 127.0.0.1:1"), why);
    if (!r.timedOut()) {
      assertEquals(0, r.exitCode(), "YCSB 0.17.0 exits 0 when it ends after a failed init");
      assertTrue(why.startsWith("only 2 of 3 client threads initialised"), why);
    }
  }

  @Test
  void aThrowingOperationIsCaughtDespiteExitCodeZero() throws IOException {
    YcsbOutput out = runYcsb(TestDbs.ThrowingDB.class.getName(), 1, 5);
    assertTrue(out.overallRuntimeMs().isEmpty());
    String why = out.failure(1).orElseThrow();
    assertTrue(why.startsWith("YCSB stopped before reporting results"), why);
    assertTrue(why.contains("connection reset"), why);
  }

  @Test
  void anUnknownDbIsCaught() throws IOException {
    YcsbOutput out = runYcsb("com.example.NoSuchDB", 1, 1);
    String why = out.failure(1).orElseThrow();
    assertTrue(
        why.contains("Unknown DB com.example.NoSuchDB") || why.contains("ClassNotFoundException"),
        why);
  }

  @Test
  void failedOperationsAreCountedNotFatal() throws IOException {
    YcsbOutput out = runYcsb(TestDbs.HalfUpdatesFailDB.class.getName(), 1, 1);
    assertEquals(Optional.empty(), out.failure(1));
    assertTrue(out.returnCounts().get("UPDATE").get("ERROR") > 0);
    assertTrue(Files.exists(dir.resolve("hdr/UPDATE-FAILED.hdr")));
  }

  @Test
  void parsesOutputFilesWithoutYcsb() throws IOException {
    Files.writeString(
        dir.resolve("o"),
        "[OVERALL], RunTime(ms), 20011\n[OVERALL], Throughput(ops/sec), 1234.5\n"
            + "[READ], Return=OK, 100\n[READ], Return=NOT_FOUND, 3\n[CLEANUP], Return=OK, 4\n");
    Files.writeString(
        dir.resolve("e"), "DBWrapper: report latency for each error is false and ...\n");
    YcsbOutput out = YcsbOutput.read(dir.resolve("o"), dir.resolve("e"));
    assertEquals(20011, out.overallRuntimeMs().getAsLong());
    assertEquals(1234.5, out.overallThroughput().getAsDouble());
    assertEquals(103, out.totalOperations(), "CLEANUP is YCSB's own pseudo-operation");
    assertEquals(1, out.initializedThreads());
    assertFalse(out.failure(1).isPresent());
    assertTrue(
        YcsbOutput.read(dir.resolve("missing"), dir.resolve("missing2")).failure(1).isPresent());
  }
}
