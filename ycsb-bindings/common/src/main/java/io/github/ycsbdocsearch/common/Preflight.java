package io.github.ycsbdocsearch.common;

import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;

/**
 * Checks a YCSB invocation before it starts, because YCSB 0.17.0's Client prints a stack trace and
 * exits 0 on a bad workload property and runs on with fewer threads when a binding fails to
 * connect. Used by {@code scripts/ycsb.sh}.
 *
 * <p>{@code Preflight <store> <hosts.json> <out.properties> [--reset] [-P workload-file]... [-p
 * key=value]...}: checks the store name, the workload's properties, the dataset file if one is
 * named ({@link Dataset#check}) and that the store answers with the given credentials; writes the
 * store's connection properties to {@code out.properties} and prints the binding's YCSB {@code -db}
 * class. With {@code --reset} it drops the workload's table (documents and search index) instead,
 * so a load starts from nothing. With {@code --check-only} it checks only the store name, the
 * properties and the dataset file (no hosts file is read, no store contacted): {@code
 * scripts/ycsb.sh} runs that before it starts a local store. On a problem, prints one line and
 * exits 2.
 */
public final class Preflight {
  private Preflight() {}

  public static void main(String[] args) {
    try {
      if (args.length < 3) {
        throw new SetupException(
            "usage: Preflight <store> <hosts.json> <out.properties> [-P file]... [-p k=v]...");
      }
      StoreKind kind = StoreKind.byName(args[0]);
      boolean checkOnly = Arrays.asList(args).contains("--check-only");
      Properties connection =
          checkOnly ? new Properties() : HostsFile.read(Path.of(args[1])).propertiesOf(kind);
      Properties all = new Properties();
      all.putAll(connection);
      boolean reset = false;
      for (int i = 3; i < args.length; i++) {
        if ("--reset".equals(args[i])) {
          reset = true;
        } else if ("--check-only".equals(args[i])) {
          continue;
        } else if ("-P".equals(args[i]) && i + 1 < args.length) {
          all.putAll(Props.load(Path.of(args[++i])));
        } else if ("-p".equals(args[i]) && i + 1 < args.length) {
          String kv = args[++i];
          int eq = kv.indexOf('=');
          if (eq < 1) {
            throw new SetupException("-p takes key=value, got '" + kv + "'");
          }
          all.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
        }
      }
      Dataset.check(
          all); // a bad dataset file: one line naming the line, before the store is touched
      SearchWorkloadConfig config = SearchWorkloadConfig.fromProperties(all);
      if (checkOnly) {
        return; // properties and dataset file are fine; nothing about the store was checked
      }
      StoreProbe probe = kind.newProbe();
      probe.check(all);
      if (reset) {
        probe.reset(all, config.table());
        return;
      }
      try (OutputStream out = Files.newOutputStream(Path.of(args[2]))) {
        connection.store(out, "connection properties of " + kind.storeName());
      }
      System.out.println(kind.dbClass());
    } catch (SetupException | IOException e) {
      System.err.println("ycsb: " + e.getMessage());
      System.exit(2);
    }
  }
}
