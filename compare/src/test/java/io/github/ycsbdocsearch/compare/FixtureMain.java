package io.github.ycsbdocsearch.compare;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Writes {@link FixtureRun} folders from the command line, for {@code
 * scripts/tests/test_compare.sh}, which tests the real command lines on them. Test code: it runs
 * from the test classpath.
 *
 * <pre>
 * FixtureMain set DIR TSCALE LSCALE [KEY=VALUE...]           DIR/&lt;UTC&gt;-workloada, DIR/&lt;UTC&gt;-workloadsearch
 * FixtureMain run DIR WORKLOAD TSCALE LSCALE [KEY=VALUE...]  the run folder DIR
 * Several commands separated by {@code --} run in one JVM (each JVM start costs about a second).
 *   slow=STORE:SCALE  laggy=STORE:SCALE  differing=STORE:N  noverify=STORE  collapse=STORE (every step fails)
 *   nocapacity=STORE  unsustained=STORE:FRACTION  halfwidth=H (the capacities' 95 % intervals; NaN: none)
 * </pre>
 */
public final class FixtureMain {

  private FixtureMain() {}

  public static void main(String[] args) throws Exception {
    int start = 0;
    for (int i = 0; i <= args.length; i++) {
      if (i == args.length || args[i].equals("--")) {
        write(Arrays.copyOfRange(args, start, i));
        start = i + 1;
      }
    }
  }

  private static void write(String[] args) throws Exception {
    if (args.length < 4 || !(args[0].equals("set") || args[0].equals("run"))) {
      System.err.println(
          "usage: FixtureMain set DIR TSCALE LSCALE [KEY=VALUE...]"
              + " | run DIR WORKLOAD TSCALE LSCALE ...");
      System.exit(2);
    }
    Path dir = Path.of(args[1]);
    if (args[0].equals("set")) {
      UnaryOperator<FixtureRun> tune =
          tuning(args[2], args[3], Arrays.asList(args).subList(4, args.length));
      tune.apply(FixtureRun.crud("workloada").folder("20261121T020000Z-workloada")).writeTo(dir);
      tune.apply(FixtureRun.search("workloadsearch").folder("20261121T021500Z-workloadsearch"))
          .writeTo(dir);
      return;
    }
    String workload = args[2];
    UnaryOperator<FixtureRun> tune =
        tuning(args[3], args[4], Arrays.asList(args).subList(5, args.length));
    FixtureRun run =
        workload.contains("search") ? FixtureRun.search(workload) : FixtureRun.crud(workload);
    tune.apply(run.folder(dir.getFileName().toString())).writeTo(dir.toAbsolutePath().getParent());
  }

  private static UnaryOperator<FixtureRun> tuning(
      String tscale, String lscale, List<String> options) {
    return run -> {
      run.throughputScale(Double.parseDouble(tscale)).latencyScale(Double.parseDouble(lscale));
      for (String option : options) {
        String key = option.substring(0, option.indexOf('='));
        String value = option.substring(option.indexOf('=') + 1);
        String store = value.contains(":") ? value.substring(0, value.indexOf(':')) : value;
        String number = value.substring(value.indexOf(':') + 1);
        switch (key) {
          case "slow" -> run.throughputScale(store, Double.parseDouble(number));
          case "laggy" ->
              List.of("READ", "UPDATE", "SEARCH")
                  .forEach(op -> run.latencyScale(store, op, Double.parseDouble(number)));
          case "differing" -> run.differing(store, Integer.parseInt(number));
          case "noverify" -> run.withoutVerification(store);
          case "collapse" -> run.noQualifyingStep(store);
          case "nocapacity" -> run.noCapacity(store);
          case "unsustained" -> run.unsustained(store, Double.parseDouble(number));
          case "halfwidth" -> run.capacityHalfWidth(Double.parseDouble(number));
          default -> throw new IllegalArgumentException("unknown option " + option);
        }
      }
      return run;
    };
  }
}
