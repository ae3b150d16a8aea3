package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's YCSB [OVERALL] throughput as step-rows publishes it: the step's own ycsb.out, or the sum
 * over its clients' folders; absent as soon as one client printed none. (What YCSB prints and its
 * traps are tested against the real YCSB client in the sweep's YcsbOutputTest.)
 */
class YcsbOutputStepTest {

  @TempDir Path step;

  private static void printed(Path dir, String throughput) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve(RunLayout.YCSB_OUT),
        "[OVERALL], RunTime(ms), 10000\n[OVERALL], Throughput(ops/sec), " + throughput + "\n");
  }

  @Test
  void oneClientsFigureIsItsOwn() throws IOException {
    printed(step, "1234.5");
    assertEquals(1234.5, YcsbOutput.stepThroughput(step).orElseThrow(), 1e-9);
  }

  @Test
  void severalClientsAreSummedAndOneSilentClientLeavesNoFigure() throws IOException {
    printed(RunLayout.clientDir(step, 0), "1000");
    printed(RunLayout.clientDir(step, 1), "250.25");
    assertEquals(1250.25, YcsbOutput.stepThroughput(step).orElseThrow(), 1e-9);
    Files.delete(RunLayout.clientDir(step, 1).resolve(RunLayout.YCSB_OUT));
    assertTrue(YcsbOutput.stepThroughput(step).isEmpty());
  }
}
