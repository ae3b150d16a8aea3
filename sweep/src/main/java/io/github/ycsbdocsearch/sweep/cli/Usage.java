package io.github.ycsbdocsearch.sweep.cli;

import picocli.CommandLine;

/**
 * The {@code --help} text, written by picocli from the options' one declaration ({@link
 * SweepCommandLine}). {@code docs/cli/run-sweep-help.txt} holds the same text so that {@code
 * ./run-sweep.sh --help} prints it without a build; the cli module's {@code HelpFilesTest} fails
 * when the two differ ({@code -Dhelp.update=true} rewrites the file). Stateless.
 */
public final class Usage {

  /** Where the checked-in copy of the help text lives, from the repository root. */
  public static final String HELP_FILE = "docs/cli/run-sweep-help.txt";

  private Usage() {}

  /** The help text, ending with a newline, without terminal colours. */
  public static String text() {
    return new CommandLine(new SweepCommandLine()).getUsageMessage(CommandLine.Help.Ansi.OFF);
  }
}
