package io.github.ycsbdocsearch.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SampleRunGeneratorTest {

  @Test
  void saturationIsTheBestStepBeforeTwoStepsOfLessThanFivePercentGrowth() {
    assertEquals(2, SampleRunGenerator.saturationIndex(List.of(100.0, 200.0, 300.0, 310.0, 314.0, 400.0)));
    assertEquals(3, SampleRunGenerator.saturationIndex(List.of(100.0, 200.0, 300.0, 320.0, 325.0)));
    assertEquals(0, SampleRunGenerator.saturationIndex(List.of(100.0)));
  }

  @Test
  void storeColoursAreFixedForTheProjectStoresAndDistinctForOthers() {
    StorePalette p = new StorePalette(List.of("a", "elasticsearch", "b", "mongodb", "redisjson"));
    assertEquals("#D55E00", p.colour("redisjson"));
    assertEquals("#009E73", p.colour("mongodb"));
    assertEquals("#0072B2", p.colour("elasticsearch"));
    assertEquals(false, p.colour("a").equals(p.colour("b")));
  }
}
