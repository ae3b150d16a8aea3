package io.github.ycsbdocsearch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.sweep.cli.Usage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Each command's help has one source, its options' declaration. The scripts print the checked-in
 * copy in docs/cli/ without a build, so every copy must be what picocli writes from the declaration
 * now ({@code ./mvnw test -pl cli -Dtest=HelpFilesTest -Dhelp.update=true} rewrites the files).
 */
class HelpFilesTest {

  private static final Path REPO = Path.of("..");

  /**
   * Each help file (from the repository root) and the text picocli writes for it now, without
   * colours.
   */
  private static Map<String, String> generated() {
    CommandLine docsearch = Docsearch.commandLine();
    Map<String, String> files = new LinkedHashMap<>();
    files.put("docs/cli/docsearch-help.txt", docsearch.getUsageMessage(CommandLine.Help.Ansi.OFF));
    for (Map.Entry<String, CommandLine> c : docsearch.getSubcommands().entrySet()) {
      if (c.getKey().equals("sweep")) {
        files.put(
            Usage.HELP_FILE,
            Usage.text()); // bin/docsearch's sweep forwards; the sweep's declaration writes it
      } else {
        files.put(
            "docs/cli/" + c.getKey() + "-help.txt",
            c.getValue().getUsageMessage(CommandLine.Help.Ansi.OFF));
      }
    }
    return files;
  }

  @Test
  void everyCommandsCheckedInHelpIsTheGeneratedOne() throws IOException {
    Map<String, String> files = generated();
    assertEquals(13, files.size(), "bin/docsearch and its twelve Java commands: " + files.keySet());
    StringBuilder stale = new StringBuilder();
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path file = REPO.resolve(f.getKey());
      if (Boolean.getBoolean("help.update")) {
        Files.writeString(file, f.getValue());
      }
      if (!Files.exists(file) || !Files.readString(file).equals(f.getValue())) {
        stale.append(f.getKey()).append('\n');
      }
    }
    assertEquals(
        "",
        stale.toString(),
        "stale help files; ./mvnw test -pl cli -Dtest=HelpFilesTest "
            + "-Dhelp.update=true rewrites them");
  }

  @Test
  void aMalformedArgumentIsOneLineAndExitTwo() {
    for (String[] args :
        new String[][] {
          {"compare", "--alpha", "x", "a", "b"},
          {"compare", "--bogus", "a", "b"},
          {"report", "--nope", "r"},
          {"verify", "--queries", "many"},
          {"verify", "--topology", "ring"},
          {"history-rows", "--bogus", "r"},
          {"history-rows"},
          {"step-rows", "--bogus", "r"},
          {"fault-rows"},
          {"check-run"},
          {"check-run", "--servers", "-1", "r"},
          {"check-run", "--clients", "two", "r"},
          {"runs", "--bogus"},
          {"runs", "a", "b"}
        }) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      CommandLine cl = Docsearch.commandLine();
      cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
      int code = cl.execute(args);
      String text = err.toString(StandardCharsets.UTF_8);
      assertEquals(2, code, String.join(" ", args));
      assertEquals(1, text.lines().count(), text);
      assertTrue(
          text.startsWith(args[0] + ": ") && text.contains("--help lists the options"), text);
    }
  }
}
