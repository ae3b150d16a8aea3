package io.github.ycsbdocsearch.sweep.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Next;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Outcome;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Probe;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Reason;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

/** The bound-then-bisect search on synthetic probe outcomes. */
class CapacitySearchTest {

  private static final CapacitySearch.Settings SETTINGS =
      new CapacitySearch.Settings(0.02, 10, 1100, 20, 1);

  private static List<Probe> curve(DoubleFunction<Outcome> truth, double... rates) {
    List<Probe> out = new ArrayList<>();
    for (double r : rates) {
      out.add(new Probe(r, truth.apply(r), 0.99));
    }
    return out;
  }

  /** Runs the search to its end against a truth function; returns the probes it asked for. */
  private static List<Next> run(CapacitySearch s, DoubleFunction<Outcome> truth) {
    List<Next> asked = new ArrayList<>();
    for (Optional<Next> n = s.next(); n.isPresent(); n = s.next()) {
      asked.add(n.get());
      Outcome o = truth.apply(n.get().rate());
      if (n.get().forced() && o == Outcome.INCONCLUSIVE) {
        o = Outcome.PASS;
      }
      s.offer(new Probe(n.get().rate(), o, 0.97));
      assertTrue(asked.size() <= 100, "the search must end");
    }
    return asked;
  }

  @Test
  void withoutProbesTheCurveBracketsTheCapacity() {
    DoubleFunction<Outcome> truth = r -> r <= 770 ? Outcome.PASS : Outcome.FAIL;
    CapacitySearch s = new CapacitySearch(new CapacitySearch.Settings(0.02, 10, 1100, 0, 1));
    s.seed(curve(truth, 250, 500, 750, 1000));
    assertTrue(s.next().isEmpty(), "--search-probes 0: nothing is probed");
    Result r = s.result();
    assertEquals(750, r.lo().getAsDouble());
    assertEquals(1000, r.hi().getAsDouble());
    assertFalse(r.converged(), "a 33 % bracket is not within 2 %: " + r.reason());
  }

  @Test
  void aMonotoneStoreConvergesToItsCapacityWithinTheResolution() {
    DoubleFunction<Outcome> truth = r -> r <= 770 ? Outcome.PASS : Outcome.FAIL;
    CapacitySearch s = new CapacitySearch(SETTINGS);
    s.seed(curve(truth, 250, 500, 750, 900, 1000, 1100));
    List<Next> asked = run(s, truth);
    Result r = s.result();
    assertTrue(r.converged(), r.reason());
    assertFalse(r.lowerBound());
    double c = r.capacity().getAsDouble();
    assertTrue(c <= 770 && c >= 770 / 1.02, "capacity " + c);
    assertTrue(r.hi().getAsDouble() / r.lo().getAsDouble() - 1 <= 0.02 + 1e-9);
    assertEquals(
        Reason.CONFIRM, asked.get(asked.size() - 1).reason(), "the low end is confirmed last");
    assertTrue(
        asked.stream().filter(n -> n.reason() == Reason.BISECT).count() <= 4,
        "bisection from [750, 900]");
    assertEquals(0.97, r.confidence(), 1e-9);
  }

  @Test
  void aNonMonotoneCurveNeverAnswersAboveTheLowestFailure() {
    // 80 % fails, 90 % passes: the answer is below 800, not 900.
    DoubleFunction<Outcome> truth =
        r -> r < 790 || r > 850 && r < 950 ? Outcome.PASS : Outcome.FAIL;
    CapacitySearch s = new CapacitySearch(SETTINGS);
    s.seed(curve(truth, 250, 500, 700, 800, 900, 1000));
    run(s, truth);
    Result r = s.result();
    assertTrue(r.capacity().getAsDouble() < 800, "capacity " + r.capacity());
    assertTrue(r.capacity().getAsDouble() >= 700);
    assertTrue(r.converged(), r.reason());
  }

  @Test
  void anInconclusiveProbeIsExtendedThenForcedToADecision() {
    // Between 760 and 780 the test cannot tell: first inconclusive, then decided on the pooled
    // counts.
    DoubleFunction<Outcome> truth =
        r -> r <= 760 ? Outcome.PASS : r < 780 ? Outcome.INCONCLUSIVE : Outcome.FAIL;
    CapacitySearch s = new CapacitySearch(SETTINGS);
    s.seed(curve(truth, 500, 750, 900));
    List<Next> asked = run(s, truth);
    assertTrue(
        asked.stream().anyMatch(n -> n.reason() == Reason.EXTEND && n.forced()),
        "an extension happened");
    Result r = s.result();
    assertTrue(r.converged(), r.reason());
    assertTrue(r.capacity().getAsDouble() >= 750 && r.capacity().getAsDouble() <= 780);
  }

  @Test
  void aFailedConfirmationMovesTheBracketDown() {
    // 765 passes when bisection tries it, fails when confirmed: flaky at the edge.
    int[] calls = {0};
    DoubleFunction<Outcome> truth =
        r -> {
          if (Math.abs(r - 765) < 10 && r > 760) {
            return calls[0]++ == 0 ? Outcome.PASS : Outcome.FAIL;
          }
          return r <= 760 ? Outcome.PASS : Outcome.FAIL;
        };
    CapacitySearch s = new CapacitySearch(SETTINGS);
    s.seed(curve(truth, 500, 750, 900));
    run(s, truth);
    Result r = s.result();
    assertTrue(r.capacity().getAsDouble() <= 760, "capacity " + r.capacity());
    assertTrue(r.converged(), r.reason());
  }

  @Test
  void passingAtTheTopOfTheRangeIsALowerBound() {
    CapacitySearch s = new CapacitySearch(SETTINGS);
    s.seed(curve(r -> Outcome.PASS, 250, 500, 1000));
    run(s, r -> Outcome.PASS);
    Result r = s.result();
    assertTrue(r.lowerBound());
    assertEquals(1100, r.capacity().getAsDouble(), 1e-9);
    assertTrue(r.hi().isEmpty());
    assertTrue(r.reason().startsWith("lower bound"), r.reason());
  }

  @Test
  void aClientLimitedProbeMakesTheAnswerALowerBoundNamingTheClient() {
    DoubleFunction<Outcome> truth = r -> r <= 600 ? Outcome.PASS : Outcome.CLIENT_LIMITED;
    CapacitySearch s = new CapacitySearch(SETTINGS);
    s.seed(curve(truth, 250, 500, 750));
    run(s, truth);
    Result r = s.result();
    assertTrue(r.lowerBound());
    assertTrue(r.reason().contains("client"), r.reason());
    assertTrue(r.capacity().getAsDouble() <= 600);
  }

  @Test
  void aClientLimitedProbeBelowACleanPassIsIgnored() {
    // 250 was client-limited (a noisy moment), 500 and 750 passed cleanly: the search goes on above
    // them.
    DoubleFunction<Outcome> truth = r -> r <= 770 ? Outcome.PASS : Outcome.FAIL;
    CapacitySearch s = new CapacitySearch(SETTINGS);
    List<Probe> seeds = new ArrayList<>(curve(truth, 500, 750, 900));
    seeds.add(new Probe(250, Outcome.CLIENT_LIMITED, Double.NaN));
    s.seed(seeds);
    run(s, truth);
    Result r = s.result();
    assertTrue(r.converged(), r.reason());
    assertFalse(r.lowerBound());
    assertTrue(r.capacity().getAsDouble() >= 770 / 1.02, "capacity " + r.capacity());
  }

  @Test
  void failingEvenAtTheFloorGivesNoCapacity() {
    CapacitySearch s = new CapacitySearch(SETTINGS);
    s.seed(curve(r -> Outcome.FAIL, 250, 500));
    List<Next> asked = run(s, r -> Outcome.FAIL);
    assertTrue(asked.stream().allMatch(n -> n.reason() == Reason.BOUND_DOWN));
    Result r = s.result();
    assertTrue(r.capacity().isEmpty());
    assertTrue(r.reason().startsWith("no capacity"), r.reason());
  }

  @Test
  void theProbeBudgetEndsAnUnconvergedSearchAndSaysSo() {
    CapacitySearch s = new CapacitySearch(new CapacitySearch.Settings(0.001, 10, 1100, 2, 1));
    s.seed(curve(r -> r <= 770 ? Outcome.PASS : Outcome.FAIL, 500, 1000));
    run(s, r -> r <= 770 ? Outcome.PASS : Outcome.FAIL);
    Result r = s.result();
    assertFalse(r.converged());
    assertEquals(2, r.probes());
    assertTrue(r.reason().startsWith("not converged"), r.reason());
  }

  @Test
  void anInconclusiveProbesExtensionDoesNotSpendTheBudget() {
    // Near the knee probes are often inconclusive: with a budget of 3 decisions, two inconclusive
    // bisections and their extensions still leave the confirmation its probe.
    DoubleFunction<Outcome> truth = r -> r <= 770 ? Outcome.PASS : Outcome.FAIL;
    CapacitySearch s = new CapacitySearch(new CapacitySearch.Settings(0.02, 10, 1100, 3, 1));
    s.seed(curve(truth, 750, 800));
    List<Next> asked = new ArrayList<>();
    for (Optional<Next> n = s.next(); n.isPresent(); n = s.next()) {
      asked.add(n.get());
      boolean first = n.get().reason() == Reason.BISECT;
      Outcome o = first ? Outcome.INCONCLUSIVE : truth.apply(n.get().rate());
      s.offer(new Probe(n.get().rate(), o, first ? Double.NaN : 0.97));
      assertTrue(asked.size() <= 10, "the search must end");
    }
    // [750, 800] is 6.7 % wide: bisect 775 (inconclusive, extended: fails), bisect 762 (extended:
    // passes), then the confirmation of 762: three decisions, five probes.
    assertEquals(
        List.of(Reason.BISECT, Reason.EXTEND, Reason.BISECT, Reason.EXTEND, Reason.CONFIRM),
        asked.stream().map(Next::reason).toList());
    Result r = s.result();
    assertEquals(5, r.probes(), "every probe run is counted in the result");
    assertTrue(r.converged(), r.reason());
    assertEquals(762, r.capacity().getAsDouble());
  }
}
