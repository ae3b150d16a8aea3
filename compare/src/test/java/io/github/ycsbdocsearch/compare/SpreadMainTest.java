package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code bin/docsearch spread}: the figures, the CV's bound against tables, and bad input. */
class SpreadMainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int spread(String stdin, String... args) {
    SpreadMain main = new SpreadMain();
    main.in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
    return new CommandLine(main)
        .setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
        .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8))
        .execute(args);
  }

  @Test
  void theCvBoundUsesTheChiSquaredQuantileOfNMinusOneDegrees() {
    // Tables: chi2(0.05; 9) = 3.325, chi2(0.05; 2) = 0.1026.
    List<Double> ten =
        List.of(752.0, 774.0, 808.0, 774.0, 769.0, 774.0, 779.0, 771.0, 762.0, 727.0);
    double cv = SpreadMain.coefficientOfVariation(ten);
    assertEquals(cv * Math.sqrt(9 / 3.325), SpreadMain.cvUpperBound(ten, 0.95), cv * 0.001);
    List<Double> three = List.of(9.0, 10.0, 11.0);
    assertEquals(
        SpreadMain.coefficientOfVariation(three) * Math.sqrt(2 / 0.1026),
        SpreadMain.cvUpperBound(three, 0.95),
        0.001);
    assertTrue(Double.isNaN(SpreadMain.cvUpperBound(List.of(1.0), 0.95)));
  }

  @Test
  void printsMeanCvItsBoundMissingRunsAndTheBias() {
    assertEquals(0, spread("100\n110\nnone\n\n90\n", "--label", "capacity_ops", "--known", "95"));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(
        text.startsWith(
            "capacity_ops over 3 runs: mean 100 ops/s, stddev 10, CV 10.00 % (one-sided 95 % upper"
                + " bound 44."),
        text);
    assertTrue(text.contains("(1 runs had none)"), text);
    assertTrue(
        text.contains("capacity_ops: median 100.0 ops/s against the true 95.0: bias +5.26 %"),
        text);
  }

  @Test
  void noRunWithAValueIsSaidNotFailed() {
    assertEquals(0, spread("none\nnone\n", "--label", "capacity_ops"));
    assertEquals(
        "capacity_ops: none of 2 runs had one", out.toString(StandardCharsets.UTF_8).strip());
  }

  @Test
  void aLineThatIsNotANumberIsOneLineAndExitTwo() {
    assertEquals(2, spread("100\nabc\n", "--label", "x"));
    assertEquals(
        "spread: line 2: 'abc' is neither a positive number nor 'none'",
        err.toString(StandardCharsets.UTF_8).strip());
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aKnownValueThatIsNotPositiveIsRefused() {
    assertEquals(2, spread("100\n", "--label", "x", "--known", "0"));
    assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("spread: --known 0.0:"));
  }
}
