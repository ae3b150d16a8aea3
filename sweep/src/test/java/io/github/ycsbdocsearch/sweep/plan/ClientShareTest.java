package io.github.ycsbdocsearch.sweep.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.OpenLoop;
import io.github.ycsbdocsearch.resultsformat.Phase;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientShareTest {
  private static final OpenLoop SCHEDULE =
      new OpenLoop("poisson", 100, 1000, Objective.parse("p99<=10ms"), 3);

  @Test
  void theSharesAddUpToTheStepAndEachClientHasItsOwnSeed() {
    StepSpec step = new StepSpec(4, Phase.LOAD, 29, 4001, 0.5);
    List<ClientShare> shares = ClientShare.split(step, 1_000_001, SCHEDULE, 3);
    assertEquals(3, shares.size());
    assertEquals(List.of(10, 10, 9), shares.stream().map(s -> s.step().threads()).toList());
    assertEquals(
        List.of(1334L, 1334L, 1333L), shares.stream().map(s -> s.step().targetOps()).toList());
    assertEquals(1_000_001, shares.stream().mapToLong(ClientShare::operationCount).sum());
    assertEquals(
        List.of(100L, 100 + ClientShare.SEED_STRIDE, 100 + 2 * ClientShare.SEED_STRIDE),
        shares.stream().map(s -> s.openLoop().seed()).toList());
    shares.forEach(s -> assertEquals(step.index(), s.step().index()));
    shares.forEach(s -> assertEquals(3, s.openLoop().rampS(), "every client ramps alike"));
  }

  @Test
  void oneClientIsThePlainStepAndAStepNeverHasAClientWithoutAThread() {
    StepSpec step = StepSpec.ramp(1, 2);
    List<ClientShare> one = ClientShare.split(step, 500, null, 1);
    assertEquals(step, one.get(0).step());
    assertNull(one.get(0).openLoop());
    assertEquals(
        2, ClientShare.split(step, 500, null, 4).size(), "2 threads go to 2 clients, not 4");
    assertEquals(1, ClientShare.split(StepSpec.ramp(1, 1), 500, null, 4).size());
  }
}
