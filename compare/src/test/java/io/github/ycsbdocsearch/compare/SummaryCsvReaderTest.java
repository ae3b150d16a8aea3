package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryCsvReaderTest {

  private static final String HEADER = "store,workload,threads,target_ops,throughput_ops,op,count,errors,p50_us,"
      + "p90_us,p99_us,p999_us,p9999_us,max_us,latency_kind,step,min_us,mean_us,stddev_us,duration_s\n";

  @TempDir
  Path tmp;

  @Test
  void readsRowsByColumnNameAndLeavesUnsupportedPercentilesOut() throws Exception {
    Path file = tmp.resolve("summary.csv");
    Files.writeString(file, HEADER
        + "mongodb,workloada,8,1000,12345.6,READ,900,2,210.5,300,812,,,5000,intended,03-t8-r1000,90,250,40,20\n");

    List<SummaryRow> rows = SummaryCsvReader.read(file);

    assertEquals(1, rows.size());
    SummaryRow row = rows.get(0);
    assertEquals(new StepKey(8, 1000), row.step());
    assertEquals("t8-r1000", row.step().label());
    assertEquals(12345.6, row.throughputOps(), 1e-9);
    assertEquals(210.5, row.latencyUs(Percentile.P50), 1e-9);
    assertEquals(812, row.latencyUs(Percentile.P99), 1e-9);
    assertTrue(Double.isNaN(row.latencyUs(Percentile.P999)), "p99.9 needs 1,000 samples");
    assertEquals(2, row.errors());
    assertEquals("intended", row.latencyKind());
  }

  @Test
  void parsesDotDecimalsUnderACommaDecimalLocale() throws Exception {
    Locale previous = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      Path file = tmp.resolve("summary.csv");
      Files.writeString(file, HEADER + "redisjson,w,1,0,1000.25,READ,10,0,1.5,2,3,,,4,service,01-t1,1,1,0,10\n");
      assertEquals(1000.25, SummaryCsvReader.read(file).get(0).throughputOps(), 1e-9);
      assertEquals("\u2193 -12.5%", Fmt.change(-0.125));
    } finally {
      Locale.setDefault(previous);
    }
  }

  @Test
  void missingColumnNamesTheColumn() throws Exception {
    Path file = tmp.resolve("summary.csv");
    Files.writeString(file, "store,workload,threads\nmongodb,w,1\n");

    BadInputException e = assertThrows(BadInputException.class, () -> SummaryCsvReader.read(file));
    assertTrue(e.getMessage().contains("'target_ops'"), e.getMessage());
  }

  @Test
  void badNumberNamesFileLineAndColumn() throws Exception {
    Path file = tmp.resolve("summary.csv");
    Files.writeString(file, HEADER + "mongodb,w,1,0,12;5,READ,10,0,1,2,3,,,4,service,01-t1,1,1,0,10\n");

    BadInputException e = assertThrows(BadInputException.class, () -> SummaryCsvReader.read(file));
    assertTrue(e.getMessage().contains("summary.csv:2: column 'throughput_ops'"), e.getMessage());
  }
}
