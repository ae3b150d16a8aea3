package io.github.ycsbdocsearch.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The suite's one entry point, {@code bin/docsearch <command> [args]}: picocli dispatches to each command's own
 * main, which parses its arguments and answers {@code --help} itself ({@code sweep}'s options are declared once in
 * picocli too). {@code ./run-sweep.sh}, {@code scripts/report.sh} and the other scripts stay as aliases. Each
 * command exits with its own status. Not instantiable.
 */
@Command(name = "bin/docsearch", usageHelpWidth = 118, mixinStandardHelpOptions = true,
    versionProvider = Docsearch.Version.class,
    description = "The YCSB document-store benchmark: one command per task; '<command> --help' for its options.",
    subcommands = {Docsearch.Sweep.class, Docsearch.Report.class, Docsearch.Compare.class, Docsearch.Baseline.class,
        Docsearch.Verify.class})
public final class Docsearch {

  private Docsearch() {
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new Docsearch()).setUnmatchedArgumentsAllowed(false).execute(args));
  }

  /** A command whose arguments go, untouched, to an existing main. */
  abstract static class Forward implements Runnable {
    @Parameters(arity = "0..*", paramLabel = "ARGS", description = "the command's own arguments ('--help')")
    List<String> args = new ArrayList<>();

    abstract void main(String[] a);

    @Override
    public void run() {
      main(args.toArray(new String[0]));
    }
  }

  @Command(name = "sweep", description = "capacity search, latency under load and harness floor (./run-sweep.sh)",
      helpCommand = false)
  static final class Sweep extends Forward {
    @Override
    void main(String[] a) {
      io.github.ycsbdocsearch.sweep.SweepMain.main(a);
    }
  }

  @Command(name = "report", description = "rebuild a results folder's summaries, charts and report.html "
      + "(scripts/report.sh)")
  static final class Report extends Forward {
    @Override
    void main(String[] a) {
      io.github.ycsbdocsearch.report.ReportMain.main(a);
    }
  }

  @Command(name = "compare", description = "compare two runs, flag regressions (scripts/compare-results.sh)")
  static final class Compare extends Forward {
    @Override
    void main(String[] a) {
      io.github.ycsbdocsearch.compare.CompareMain.main(a);
    }
  }

  @Command(name = "baseline", description = "build a noise baseline from repeated runs (scripts/make-baseline.sh)")
  static final class Baseline extends Forward {
    @Override
    void main(String[] a) {
      io.github.ycsbdocsearch.compare.BaselineMain.main(a);
    }
  }

  @Command(name = "verify", description = "prove every store answers the search as the oracle does "
      + "(scripts/verify-search.sh)")
  static final class Verify extends Forward {
    @Override
    void main(String[] a) {
      io.github.ycsbdocsearch.common.verify.VerifyMain.main(a);
    }
  }

  /** The project's version, from the jar. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Docsearch.class.getPackage().getImplementationVersion();
      return new String[] {"ycsb-docsearch " + (v == null ? "(development build)" : v)};
    }
  }
}
