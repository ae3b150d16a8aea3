package io.github.ycsbdocsearch.sweep.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every option declared for the command line is recorded in the manifest's plan (a result names its
 * setup).
 */
class ParametersCoverTest {

  /**
   * Where the plan keeps the options that are not a field of its own name, and the ones that are
   * not settings of the run ("").
   */
  private static final Map<String, String> WHERE =
      Map.ofEntries(
          Map.entry("--stores", "/targets"),
          Map.entry("--max-threads", "/threads"),
          Map.entry("--search-probes", "/search/probes"),
          Map.entry("--search-budget", "/search/budget_s"),
          Map.entry("--precision", "/search/precision"),
          Map.entry("--max-minutes", "/search/max_minutes"),
          Map.entry("--soak", "/soak/seconds"),
          Map.entry("--soak-load", "/soak/load"),
          Map.entry("--fault", "/fault/kind"),
          Map.entry("--fault-load", "/fault/load"),
          Map.entry("--dataset", "/ycsb_properties"),
          Map.entry("--text-mode", "/ycsb_properties"),
          Map.entry("--hosts", "/hosts_file"),
          Map.entry("--topology", "/local/topology"),
          Map.entry("--profile", "/local/profile"),
          Map.entry("--memory-mb", "/local/memory_mb"),
          Map.entry("--out", "/out_dir"),
          Map.entry("--no-pin", "/pin"),
          Map.entry("-p", "/ycsb_properties"),
          Map.entry("-P", "/property_files"),
          Map.entry("--tag", "/tags"),
          Map.entry("--resume", ""),
          Map.entry("--help", ""));

  @Test
  void everyDeclaredOptionHasAParameter() {
    RunPlan o =
        ((Command.Run)
                new OptionsParser(Path.of("..").toAbsolutePath().normalize())
                    .parse("workloada", "--stores", "basicdb"))
            .options();
    ObjectNode plan = o.toJson();
    for (CommandLine.Model.OptionSpec spec :
        new CommandLine(new SweepCommandLine()).getCommandSpec().options()) {
      String name = spec.longestName();
      String at = WHERE.getOrDefault(name, "/" + name.replaceFirst("^--", "").replace('-', '_'));
      assertTrue(
          at.isEmpty() || !plan.at(at).isMissingNode(),
          name + " is declared but the manifest's plan has no '" + at + "'");
    }
  }
}
