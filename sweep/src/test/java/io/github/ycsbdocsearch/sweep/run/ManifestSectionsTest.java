package io.github.ycsbdocsearch.sweep.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.sweep.cli.Command;
import io.github.ycsbdocsearch.sweep.cli.OptionsParser;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.ClientLauncher;
import io.github.ycsbdocsearch.sweep.results.RunManifest;
import io.github.ycsbdocsearch.sweep.targets.CpuPinning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestSectionsTest {
  @TempDir Path repo;

  private final List<String> args =
      List.of(
          "workloada",
          "--stores",
          "basicdb",
          "--threads",
          "1,2",
          "--rates",
          "100",
          "--records",
          "50",
          "-p",
          "fieldcount=2",
          "-p",
          "db.password=hunter2",
          "-p",
          "mongodb.url=mongodb://u:pw@h:1/db");

  private JsonNode manifest(RunPlan o) throws IOException {
    Path run = Files.createDirectories(repo.resolve("run"));
    RunManifest m = RunManifest.create(run);
    ClientLauncher launcher =
        new ClientLauncher(
            Path.of("/j/java"),
            List.of("-Xmx1g"),
            "/l/core-0.17.0.jar:/l/jedis-8.0.2.jar:/c/classes",
            Optional.of("1"));
    CpuPinning pinning = CpuPinning.decide(true, false, List.of(0, 1), true);
    ManifestSections.fill(
        m,
        "20260101T000000Z-workloada",
        Instant.parse("2026-01-01T00:00:00.4Z"),
        o,
        args,
        repo,
        launcher,
        pinning,
        Optional.empty(),
        Optional.of(repo.resolve("machine-fingerprint.json")));
    m.write();
    return Json.MAPPER.readTree(run.resolve("manifest.json").toFile());
  }

  private RunPlan options(String... more) throws IOException {
    Files.createDirectories(repo.resolve("workloads"));
    Files.writeString(
        repo.resolve("workloads/workloada"),
        "workload=site.ycsb.workloads.CoreWorkload\n"
            + "recordcount=1000\noperationcount=5\nreadproportion=1\n");
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(more));
    return ((Command.Run) new OptionsParser(repo).parse(all.toArray(new String[0]))).options();
  }

  @Test
  void recordsWhatRanWhereAndHow() throws IOException {
    JsonNode m = manifest(options());
    assertEquals(1, m.get("format").asInt());
    assertEquals("20260101T000000Z-workloada", m.get("run_id").asText());
    assertEquals("2026-01-01T00:00:00Z", m.get("started_utc").asText());
    assertEquals("running", m.get("status").asText());
    assertEquals("unknown", m.get("git_commit").asText(), "the temp folder is not a git checkout");
    JsonNode w = m.get("workload");
    assertEquals("workloada", w.get("name").asText());
    assertEquals(
        "50", w.at("/effective_properties/recordcount").asText(), "--records wins over the file");
    assertTrue(
        w.at("/effective_properties/operationcount").isMissingNode(), "set per step by the runner");
    assertEquals("both", w.at("/effective_properties/measurement.interval").asText());
    assertEquals("1000", w.at("/file_properties/recordcount").asText());
    assertEquals("1,2", m.at("/plan/threads").asText());
    assertEquals(
        List.of("steps/01-t1-r100", "steps/02-t2-r100"),
        m.at("/schedule/steps").findValuesAsText("dir"));
    assertEquals(5, m.at("/peak_rule/growth_pct").asInt());
    assertEquals(2, m.at("/peak_rule/flat_steps").asInt());
    assertEquals(
        "io.github.ycsbdocsearch.common.FloorDB", m.at("/stores/basicdb/db_class").asText());
    assertEquals("pending", m.at("/stores/basicdb/status").asText());
    assertEquals("1", m.at("/jvm/client/cpus").asText());
    assertEquals("0.17.0", m.at("/jvm/client/libraries/core").asText());
    assertEquals("8.0.2", m.at("/jvm/client/libraries/jedis").asText());
    assertFalse(m.at("/jvm/runner/java_version").asText().isEmpty());
    assertTrue(m.at("/machine/cpu_count").asInt() >= 1);
    assertFalse(m.at("/machine/os").asText().isEmpty());
    assertTrue(m.at("/machine/memory_mb").asLong() > 0);
    assertTrue(m.at("/cpu_pinning/enabled").asBoolean());
    assertEquals("0", m.at("/cpu_pinning/server_cpus").asText());
    assertEquals("local", m.at("/hosts/mode").asText());
    assertTrue(m.get("machine_baseline").isNull(), "no machine fingerprint file");
  }

  @Test
  void aMachineFingerprintIsKept() throws IOException {
    Files.writeString(repo.resolve("machine-fingerprint.json"), "{\"cpu\": {\"model\": \"x\"}}");
    assertEquals("x", manifest(options()).at("/machine_baseline/cpu/model").asText());
    Files.writeString(repo.resolve("machine-fingerprint.json"), "{broken");
    assertTrue(
        manifest(options()).at("/machine_baseline/error").asText().startsWith("not readable JSON"));
  }

  @Test
  void theFingerprintFileComesFromTheEnvironmentUnderTheNewOrTheOldName() {
    assertEquals(
        Optional.of(Path.of("/x/new.json")),
        ManifestSections.fingerprintFile(
            Map.of(
                "SWEEP_MACHINE_FINGERPRINT",
                "/x/new.json",
                "SWEEP_MACHINE_BASELINE",
                "/x/old.json")));
    assertEquals(
        Optional.of(Path.of("/x/old.json")),
        ManifestSections.fingerprintFile(Map.of("SWEEP_MACHINE_BASELINE", "/x/old.json")));
    assertTrue(ManifestSections.fingerprintFile(Map.of()).isPresent(), "a provisioning default");
  }

  @Test
  void secretsAreMaskedEverywhere() throws IOException {
    JsonNode m = manifest(options());
    String text = Json.MAPPER.writeValueAsString(m);
    assertFalse(text.contains("hunter2"), text);
    assertFalse(text.contains(":pw@"), text);
    assertEquals("***", m.at("/plan/ycsb_properties/db.password").asText());
    assertEquals("mongodb://u:***@h:1/db", m.at("/plan/ycsb_properties/mongodb.url").asText());
    assertTrue(
        m.get("command").toString().contains("db.password=***"), m.get("command").toString());
  }

  @Test
  void parametersReadBackForResume() throws IOException {
    RunPlan o = options();
    JsonNode params = manifest(o).get("plan");
    SetupException masked =
        assertThrows(
            SetupException.class, () -> RunPlan.fromJson(params, Optional.empty(), Map.of()));
    assertTrue(masked.getMessage().contains("db.password was masked"), masked.getMessage());
    RunPlan back =
        RunPlan.fromJson(
            params,
            Optional.empty(),
            Map.of("db.password", "hunter2", "mongodb.url", "mongodb://u:pw@h:1/db"));
    assertEquals(o, back);
  }

  @Test
  void aChangedWorkloadFileCannotBeResumed() throws IOException {
    RunPlan o = options();
    JsonNode params = manifest(o).get("plan");
    Files.writeString(
        o.workload().path(), "workload=site.ycsb.workloads.CoreWorkload\nreadproportion=0.5\n");
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                RunPlan.fromJson(
                    params, Optional.empty(), Map.of("db.password", "x", "mongodb.url", "y")));
    assertTrue(e.getMessage().contains("changed since the run started"), e.getMessage());
  }

  @Test
  void thePlanIsReadBackFromTheManifestFileAsItWasWithItsTags() throws IOException {
    RunPlan o = options("--tag", "host=m5d", "--tag", "try=2");
    manifest(o);
    Path run = repo.resolve("run");
    RunPlan back =
        RunPlan.fromJson(
            RunManifest.read(run).get(Manifest.PLAN),
            Optional.empty(),
            Map.of("db.password", "hunter2", "mongodb.url", "mongodb://u:pw@h:1/db"));
    assertEquals(o, back);
    assertEquals(List.of("host", "try"), List.copyOf(back.tags().keySet()));
    // The readers (report, compare, runs) see the tags through the results format.
    assertEquals(Map.of("host", "m5d", "try", "2"), Manifest.read(run).tags());
  }

  @Test
  void aManifestWithoutAPlanIsRefusedForResumeInOneLine() throws IOException {
    Path old = Files.createDirectories(repo.resolve("old"));
    Files.writeString(
        old.resolve("manifest.json"), "{\"parameters\": {\"workload\": \"workloada\"}}");
    String message = assertThrows(SetupException.class, () -> RunManifest.read(old)).getMessage();
    assertTrue(message.contains("written before the plan was recorded"), message);
    assertFalse(message.contains("\n"), message);
  }
}
