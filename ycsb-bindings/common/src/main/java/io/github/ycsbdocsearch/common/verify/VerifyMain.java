package io.github.ycsbdocsearch.common.verify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * {@code scripts/verify-search.sh}: loads the same documents into each store, asks sampled questions and compares
 * every answer with the oracle. Prints a table (store, queries, identical, differing, ...) and the first
 * differences in full. Exit 0 only when every store is 100 % identical; 1 when any differs; 2 on bad input.
 */
public final class VerifyMain {
  private static final String USAGE = "usage: verify-search.sh --hosts FILE [--stores a,b] [--queries N] "
      + "[--records N | --dataset FILE [--text-mode canonical|raw]] [--workload FILE] [--threads N] [--no-load] "
      + "[--json FILE] [--cases FIELD] [-p key=value ...]";

  private VerifyMain() {
  }

  /** Parsed command line. */
  record Options(Path hosts, List<StoreKind> stores, int queries, Properties props, int threads, boolean load,
                 Path json, String casesField) {
  }

  public static void main(String[] args) {
    PrintStream out = System.out;
    boolean checkOnly = args.length > 0 && "--check-only".equals(args[0]);
    Options options;
    try {
      options = parse(checkOnly ? java.util.Arrays.copyOfRange(args, 1, args.length) : args);
      Dataset.check(options.props()); // a bad dataset file: one line, before any store is touched
      SearchWorkloadConfig.fromProperties(options.props());
    } catch (SetupException e) {
      System.err.println("verify-search: " + e.getMessage());
      System.exit(2);
      return;
    }
    if (checkOnly) {
      return; // the script's check before it starts stores: arguments and dataset file are fine
    }
    try {
      System.exit(run(options, out));
    } catch (SetupException e) {
      System.err.println("verify-search: " + e.getMessage());
      System.exit(2);
    }
  }

  static int run(Options o, PrintStream out) {
    HostsFile hosts = HostsFile.read(o.hosts());
    List<StoreKind> stores = o.stores().isEmpty() ? List.copyOf(hostsStores(hosts)) : o.stores();
    Map<StoreKind, Properties> propsOf = new LinkedHashMap<>();
    for (StoreKind k : stores) {
      Properties p = new Properties();
      p.putAll(hosts.propertiesOf(k));
      p.putAll(o.props());
      k.newProbe().check(p); // every store reachable before any work starts
      propsOf.put(k, p);
    }
    List<VerificationResult> results = new ArrayList<>();
    SearchWorkloadConfig config = SearchWorkloadConfig.fromProperties(o.props());
    CaseTable cases = o.casesField() == null ? null : new CaseTable(config, o.casesField());
    for (StoreKind k : stores) {
      Properties p = propsOf.get(k);
      long t0 = System.nanoTime();
      if (o.load()) {
        long n = DocumentLoader.load(k, p, o.threads(), System.err::println);
        System.err.printf(Locale.ROOT, "%s: loaded %d documents in %.1f s%n", k.storeName(), n,
            (System.nanoTime() - t0) / 1e9);
      }
      long t1 = System.nanoTime();
      VerificationResult r = SearchVerification.verify(k, p, o.queries(), System.err::println);
      System.err.printf(Locale.ROOT, "%s: %d questions checked in %.1f s%n", k.storeName(), r.queries(),
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
    if (o.json() != null) {
      writeJson(results, o.json());
    }
    if (results.stream().allMatch(r -> "raw".equals(r.textMode()))) {
      return 0; // raw text: the divergence table is the result, not a failure
    }
    return results.stream().allMatch(VerificationResult::passed) ? 0 : 1;
  }

  private static List<StoreKind> hostsStores(HostsFile hosts) {
    List<StoreKind> list = new ArrayList<>();
    for (StoreKind k : StoreKind.values()) {
      if (hosts.has(k)) {
        list.add(k);
      }
    }
    return list;
  }

  static void printTable(List<VerificationResult> results, PrintStream out) {
    out.printf(Locale.ROOT, "%-14s %8s %10s %10s %7s %11s %9s %10s  %s%n", "store", "queries", "identical",
        "differing", "first", "deep-pages", "past-end", "docs-cmp", "hits min/p50/p90/max");
    for (VerificationResult r : results) {
      VerificationResult.HitCounts h = r.hitCounts();
      out.printf(Locale.ROOT, "%-14s %8d %10d %10d %7d %11d %9d %10d  %d/%d/%d/%d%n", r.store(), r.queries(),
          r.identical(), r.differing(), r.firstPages(), r.deepPages(), r.pastEnd(), r.documentChecks(), h.min(),
          h.p50(), h.p90(), h.max());
    }
    for (VerificationResult r : results) {
      boolean raw = "raw".equals(r.textMode());
      out.printf(Locale.ROOT, "%s: %s (%d records, text %s, %.2f %% identical)%n", r.store(),
          raw ? "DIVERGENCE " + r.differingPct() + " % of answers differ from the canonical oracle"
              : r.passed() ? "VERIFIED" : "NOT VERIFIED",
          r.records(), r.textMode(), 100.0 * r.identical() / Math.max(1, r.queries()));
      for (VerificationResult.Difference d : r.firstDifferences()) {
        out.println("  difference: " + d.question() + ": " + d.note());
        out.println("    expected " + d.expected());
        out.println("    actual   " + d.actual());
        for (String line : d.details()) {
          out.println("    " + line);
        }
      }
    }
  }

  /** Writes a value (e.g. a {@link VerificationResult}) as JSON with snake_case names, atomically. */
  public static void writeJson(Object value, Path file) {
    try {
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      if (file.toAbsolutePath().getParent() != null) {
        Files.createDirectories(file.toAbsolutePath().getParent());
      }
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
          .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).writeValue(tmp.toFile(), value);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new SetupException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  static Options parse(String[] args) {
    Path hosts = null;
    List<StoreKind> stores = new ArrayList<>();
    Properties cli = new Properties();
    Path workload = null;
    String queries = "1000";
    String threads = "4";
    boolean load = true;
    Path json = null;
    String casesField = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--hosts" -> hosts = Path.of(value(args, ++i, a));
        case "--stores" -> {
          for (String s : value(args, ++i, a).split(",")) {
            if (!s.isBlank()) {
              stores.add(StoreKind.byName(s));
            }
          }
        }
        case "--queries" -> queries = value(args, ++i, a);
        case "--records" -> cli.setProperty("recordcount", value(args, ++i, a));
        case "--workload" -> workload = Path.of(value(args, ++i, a));
        case "--dataset" -> cli.setProperty(Dataset.FILE_PROPERTY, value(args, ++i, a));
        case "--text-mode" -> cli.setProperty(Dataset.TEXT_MODE_PROPERTY, value(args, ++i, a));
        case "--threads" -> threads = value(args, ++i, a);
        case "--no-load" -> load = false;
        case "--json" -> json = Path.of(value(args, ++i, a));
        case "--cases" -> casesField = value(args, ++i, a);
        case "-p" -> {
          String kv = value(args, ++i, a);
          int eq = kv.indexOf('=');
          if (eq < 1) {
            throw new SetupException("-p takes key=value, got '" + kv + "'");
          }
          cli.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
        }
        default -> throw new SetupException("unknown option '" + a + "'; " + USAGE);
      }
    }
    if (casesField != null && cli.getProperty(Dataset.FILE_PROPERTY) == null) {
      throw new SetupException("--cases needs --dataset; " + USAGE);
    }
    if (hosts == null) {
      throw new SetupException("--hosts FILE is required; " + USAGE);
    }
    Properties props = defaults();
    if (workload != null) {
      props.putAll(readProperties(workload));
    }
    props.putAll(cli);
    Properties q = new Properties();
    q.setProperty("queries", queries);
    q.setProperty("threads", threads);
    return new Options(hosts, stores, Props.integer(q, "queries", 1000, 1), props,
        Props.integer(q, "threads", 4, 1), load, json, casesField);
  }

  /** The default verification dataset: 20,000 records of the default generator. */
  static Properties defaults() {
    Properties p = new Properties();
    p.setProperty("recordcount", "20000");
    p.setProperty("table", "usertable");
    return p;
  }

  private static Properties readProperties(Path file) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException e) {
      throw new SetupException("workload file " + file + " is not readable: " + e.getMessage());
    }
    return p;
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new SetupException(option + " needs a value");
    }
    return args[i];
  }
}
