package io.github.ycsbdocsearch.sweep.plan;

import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Checks every property of a workload (file plus {@code -p} values) before any store is started:
 * YCSB 0.17.0 reads them only when a client starts, after the store was started and loaded, and
 * then prints a stack trace. Numbers must be numbers in range, names one of YCSB's, and the suite's
 * own properties pass their own checks. Stateless.
 */
public final class WorkloadProperties {

  /** YCSB CoreWorkload's proportions: decimals in [0, 1]. */
  private static final Set<String> PROPORTIONS =
      Set.of(
          "readproportion",
          "updateproportion",
          "insertproportion",
          "scanproportion",
          "readmodifywriteproportion",
          "hotspotdatafraction",
          "hotspotopnfraction",
          "exponential.percentile",
          "exponential.frac",
          "zipfian.constant");

  /** YCSB CoreWorkload's counts: whole numbers >= 0. */
  private static final Set<String> COUNTS =
      Set.of(
          "recordcount",
          "operationcount",
          "fieldcount",
          "fieldlength",
          "minfieldlength",
          "maxscanlength",
          "minscanlength",
          "insertstart",
          "insertcount",
          "zeropadding",
          "core_workload_insertion_retry_limit",
          "core_workload_insertion_retry_interval");

  private static final Set<String> BOOLEANS =
      Set.of("readallfields", "writeallfields", "dataintegrity", "readallfieldsbyname");
  private static final Map<String, Set<String>> CHOICES =
      Map.of(
          "requestdistribution",
              Set.of("uniform", "zipfian", "latest", "hotspot", "sequential", "exponential"),
          "fieldlengthdistribution", Set.of("constant", "uniform", "zipfian", "histogram"),
          "scanlengthdistribution", Set.of("uniform", "zipfian"),
          "insertorder", Set.of("hashed", "ordered"));

  private WorkloadProperties() {}

  /**
   * Checks the effective properties (file, then {@code -p} on top).
   *
   * @throws SetupException naming the property, its value and what it must be
   */
  public static void check(Map<String, String> file, Map<String, String> user) {
    Properties all = new Properties();
    all.putAll(file);
    all.putAll(user);
    for (String key : all.stringPropertyNames()) {
      String v = all.getProperty(key).trim();
      if (PROPORTIONS.contains(key)) {
        Props.decimal(
            all, key, 0, 0, key.startsWith("exponential") || key.startsWith("zipfian") ? 1e9 : 1);
      } else if (COUNTS.contains(key)) {
        number(key, v);
      } else if (BOOLEANS.contains(key)
          && !v.equalsIgnoreCase("true")
          && !v.equalsIgnoreCase("false")) {
        throw new SetupException("workload property " + key + "=" + v + " is not true or false");
      } else if (CHOICES.containsKey(key)
          && !CHOICES.get(key).contains(v.toLowerCase(Locale.ROOT))) {
        throw new SetupException(
            "workload property " + key + "=" + v + " is not one of " + CHOICES.get(key));
      }
    }
    if (DocSearchWorkload.class
        .getName()
        .equals(all.getProperty(WorkloadFile.WORKLOAD_CLASS_PROPERTY, "").trim())) {
      // With a dataset named this opens it, checked (one line naming the file's line and problem)
      // before any store is touched; the options parser's check is remembered: not read again.
      SearchWorkloadConfig.fromProperties(all);
    }
  }

  private static void number(String key, String v) {
    try {
      if (Long.parseLong(v) < 0) {
        throw new NumberFormatException();
      }
    } catch (NumberFormatException e) {
      throw new SetupException(
          "workload property " + key + "=" + v + " is not a whole number >= 0");
    }
  }
}
