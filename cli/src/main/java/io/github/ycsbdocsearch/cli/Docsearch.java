package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.common.verify.VerifyMain;
import io.github.ycsbdocsearch.compare.CompareMain;
import io.github.ycsbdocsearch.compare.SpreadMain;
import io.github.ycsbdocsearch.lab.sim.CalibrateMain;
import io.github.ycsbdocsearch.report.ReportMain;
import io.github.ycsbdocsearch.sweep.SweepMain;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The suite's one entry point, {@code bin/docsearch <command> [args]}. Each command's options are
 * declared once, on its own class ({@link ReportMain}, {@link CompareMain}, {@link VerifyMain},
 * {@link HistoryRowsMain}, {@link StepRowsMain}, {@link FaultRowsMain}, {@link CheckRunMain},
 * {@link MigrateMain}, {@link RunsMain}, {@link SpreadMain}, {@link CalibrateMain}; the sweep's on
 * {@code SweepCommandLine}), and picocli parses them and writes each {@code --help}. The scripts
 * ({@code scripts/report.sh}, {@code compare-results.sh}, {@code verify-search.sh}, {@code
 * aws-results.sh}) call this class with the command's name, so every command reports a malformed
 * argument the same way: one line, exit 2. Not instantiable.
 */
@Command(
    name = "bin/docsearch",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    versionProvider = Docsearch.Version.class,
    description =
        "The YCSB document-store benchmark: one command per task; '<command> --help' for its"
            + " options.",
    footer = {
      "  stores        install, start, stop and check the local stores (scripts/stores.sh; 'stores"
          + " --help')"
    },
    subcommands = {
      Docsearch.Sweep.class,
      ReportMain.class,
      CompareMain.class,
      VerifyMain.class,
      HistoryRowsMain.class,
      StepRowsMain.class,
      FaultRowsMain.class,
      CheckRunMain.class,
      MigrateMain.class,
      RunsMain.class,
      SpreadMain.class,
      CalibrateMain.class
    })
public final class Docsearch {

  private Docsearch() {}

  public static void main(String[] args) {
    // Reports carry non-ASCII text (arrows, µs): UTF-8 whatever the locale says.
    System.setOut(
        new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8));
    System.setErr(
        new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
    CommandLine cl = commandLine();
    cl.setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true));
    cl.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
    System.exit(cl.execute(args));
  }

  /** The command tree, with the suite's rule for a bad argument: one line naming it, exit 2. */
  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Docsearch());
    cl.setParameterExceptionHandler(
        (e, args) -> {
          CommandLine c = e.getCommandLine();
          c.getErr()
              .printf(
                  "%1$s: %2$s (%1$s --help lists the options)%n",
                  c.getCommandName(), e.getMessage());
          c.getErr().flush();
          return CommandLine.ExitCode.USAGE;
        });
    cl.getSubcommands().get("sweep").setUnmatchedOptionsArePositionalParams(true);
    return cl;
  }

  /**
   * The sweep forwards its arguments, untouched, to {@code SweepMain} instead of listing {@code
   * SweepCommandLine} here: that declaration is parsed by the sweep's {@code OptionsParser} (which
   * refuses an option given twice, checks the options against each other and the repository's
   * workloads and words every mistake as {@code run-sweep: ...}), and {@code SweepMain} installs
   * the Ctrl-C/SIGTERM handling that marks a step interrupted. As a subcommand the arguments would
   * be parsed twice, by two sets of rules. {@code bin/docsearch sweep} execs {@code
   * ./run-sweep.sh}, and the help file is written from {@code SweepCommandLine} ({@code Usage}).
   */
  @Command(
      name = "sweep",
      description =
          "ramp to the peak, latency under load, capacity search, harness floor (./run-sweep.sh)",
      helpCommand = false)
  static final class Sweep implements Runnable {
    @Parameters(
        arity = "0..*",
        paramLabel = "ARGS",
        description = "the sweep's own arguments ('--help')")
    List<String> args = new ArrayList<>();

    @Override
    public void run() {
      SweepMain.main(args.toArray(new String[0]));
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
