package io.github.ycsbdocsearch.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spread} ({@code bin/docsearch spread}): the spread of one figure over repeated runs, read
 * from stdin one value per line, as the benchmark scripts print it ({@code
 * bench-reproducibility.sh}, {@code bench-known-answer.sh}): mean, standard deviation, CV and the
 * CV's one-sided upper confidence bound ({@link #cvUpperBound}), so that a claim such as "CV at
 * most 5 %" is made only when the number of runs supports it; with a known true value, the median's
 * bias against it. Options declared here (help: docs/cli/spread-help.txt). One instance per call.
 */
@Command(
    name = "spread",
    header =
        "mean, CV and the CV's 95 %% upper bound of a figure over repeated runs (the bench-*.sh"
            + " scripts)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "bin/docsearch spread --label TEXT [--known OPS] < values",
    description = {
      "Reads one value per line from stdin (ops/s; 'none' for a run without one, counted apart)"
          + " and prints the mean, the",
      "sample standard deviation, the coefficient of variation and its one-sided 95 %% upper bound"
          + " (chi-squared on n - 1",
      "degrees of freedom: 10 runs bound the CV at 1.645 x the observed one, 3 runs at 4.4 x)."
          + " With --known, also the",
      "median's bias against the true value."
    },
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 printed (also when no run had a value); 2 bad input (a line that is neither"
          + " a positive number nor 'none')."
    })
public final class SpreadMain implements Callable<Integer> {
  static final double LEVEL = 0.95;

  @Option(
      names = "--label",
      required = true,
      paramLabel = "TEXT",
      description = "what the values are, e.g. 'capacity_ops'")
  String label;

  @Option(
      names = "--known",
      paramLabel = "OPS",
      description = "the true value, when it is known (the mm1 store's capacity)")
  Double known;

  @Spec CommandSpec spec;

  /** Where the values come from; stdin unless a test sets it. */
  InputStream in = System.in;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (known != null && !(known > 0 && Double.isFinite(known))) {
      spec.commandLine().getErr().println("spread: --known " + known + ": give a positive number");
      return 2;
    }
    List<Double> values = new ArrayList<>();
    int lines = 0;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        String v = line.strip();
        if (v.isEmpty()) {
          continue;
        }
        lines++;
        if (v.equals("none")) {
          continue;
        }
        Double d = positive(v);
        if (d == null) {
          spec.commandLine()
              .getErr()
              .printf("spread: line %d: '%s' is neither a positive number nor 'none'%n", lines, v);
          return 2;
        }
        values.add(d);
      }
    }
    out.print(text(label, values, lines - values.size(), known));
    out.flush();
    return 0;
  }

  /** The lines printed for {@code values}, {@code missing} runs without one. */
  static String text(String label, List<Double> list, int missing, Double known) {
    int runs = list.size() + missing;
    if (list.isEmpty()) {
      return Fmt.format("%s: none of %d runs had one%n", label, runs);
    }
    double[] values = array(list);
    double mean = Mean.of(values).getAsDouble();
    StringBuilder s =
        new StringBuilder(
            Fmt.format("%s over %d runs: mean %.0f ops/s", label, values.length, mean));
    if (values.length > 1) {
      s.append(
          Fmt.format(
              ", stddev %.0f, CV %.2f %% (one-sided 95 %% upper bound %.2f %%)",
              StandardDeviation.of(values).getAsDouble(),
              100 * coefficientOfVariation(list),
              100 * cvUpperBound(list, LEVEL)));
    }
    if (missing > 0) {
      s.append(Fmt.format(" (%d runs had none)", missing));
    }
    s.append(System.lineSeparator());
    if (known != null) {
      double median = Median.withDefaults().evaluate(values);
      s.append(
          Fmt.format(
              "%s: median %.1f ops/s against the true %.1f: bias %+.2f %% (target |bias| <= 3"
                  + " %%)%n",
              label, median, known, 100 * (median - known) / known));
    }
    return s.toString();
  }

  /** Sample standard deviation over mean, of at least two values. */
  static double coefficientOfVariation(List<Double> list) {
    double[] values = array(list);
    return StandardDeviation.of(values).getAsDouble() / Mean.of(values).getAsDouble();
  }

  /**
   * The one-sided upper confidence bound of a normal population's coefficient of variation from a
   * sample: the sample CV times sqrt((n - 1) / chi2(1 - level; n - 1)), the bound of the standard
   * deviation with the mean taken as exact (good for CVs well below 1/3, where the mean's own error
   * is small). commons-statistics has no such bound. NaN for fewer than two values.
   */
  static double cvUpperBound(List<Double> values, double level) {
    if (values.size() < 2) {
      return Double.NaN;
    }
    int df = values.size() - 1;
    double chi2 = ChiSquaredDistribution.of(df).inverseCumulativeProbability(1 - level);
    return coefficientOfVariation(values) * Math.sqrt(df / chi2);
  }

  private static double[] array(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static Double positive(String v) {
    try {
      double d = Double.parseDouble(v);
      return Double.isFinite(d) && d > 0 ? d : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
