package io.github.ycsbdocsearch.sweep.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class YcsbArgsTest {
  private static final Path W = Path.of("/w/workloada");
  private static final Path C = Path.of("/tmp/conn.properties");

  @Test
  void aStepIsBoundedByTimeAndLogsEveryOperation() {
    Map<String, String> user = new LinkedHashMap<>();
    user.put("fieldcount", "3");
    List<String> a =
        YcsbArgs.step("x.DB", W, C, StepSpec.ramp(2, 8), 20, 10_000, 2_000_000, user, null);
    String line = String.join(" ", a);
    assertEquals("-t", a.get(0));
    assertTrue(
        line.contains("-db x.DB -P /w/workloada -P /tmp/conn.properties -threads 8 -s"), line);
    assertTrue(line.contains("-p recordcount=10000"), line);
    assertTrue(line.contains("-p fieldcount=3"), line);
    assertTrue(line.contains("-p operationcount=2000000 -p maxexecutiontime=20"), line);
    assertTrue(
        line.contains(
            "-p measurementtype=hdrhistogram -p hdrhistogram.fileoutput=true "
                + "-p hdrhistogram.output.path=hdr/ -p measurement.interval=both"),
        line);
    assertTrue(line.contains("-p status.interval=1"), line);
    assertFalse(line.contains("-target"), line);
    assertFalse(line.contains("operationcount=0 "), "0 means zero threads in YCSB 0.17.0");
  }

  @Test
  void aFixedRateStepPassesTheTarget() {
    List<String> a =
        YcsbArgs.step(
            "x.DB", W, C, new StepSpec(1, Phase.RATES, 16, 6000, null), 20, 10, 5, Map.of(), null);
    assertEquals(List.of("-t", "-target", "6000"), a.subList(0, 3));
  }

  @Test
  void theUsersOperationCountIsNotRepeated() {
    List<String> a =
        YcsbArgs.step(
            "x.DB", W, C, StepSpec.ramp(1, 1), 20, 10, 77, Map.of("operationcount", "77"), null);
    assertEquals(1, a.stream().filter(s -> s.startsWith("operationcount=")).count());
  }

  @Test
  void theLoadIsNotMeasuredIntoFiles() {
    String line = String.join(" ", YcsbArgs.load("x.DB", W, C, 4, 500, 1000, Map.of()));
    assertTrue(
        line.startsWith("-load -db x.DB -P /w/workloada -P /tmp/conn.properties -threads 4 -s"),
        line);
    assertTrue(line.contains("recordcount=500"), line);
    assertTrue(
        line.contains("operationcount=1000"), "CoreWorkload reads it while loading: " + line);
    assertFalse(line.contains("hdrhistogram.fileoutput"), line);
  }

  @Test
  void theClientIsPinnedWithTaskset() {
    ClientLauncher l =
        new ClientLauncher(
            Path.of("/j/bin/java"), List.of("-Xmx1g"), "/repo/a.jar:b.jar", Optional.of("1"));
    assertEquals(
        List.of(
            "taskset",
            "-c",
            "1",
            "/j/bin/java",
            "-Xmx1g",
            "-cp",
            "/repo/a.jar:b.jar",
            "site.ycsb.Client",
            "-t"),
        l.command(List.of("-t")));
    // Another client machine: its own java, unpinned, the classpath moved to its repository.
    assertEquals(
        List.of("java", "-Xmx1g", "-cp", "/r2/a.jar:b.jar", "site.ycsb.Client", "-t"),
        l.remoteCommand(List.of("-t"), Path.of("/repo"), Path.of("/r2")));
    ClientLauncher free = new ClientLauncher(Path.of("java"), List.of(), "cp", Optional.empty());
    assertEquals("java", free.command(List.of()).get(0));
  }
}
