package io.github.ycsbdocsearch.common.verify;

import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code verify} ({@code scripts/verify-search.sh}, {@code bin/docsearch verify}): loads the same
 * documents into each store, asks sampled questions and compares every answer with the oracle.
 * Prints a table (store, queries, identical, differing, ...) and the first differences in full.
 * Options declared once, here (help text: docs/cli/verify-help.txt); the script acts on --hosts and
 * --topology itself (starting local stores when no hosts file is given) and hands every argument to
 * this class. One instance per call.
 */
@Command(
    name = "verify",
    header = "prove every store answers the search as the oracle does (scripts/verify-search.sh)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = {
      "verify-search.sh [--stores LIST] [--queries N] [--records N | --dataset FILE [--text-mode"
          + " canonical|raw]]",
      "                 [--hosts FILE | --topology single|cluster] [--json FILE] [-p KEY=VALUE ...]"
    },
    description = {
      "Proves every store answers the two-word search exactly as the oracle computed from the"
          + " generator does.",
      "Loads the same documents into each store (default 20,000 generated records, or every line of"
          + " a JSON Lines dataset file), asks N sampled questions (first pages, deeper pages with"
          + " hits, the empty page after the last, both sort orders, every tenth with documents"
          + " compared field by field), prints store / queries / identical / differing and the"
          + " first differences in full.",
      "--text-mode raw stores the dataset's text as given and measures instead (the divergence"
          + " table): the share of answers that differ from the canonical oracle per store, with"
          + " the first differing documents and each engine's tokens."
    },
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Environment: STORES_HOME (default <repo>/.stores), JAVA_OPTS (default -Xmx1g).",
      "Exit status: 0 every store 100 %% identical (raw text: the measurement ran); 1 a store"
          + " differs; 2 bad input (a bad dataset file: one line naming the line, before any store"
          + " starts)."
    })
public final class VerifyMain implements Callable<Integer> {

  /** Generated records when neither --records, a workload file nor a dataset says otherwise. */
  static final String DEFAULT_RECORDS = "20000";

  /** Local topologies the script can start. */
  enum Topology {
    single,
    cluster
  }

  @Option(
      names = "--stores",
      paramLabel = "LIST",
      split = ",",
      description = "stores to verify, comma-separated (default: every store of the hosts file)")
  List<String> storeNames = new ArrayList<>();

  @Option(
      names = "--queries",
      paramLabel = "N",
      defaultValue = "1000",
      description = "questions asked per store (default: ${DEFAULT-VALUE})")
  int queries;

  @Option(
      names = "--records",
      paramLabel = "N",
      description = "generated records loaded into each store (default: " + DEFAULT_RECORDS + ")")
  Long records;

  @Option(
      names = "--dataset",
      paramLabel = "FILE",
      description =
          "your own documents, a JSON Lines file (datasets/README.md), instead of generated ones")
  String dataset;

  @Option(
      names = "--text-mode",
      paramLabel = "canonical|raw",
      description =
          "a dataset's text normalized once and verified identical (canonical, default), or stored"
              + " as given with the divergence measured (raw)")
  String textMode;

  @Option(
      names = "--hosts",
      paramLabel = "FILE",
      description =
          "the stores' connection properties (terraform output or .stores/hosts-<topology>.json); "
              + "without it the local stores of --topology are started")
  Path hosts;

  @Option(
      names = "--topology",
      paramLabel = "single|cluster",
      defaultValue = "single",
      description =
          "local stores to start when no --hosts is given: one server each, or scaled out "
              + "(default: ${DEFAULT-VALUE})")
  Topology topology;

  @Option(
      names = "--workload",
      paramLabel = "FILE",
      description = "a workload file whose properties apply")
  Path workload;

  @Option(
      names = "--threads",
      paramLabel = "N",
      defaultValue = "4",
      description = "load threads (default: ${DEFAULT-VALUE})")
  int threads;

  @Option(names = "--no-load", description = "ask the questions of documents loaded already")
  boolean noLoad;

  @Option(names = "--json", paramLabel = "FILE", description = "also write the results as JSON")
  Path json;

  @Option(
      names = "--cases",
      paramLabel = "FIELD",
      description =
          "with --dataset: print each document's FIELD beside the engines' answers (the case"
              + " table)")
  String casesField;

  @Option(names = "-p", paramLabel = "KEY=VALUE", description = "any workload or binding property")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(
      names = "--check-only",
      hidden = true,
      description = "check the arguments and the dataset file, then exit (the script's preflight)")
  boolean checkOnly;

  @Override
  public Integer call() {
    try {
      List<StoreKind> stores =
          storeNames.stream()
              .filter(n -> !n.isBlank())
              .map(n -> StoreKind.byName(n.trim()))
              .toList();
      Properties props = props();
      Dataset.check(props); // a bad dataset file: one line, before any store is touched
      SearchWorkloadConfig.fromProperties(props);
      return checkOnly ? 0 : run(stores, props, System.out);
    } catch (SetupException e) {
      System.err.println("verify: " + e.getMessage());
      return 2;
    }
  }

  /** Verifies {@code named} (every store of the hosts file when empty) with {@code props}. */
  private int run(List<StoreKind> named, Properties props, PrintStream out) {
    HostsFile hostsFile = HostsFile.read(hosts);
    List<StoreKind> stores =
        named.isEmpty() ? Arrays.stream(StoreKind.values()).filter(hostsFile::has).toList() : named;
    Map<StoreKind, Properties> propsOf = new LinkedHashMap<>();
    for (StoreKind k : stores) {
      Properties p = new Properties();
      p.putAll(hostsFile.propertiesOf(k));
      p.putAll(props);
      k.newProbe().check(p); // every store reachable before any work starts
      propsOf.put(k, p);
    }
    List<Verification> results = new ArrayList<>();
    SearchWorkloadConfig config = SearchWorkloadConfig.fromProperties(props);
    CaseTable cases = casesField == null ? null : new CaseTable(config, casesField);
    for (StoreKind k : stores) {
      Properties p = propsOf.get(k);
      long t0 = System.nanoTime();
      if (!noLoad) {
        long n = DocumentLoader.load(k, p, threads, System.err::println);
        System.err.printf(
            Locale.ROOT,
            "%s: loaded %d documents in %.1f s%n",
            k.storeName(),
            n,
            (System.nanoTime() - t0) / 1e9);
      }
      long t1 = System.nanoTime();
      Verification r = SearchVerification.verify(k, p, queries, System.err::println);
      System.err.printf(
          Locale.ROOT,
          "%s: %d questions checked in %.1f s%n",
          k.storeName(),
          r.queries(),
          (System.nanoTime() - t1) / 1e9);
      results.add(r);
      if (cases != null) {
        cases.ask(k, p, config);
      }
    }
    if (cases != null) {
      cases.print(out);
    }
    printTable(results, out);
    if (json != null) {
      writeJson(results, json);
    }
    if (results.stream().allMatch(Verification::rawText)) {
      return 0; // raw text: the divergence table is the result, not a failure
    }
    return results.stream().allMatch(Verification::passed) ? 0 : 1;
  }

  static void printTable(List<Verification> results, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "%-14s %8s %10s %10s %7s %11s %9s %10s  %s%n",
        "store",
        "queries",
        "identical",
        "differing",
        "first",
        "deep-pages",
        "past-end",
        "docs-cmp",
        "hits min/p50/p90/max");
    for (Verification r : results) {
      Verification.HitCounts h = r.hitCounts();
      out.printf(
          Locale.ROOT,
          "%-14s %8d %10d %10d %7d %11d %9d %10d  %d/%d/%d/%d%n",
          r.store(),
          r.queries(),
          r.identical(),
          r.differing(),
          r.firstPages(),
          r.deepPages(),
          r.pastEnd(),
          r.documentChecks(),
          h.min(),
          h.p50(),
          h.p90(),
          h.max());
    }
    for (Verification r : results) {
      boolean raw = r.rawText();
      out.printf(
          Locale.ROOT,
          "%s: %s (%d records, text %s, %.2f %% identical)%n",
          r.store(),
          raw
              ? "DIVERGENCE " + r.differingPct() + " % of answers differ from the canonical oracle"
              : r.passed() ? "VERIFIED" : "NOT VERIFIED",
          r.records(),
          r.textMode(),
          100.0 * r.identical() / Math.max(1, r.queries()));
      for (Verification.Difference d : r.firstDifferences()) {
        out.println("  difference: " + d.question() + ": " + d.note());
        out.println("    expected " + d.expected());
        out.println("    actual   " + d.actual());
        for (String line : d.details()) {
          out.println("    " + line);
        }
      }
    }
  }

  /**
   * Writes the results as one JSON list (the {@code --json} file, not a run folder's file: the
   * sweep writes each store's own {@code verification.json}), atomically.
   */
  private static void writeJson(List<Verification> results, Path file) {
    try {
      AtomicFiles.writeJson(file, results);
    } catch (UncheckedIOException e) {
      throw new SetupException("cannot write " + file + ": " + e.getCause().getMessage(), e);
    }
  }

  /** What picocli cannot check: ranges, combinations; then the effective properties. */
  private Properties props() {
    if (casesField != null && dataset == null) {
      throw new SetupException("--cases needs --dataset (see --help)");
    }
    if (hosts == null && !checkOnly) {
      throw new SetupException(
          "--hosts FILE is required here (scripts/verify-search.sh starts local stores and "
              + "passes it)");
    }
    Properties props = defaults();
    if (workload != null) {
      props.putAll(Props.load(workload));
    }
    if (records != null) { // the command line's own properties override the workload file's
      props.setProperty("recordcount", String.valueOf(records));
    }
    if (dataset != null) {
      props.setProperty(Dataset.FILE_PROPERTY, dataset);
    }
    if (textMode != null) {
      props.setProperty(Dataset.TEXT_MODE_PROPERTY, textMode);
    }
    properties.forEach(props::setProperty);
    if (queries < 1) {
      throw Props.bad("queries", String.valueOf(queries), "an integer >= 1");
    }
    if (threads < 1) {
      throw Props.bad("threads", String.valueOf(threads), "an integer >= 1");
    }
    return props;
  }

  /** The default verification dataset: 20,000 records of the default generator. */
  static Properties defaults() {
    Properties p = new Properties();
    p.setProperty("recordcount", DEFAULT_RECORDS);
    p.setProperty("table", "usertable");
    return p;
  }
}
