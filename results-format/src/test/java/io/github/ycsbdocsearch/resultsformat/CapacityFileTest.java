package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A store's capacity file under its name now and under the name older folders used. */
class CapacityFileTest {

  @TempDir Path store;

  private static String peakOnly(double peakOps) {
    return "{\"format\": 4, \"store\": \"s\", \"peak_ops\": " + peakOps + "}";
  }

  @Test
  void writesCapacityJsonOnly() throws IOException {
    new StoreCapacity(
            4, "s", 10.0, null, null, null, null, null, null, null, null, null, null, null, null)
        .writeTo(store);
    assertTrue(Files.isRegularFile(store.resolve(RunLayout.CAPACITY)));
    assertFalse(Files.exists(store.resolve(RunLayout.CAPACITY_BEFORE_RENAME)));
    assertEquals(10.0, StoreCapacity.readOptional(store).peakOps());
  }

  @Test
  void readsTheOldNameWhenTheNewIsAbsent() throws IOException {
    Files.writeString(store.resolve("saturation.json"), peakOnly(7.0));
    assertEquals(7.0, StoreCapacity.readOptional(store).peakOps());
  }

  @Test
  void theNewNameWinsOverTheOld() throws IOException {
    // a run written before the rename and resumed after it has both: the resumed sweep's is current
    Files.writeString(store.resolve("saturation.json"), peakOnly(7.0));
    Files.writeString(store.resolve("capacity.json"), peakOnly(9.0));
    assertEquals(9.0, StoreCapacity.readOptional(store).peakOps());
  }

  @Test
  void neitherIsNull() throws IOException {
    assertNull(StoreCapacity.readOptional(store));
  }
}
