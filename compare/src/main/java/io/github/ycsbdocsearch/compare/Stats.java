package io.github.ycsbdocsearch.compare;

import java.util.List;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;

/**
 * The few statistics the baseline needs, over lists of figures: commons-statistics' mean, sample
 * standard deviation and median, and the one bound it has not (the CV's). Pure functions; safe to
 * use from several threads.
 */
public final class Stats {

  private Stats() {}

  /**
   * @param values at least one value
   * @return arithmetic mean
   */
  public static double mean(List<Double> values) {
    return Mean.of(array(values)).getAsDouble();
  }

  /**
   * @param values at least two values
   * @return sample standard deviation (n - 1 in the denominator), NaN for fewer than two values
   */
  public static double sampleStdDev(List<Double> values) {
    return values.size() < 2 ? Double.NaN : StandardDeviation.of(array(values)).getAsDouble();
  }

  /**
   * @param values at least two positive values
   * @return coefficient of variation: sample standard deviation / mean
   */
  public static double coefficientOfVariation(List<Double> values) {
    return sampleStdDev(values) / mean(values);
  }

  /**
   * The one-sided upper confidence bound of a normal population's coefficient of variation from a
   * sample: the sample CV times sqrt((n - 1) / chi2(1 - level; n - 1)), the bound of the standard
   * deviation with the mean taken as exact (good for CVs well below 1/3, where the mean's own error
   * is small). With 10 values and level 0.95 the factor is 1.645: an observed CV of 3 % shows a
   * true CV below 5 %; with 3 values it is 4.4.
   *
   * @param values at least two positive values
   * @param level the confidence, e.g. 0.95
   * @return the bound, NaN for fewer than two values
   */
  public static double cvUpperBound(List<Double> values, double level) {
    if (values.size() < 2) {
      return Double.NaN;
    }
    int df = values.size() - 1;
    double chi2 = ChiSquaredDistribution.of(df).inverseCumulativeProbability(1 - level);
    return coefficientOfVariation(values) * Math.sqrt(df / chi2);
  }

  /**
   * @param values at least one value
   * @return the median (mean of the two middle values for an even count)
   */
  public static double median(List<Double> values) {
    return Median.withDefaults().evaluate(array(values));
  }

  private static double[] array(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
