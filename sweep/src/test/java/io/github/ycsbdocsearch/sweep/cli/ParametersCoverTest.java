package io.github.ycsbdocsearch.sweep.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every option declared for the command line is recorded in the manifest's parameters (a result
 * names its setup).
 */
class ParametersCoverTest {

  /** Options whose parameter has another name, and the ones that are not settings of the run. */
  private static final Map<String, String> RENAMED =
      Map.of(
          "--hosts",
          "hosts_file",
          "--no-pin",
          "pin",
          "-p",
          "ycsb_properties",
          "-P",
          "property_files",
          "--soak",
          "soak_seconds",
          "--resume",
          "",
          "--help",
          "");

  @Test
  void everyDeclaredOptionHasAParameter() {
    SweepOptions o =
        ((Command.Run)
                new OptionsParser(Path.of("..").toAbsolutePath().normalize())
                    .parse("workloada", "--stores", "basicdb"))
            .options();
    ObjectNode params = ParametersJson.toJson(o);
    for (CommandLine.Model.OptionSpec spec :
        new CommandLine(new SweepCommandLine()).getCommandSpec().options()) {
      String name = spec.longestName();
      String key = RENAMED.getOrDefault(name, name.replaceFirst("^--", "").replace('-', '_'));
      assertTrue(
          key.isEmpty() || params.has(key),
          name + " is declared but the manifest has no '" + key + "'");
    }
  }
}
