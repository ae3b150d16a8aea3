package io.github.ycsbdocsearch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Each command's help has one source, its options' declaration. The scripts print the checked-in copy in docs/cli/
 * without a build, so that copy must be what picocli writes from the declaration now ({@code mvn test -pl cli
 * -Dtest=HelpFilesTest -Dhelp.update=true} rewrites the files). The sweep's file is checked by the sweep's
 * UsageTest: its declaration is the sweep's own.
 */
class HelpFilesTest {

  private static final Path DOCS = Path.of("..", "docs", "cli");

  @Test
  void everyCommandsCheckedInHelpIsTheGeneratedOne() throws IOException {
    Map<String, CommandLine> commands = Docsearch.commandLine().getSubcommands();
    StringBuilder stale = new StringBuilder();
    write(stale, DOCS.resolve("docsearch-help.txt"), Docsearch.commandLine());
    for (Map.Entry<String, CommandLine> c : commands.entrySet()) {
      if (!c.getKey().equals("sweep")) {
        write(stale, DOCS.resolve(c.getKey() + "-help.txt"), c.getValue());
      }
    }
    assertEquals("", stale.toString(), "stale help files; mvn test -pl cli -Dtest=HelpFilesTest "
        + "-Dhelp.update=true rewrites them");
  }

  @Test
  void aMalformedArgumentIsOneLineAndExitTwo() {
    for (String[] args : new String[][] {{"compare", "--alpha", "x", "a", "b"}, {"compare", "--bogus", "a", "b"}, {"report", "--nope", "r"},
        {"baseline", "--light"}, {"verify", "--queries", "many"}, {"verify", "--topology", "ring"}}) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      CommandLine cl = Docsearch.commandLine();
      cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
      int code = cl.execute(args);
      String text = err.toString(StandardCharsets.UTF_8);
      assertEquals(2, code, String.join(" ", args));
      assertEquals(1, text.lines().count(), text);
      assertTrue(text.startsWith(args[0] + ": ") && text.contains("--help lists the options"), text);
    }
  }

  private static void write(StringBuilder stale, Path file, CommandLine cl) throws IOException {
    String text = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
    if (Boolean.getBoolean("help.update")) {
      Files.writeString(file, text);
    }
    if (!Files.exists(file) || !Files.readString(file).equals(text)) {
      stale.append(file).append('\n');
    }
  }
}
