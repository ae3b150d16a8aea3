package io.github.ycsbdocsearch.sweep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.DatasetException;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.sweep.plan.WorkloadProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OptionsParserTest {
  @TempDir Path repo;
  private OptionsParser parser;

  @BeforeEach
  void setUp() throws IOException {
    Files.createDirectories(repo.resolve("workloads"));
    Files.writeString(
        repo.resolve("workloads/workloada"),
        "workload=site.ycsb.workloads.CoreWorkload\n"
            + "readproportion=0.5\nupdateproportion=0.5\n");
    parser = new OptionsParser(repo);
  }

  private RunPlan run(String... args) {
    return assertInstanceOf(Command.Run.class, parser.parse(args)).options();
  }

  private String bad(String... args) {
    return assertThrows(SetupException.class, () -> parser.parse(args)).getMessage();
  }

  @Test
  void defaultsCoverAllThreeStoresWithThreadDoubling() {
    RunPlan o = run("workloada");
    assertEquals(
        List.of("redisjson", "mongodb", "elasticsearch"),
        o.targets().stream().map(t -> t.name()).toList());
    assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), o.threads().counts());
    assertEquals(List.of(), o.rates());
    assertEquals(Defaults.STEP_SECONDS, o.stepSeconds());
    assertEquals(Defaults.WARMUP_SECONDS, o.warmupSeconds());
    assertEquals(Defaults.RECORDS, o.records());
    assertEquals(Defaults.MAX_ERROR_PCT, o.maxErrorPct());
    assertNull(o.maxP99Ms());
    assertTrue(o.hosts().isEmpty());
    assertTrue(o.pin());
    assertEquals(repo.resolve("results").toAbsolutePath(), o.outDir());
  }

  @Test
  void aHostsFileWithoutStoresSweepsTheStoresItNames() throws IOException {
    Path hosts = repo.resolve("hosts.json");
    Files.writeString(
        hosts, "{\"stores\":{\"elasticsearch\":{\"es.hosts\":\"http://10.0.0.1:9200\"}}}");
    assertEquals(
        List.of("elasticsearch"),
        run("workloada", "--hosts", hosts.toString()).targets().stream()
            .map(t -> t.name())
            .toList());
    assertTrue(
        bad("workloada", "--hosts", hosts.toString(), "--stores", "mongodb")
            .contains("has no entry for store 'mongodb'"));
  }

  @Test
  void workloadIsFoundByNameIgnoringCaseOrByPath() {
    assertEquals("workloada", run("workloadA").workload().name());
    assertEquals(
        repo.resolve("workloads/workloada").toAbsolutePath().normalize(),
        run(repo.resolve("workloads/workloada").toString()).workload().path());
  }

  @Test
  void everyOptionIsRead() {
    RunPlan o =
        run(
            "workloada",
            "--stores",
            "mongodb,basicdb",
            "--threads=1,3,5",
            "--rates",
            "250,6000",
            "--step-seconds",
            "7",
            "--warmup-seconds",
            "0",
            "--records",
            "123",
            "--load-threads",
            "2",
            "--max-error-pct",
            "2.5",
            "--max-p99-ms",
            "12.5",
            "--out",
            repo.resolve("o").toString(),
            "--no-pin",
            "-p",
            "fieldcount=3",
            "-p",
            "operationcount=500",
            "-p",
            "x=a=b");
    assertEquals(List.of("mongodb", "basicdb"), o.targets().stream().map(t -> t.name()).toList());
    assertEquals(List.of(1, 3, 5), o.threads().counts());
    assertEquals(List.of(250, 6000), o.rates());
    assertEquals(7, o.stepSeconds());
    assertEquals(0, o.warmupSeconds());
    assertEquals(7, o.stepRunSeconds());
    assertEquals(123, o.records());
    assertEquals(2, o.loadThreads());
    assertEquals(2.5, o.maxErrorPct());
    assertEquals(12.5, o.maxP99Ms());
    assertFalse(o.pin());
    assertEquals(
        Map.of("fieldcount", "3", "operationcount", "500", "x", "a=b"), o.ycsbProperties());
    assertEquals(
        Defaults.ARRIVALS_SEED,
        o.arrivalsSeed(),
        "every run is offered the same arrivals by default");
    assertEquals(12, o.search().probes());
    assertEquals(160, o.search().budgetS());
    RunPlan seeded =
        run(
            "workloada",
            "-p",
            "docsearch.arrivals.seed=42",
            "--search-probes",
            "0",
            "--search-budget",
            "90");
    assertEquals(42, seeded.arrivalsSeed());
    assertEquals(0, seeded.search().probes());
    assertEquals(90, seeded.search().budgetS());
    assertEquals(0.03, seeded.search().precision());
    assertEquals(0, seeded.search().maxMinutes(), "no time limit by default");
  }

  @Test
  void precisionLiftsTheBudgetToItsMinutes() {
    RunPlan.Search s = run("workloada", "--precision", "5").search();
    assertEquals(0.05, s.precision(), 1e-12);
    assertTrue(s.asked());
    assertEquals(Defaults.PRECISION_MAX_MINUTES, s.maxMinutes());
    assertEquals(60 * Defaults.PRECISION_MAX_MINUTES, s.budgetS(), 1e-9);
    assertEquals(Defaults.PRECISION_MAX_PROBES, s.probes());
    RunPlan.Search capped = run("workloada", "--precision", "5", "--max-minutes", "12.5").search();
    assertEquals(12.5, capped.maxMinutes());
    assertEquals(750, capped.budgetS());
    assertEquals(10, capped.plannedProbes(75), "the progress line plans what the budget holds");
    RunPlan.Search limited = run("workloada", "--max-minutes", "20").search();
    assertEquals(Defaults.SEARCH_BUDGET_SECONDS, limited.budgetS(), "a limit alone lifts nothing");
    assertFalse(limited.asked());
  }

  @Test
  void choicesAreRecordedAsWritten() {
    RunPlan o =
        run(
            "workloada",
            "--topology",
            "cluster",
            "--profile",
            "strict",
            "--memory-mb",
            "512",
            "--arrivals",
            "uniform",
            "--slo",
            "p99.9<=50ms",
            "--load-fractions",
            "none",
            "--floor-seconds",
            "0");
    assertEquals(new RunPlan.LocalSetup("cluster", "strict", 512), o.local());
    assertEquals("uniform", o.arrivals());
    assertEquals(50_000, o.slo().boundUs());
    assertEquals(List.of(), o.loadFractions());
    assertEquals(0, o.floorSeconds());
    assertEquals(
        new RunPlan.LocalSetup("single", "relaxed", Defaults.MEMORY_MB), run("workloada").local());
    assertEquals(Defaults.ARRIVALS, run("workloada").arrivals());
  }

  @Test
  void aMalformedObjectiveIsOneLineNamingTheOption() {
    String msg = bad("workloada", "--slo", "p98<=1ms");
    assertTrue(
        msg.startsWith("--slo 'p98<=1ms' is malformed: expected") && !msg.contains("\n"), msg);
    assertTrue(bad("workloada", "--slo", "p99<=0ms").endsWith("the bound must be above 0"));
  }

  @Test
  void severalClientsNeedAStoreOutsideTheClientAndTheSuitesWorkloadClassToInsert()
      throws IOException {
    assertEquals(1, run("workloada").clients());
    assertEquals(3, run("workloada", "--clients", "3").clients());
    assertTrue(bad("workloada", "--clients", "0").startsWith("--clients '0' is malformed"));
    assertTrue(bad("workloada", "--clients", "65").contains("more than 64"));
    assertTrue(
        bad("workloada", "--clients", "2", "--stores", "mm1", "-p", "mm1.service_rate=1000")
            .contains("mm1 store"));
    // This workloada is YCSB's own CoreWorkload, which numbers every client's inserts from the same
    // key.
    String inserts = bad("workloada", "--clients", "2", "-p", "insertproportion=0.05");
    assertTrue(inserts.contains("inserts while it runs (insertproportion=0.05)"), inserts);
    assertEquals(2, run("workloada", "--clients", "2", "-p", "insertproportion=0").clients());
    // The suite's workload class gives every client its own keys (every file in workloads/ names
    // it).
    Files.writeString(
        repo.resolve("workloads/workloadd"),
        "workload="
            + DocSearchWorkload.class.getName()
            + "\nreadproportion=0.95\ninsertproportion=0.05\nrequestdistribution=latest\n");
    assertEquals(2, run("workloadd", "--clients", "2").clients());
    String uniform = bad("workloada", "--clients", "2", "--arrivals", "uniform");
    assertTrue(uniform.startsWith("--arrivals uniform does not go with 2 clients"), uniform);
    assertEquals("uniform", run("workloada", "--clients", "1", "--arrivals", "uniform").arrivals());
  }

  @Test
  void aSoakTakesADurationAndOneLoad() {
    assertEquals(RunPlan.Soak.NONE, run("workloada").soak());
    assertEquals(
        new RunPlan.Soak(1800, Defaults.SOAK_LOAD), run("workloada", "--soak", "30m").soak());
    assertEquals(
        new RunPlan.Soak(90, 0.5), run("workloada", "--soak", "90s", "--soak-load", "0.5").soak());
    assertEquals(7200, run("workloada", "--soak", "2h").soak().seconds());
    assertTrue(
        bad("workloada", "--soak", "30 minutes").startsWith("--soak '30 minutes' is malformed"));
    assertTrue(
        bad("workloada", "--soak-load", "0.5").contains("--soak-load applies to --soak only"));
    assertTrue(bad("workloada", "--soak", "1m", "--soak-load", "2").contains("at most 1.5"));
  }

  @Test
  void aFaultTakesAKindASecondAndADowntimeOnTheLocalCluster() {
    assertEquals(RunPlan.Fault.NONE, run("workloada").fault());
    RunPlan.Fault f =
        run("workloada", "--topology", "cluster", "--fault", "kill-primary@5").fault();
    assertEquals(
        new RunPlan.Fault("kill-primary", 5, Defaults.FAULT_DOWN_SECONDS, Defaults.FAULT_LOAD), f);
    assertEquals("kill-primary@5+10", f.spec());
    assertEquals(35, f.stepSeconds(15), "20 s after the restart");
    assertEquals(60, f.stepSeconds(60));
    assertEquals(
        new RunPlan.Fault("stop-node", 3, 4, 0.5),
        run("workloada", "--topology", "cluster", "--fault", "stop-node@3+4", "--fault-load", "0.5")
            .fault());
    assertTrue(
        bad("workloada", "--topology", "cluster", "--fault", "kill-everything@5")
            .startsWith("--fault 'kill-everything@5' is malformed"));
    assertTrue(
        bad("workloada", "--topology", "cluster", "--fault", "kill-primary@0")
            .contains("is malformed"));
    assertTrue(
        bad("workloada", "--topology", "cluster", "--fault", "kill-primary@5+0")
            .contains("is malformed"));
    assertTrue(
        bad("workloada", "--topology", "cluster", "--fault", "kill-primary")
            .contains("is malformed"));
    assertTrue(bad("workloada", "--fault", "kill-primary@5").contains("needs --topology cluster"));
    assertTrue(
        bad("workloada", "--fault-load", "0.5").contains("--fault-load applies to --fault only"));
    assertTrue(
        bad("workloada", "--topology", "cluster", "--fault", "kill-primary@5", "--fault-load", "2")
            .contains("at most 1.5"));
  }

  /** On AWS the servers take the fault over SSH: the hosts file must say how to reach them. */
  @Test
  void aFaultOnAHostsFilesStoresNeedsAClusterAndItsFaultServers() throws IOException {
    String store = "\"stores\":{\"mongodb\":{\"mongodb.url\":\"mongodb://10.0.0.1:27017/ycsb\"}}";
    Path aws = repo.resolve("aws.json");
    Files.writeString(
        aws,
        "{\"topology\":\"cluster\","
            + store
            + ",\"fault\":{\"servers\":[\"10.0.1.10\"],\"user\":\"ubuntu\"}}");
    assertEquals(
        new RunPlan.Fault("kill-primary", 5, Defaults.FAULT_DOWN_SECONDS, Defaults.FAULT_LOAD),
        run("workloada", "--hosts", aws.toString(), "--fault", "kill-primary@5").fault());
    assertEquals(
        "--fault kill-unreplicated runs on the local cluster only: the servers' fault helper"
            + " cannot pause a replica",
        bad("workloada", "--hosts", aws.toString(), "--fault", "kill-unreplicated@5"));
    assertEquals(
        "kill-unreplicated",
        run("workloada", "--topology", "cluster", "--fault", "kill-unreplicated@5").fault().kind());
    // The hard reboot is the servers' (their fault helper's SysRq b), never this machine's.
    assertEquals(
        new RunPlan.Fault("os-crash", 10, 60, Defaults.FAULT_LOAD),
        run("workloada", "--hosts", aws.toString(), "--fault", "os-crash@10+60").fault());
    assertEquals(
        "--fault os-crash is a hard reboot of a server through its fault helper: it runs with"
            + " --hosts only; locally the same loss of unsynced data is"
            + " scripts/tests/test_unsynced_crash.sh (docs/faults.md)",
        bad("workloada", "--topology", "cluster", "--fault", "os-crash@10"));
    Path noAccess = repo.resolve("no-access.json");
    Files.writeString(noAccess, "{\"topology\":\"cluster\"," + store + "}");
    assertEquals(
        "--fault needs the hosts file's \"fault\" entry (the servers, reached over SSH with the"
            + " fault key): "
            + noAccess
            + " has none; scripts/hosts-from-terraform.sh writes it",
        bad("workloada", "--hosts", noAccess.toString(), "--fault", "kill-primary@5"));
    Path single = repo.resolve("single.json");
    Files.writeString(
        single, "{" + store + ",\"fault\":{\"servers\":[\"10.0.1.10\"],\"user\":\"ubuntu\"}}");
    assertTrue(
        bad("workloada", "--hosts", single.toString(), "--fault", "stop-node@5")
            .startsWith(
                "--fault needs a cluster: hosts file " + single + " says topology 'single'"));
  }

  @Test
  void aWorkloadNamedByDashCapitalPIsTheWorkloadArgument() {
    RunPlan byP = run("-P", "workloada");
    assertEquals(run("workloada"), byP);
    RunPlan byPath = run("-P", repo.resolve("workloads/workloada").toString());
    assertEquals(run("workloada"), byPath);
    assertEquals(List.of(), byPath.propertyFiles());
  }

  @Test
  void laterDashCapitalPFilesOverrideEarlierKeysAndDashPOverridesThemAll() throws IOException {
    Path site = Files.writeString(repo.resolve("site.properties"), "a=site\nb=site\nc=site\n");
    Path local = Files.writeString(repo.resolve("local.properties"), "b=local\nc=local\n");
    RunPlan o =
        run("-P", "workloada", "-P", site.toString(), "-P", local.toString(), "-p", "c=cli");
    assertEquals("workloada", o.workload().name());
    assertEquals(Map.of("a", "site", "b", "local", "c", "cli"), o.ycsbProperties());
    assertEquals(
        List.of(site, local), o.propertyFiles().stream().map(f -> f.path()).toList(), "in order");
    // The <workload> argument is the first file; -P files go on top of it.
    assertEquals(o, run("workloada", "-P", site.toString(), "-P", local.toString(), "-p", "c=cli"));
    Path classy = Files.writeString(repo.resolve("classy"), "workload=x.Y\n");
    assertTrue(
        bad("workloada", "-P", classy.toString())
            .contains("workload in -P " + classy + " is set by the runner"));
    Path threads = Files.writeString(repo.resolve("threads"), "threadcount=8\n");
    assertTrue(bad("-P", "workloada", "-P", threads.toString()).contains("use --threads"));
  }

  @Test
  void recordcountIsTheRecordsAsYcsbLayersItAndRecordsWins() throws IOException {
    Files.writeString(
        repo.resolve("workloads/counted"),
        "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=300\n");
    Path big = Files.writeString(repo.resolve("big.properties"), "recordcount=4000\n");
    assertEquals(Defaults.RECORDS, run("workloada").records());
    assertEquals(300, run("-P", "counted").records());
    assertEquals(4000, run("-P", "counted", "-P", big.toString()).records());
    RunPlan fromP = run("-P", "counted", "-P", big.toString(), "-p", "recordcount=2000");
    assertEquals(2000, fromP.records());
    assertFalse(fromP.ycsbProperties().containsKey("recordcount"), "the runner sets it");
    assertEquals(50, run("-P", "counted", "-p", "recordcount=2000", "--records", "50").records());
  }

  @Test
  void aResumeReadsTheDashCapitalPFilesAgainAndRefusesAChangedOne() throws IOException {
    Path site = Files.writeString(repo.resolve("site.properties"), "a=site\nrecordcount=70\n");
    assertResumesAsStarted("-P", "workloada", "-P", site.toString(), "-p", "a=cli");
    assertResumesAsStarted("-P", "workloada", "-P", site.toString(), "--records", "9");
    ObjectNode recorded =
        run("-P", "workloada", "-P", site.toString(), "--stores", "basicdb").toJson();
    Files.writeString(site, "a=changed\n");
    String message =
        assertThrows(
                SetupException.class, () -> RunPlan.fromJson(recorded, Optional.empty(), Map.of()))
            .getMessage();
    assertTrue(message.contains(site + " changed since the run started"), message);
  }

  @Test
  void maxThreadsEndsTheDoublingEvenWhenNotAPowerOfTwo() {
    assertEquals(
        List.of(1, 2, 4, 8, 12), run("workloada", "--max-threads", "12").threads().counts());
    assertEquals(List.of(1), run("workloada", "--max-threads", "1").threads().counts());
  }

  @Test
  void helpWinsOverEverythingElse() {
    assertInstanceOf(Command.Help.class, parser.parse("--help"));
    assertInstanceOf(Command.Help.class, parser.parse("nosuch", "--threads", "x", "-h"));
  }

  @Test
  void resumeTakesHostsAndPropertiesOnly() {
    Command.Resume r =
        assertInstanceOf(Command.Resume.class, parser.parse("--resume", "/r/x", "-p", "a=b"));
    assertEquals(Path.of("/r/x"), r.runDir());
    assertEquals(Map.of("a", "b"), r.ycsbProperties());
    assertTrue(bad("--resume", "/r/x", "--threads", "1").contains("drop --threads"));
    assertTrue(bad("--resume", "/r/x", "workloada").contains("drop workloada"));
    assertTrue(bad("--resume", "/r/x", "-P", "workloada").contains("drop -P"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "no workload                 | --threads 1                      | missing <workload>",
        "unknown workload            | nosuch                           | unknown workload"
            + " 'nosuch'",
        "two workloads               | workloada workloada              | one workload per run",
        "unknown option              | workloada --thread 1             | unknown option --thread",
        "option without value        | workloada --threads              | option --threads needs a"
            + " value",
        "option twice                | workloada --records 1 --records 2 | option --records is"
            + " given twice",
        "unknown store               | workloada --stores redis         | unknown store 'redis'",
        "store twice                 | workloada --stores mongodb,mongodb | names 'mongodb' twice",
        "list option twice           | workloada --rates 1 --rates 2    | option --rates is given"
            + " twice",
        "unknown topology            | workloada --topology ring        | --topology 'ring' is"
            + " malformed: expected",
        "arrivals in capitals        | workloada --arrivals POISSON     | --arrivals 'POISSON' is"
            + " malformed",
        "empty store                 | workloada --stores mongodb,,     | --stores 'mongodb,,' is"
            + " malformed",
        "threads not a number        | workloada --threads 1,x          | --threads '1,x' is"
            + " malformed",
        "threads zero                | workloada --threads 0            | --threads '0' is"
            + " malformed",
        "threads negative            | workloada --threads -2           | --threads '-2' is"
            + " malformed",
        "threads empty entry         | workloada --threads 1,,2         | --threads '1,,2' is"
            + " malformed",
        "threads overflow            | workloada --threads 99999999999  | --threads '99999999999'"
            + " is malformed",
        "max-threads with a list     | workloada --threads 1 --max-threads 4 | --max-threads only"
            + " applies",
        "max-threads zero            | workloada --max-threads 0        | --max-threads '0' is"
            + " malformed",
        "rate not a number           | workloada --rates 250,fast       | --rates '250,fast' is"
            + " malformed",
        "rate decimal                | workloada --rates 2.5            | --rates '2.5' is"
            + " malformed",
        "rate zero                   | workloada --rates 0              | --rates '0' is malformed",
        "step-seconds zero           | workloada --step-seconds 0       | --step-seconds '0' is"
            + " malformed",
        "warmup negative             | workloada --warmup-seconds -1    | --warmup-seconds '-1' is"
            + " malformed",
        "records text                | workloada --records many         | --records 'many' is"
            + " malformed",
        "load-threads zero           | workloada --load-threads 0       | --load-threads '0' is"
            + " malformed",
        "error pct above 100         | workloada --max-error-pct 101    | --max-error-pct '101' is"
            + " malformed",
        "error pct NaN               | workloada --max-error-pct NaN    | --max-error-pct 'NaN' is"
            + " malformed",
        "p99 zero                    | workloada --max-p99-ms 0         | --max-p99-ms '0' is"
            + " malformed",
        "property without =          | workloada -p fieldcount          | -p 'fieldcount' is"
            + " malformed",
        "property empty key          | workloada -p =3                  | -p '=3' is malformed",
        "reserved threadcount        | workloada -p threadcount=4       | use --threads",
        "recordcount not a number    | workloada -p recordcount=many    | -p recordcount='many' is"
            + " malformed",
        "YCSB's -threads             | workloada -threads 4             | -threads is YCSB's client"
            + " option; the sweep decides it by --threads LIST|auto",
        "YCSB's -target              | -P workloada -target 100         | -target is YCSB's client"
            + " option; the sweep decides it by --rates LIST",
        "YCSB's -target=             | workloada -target=100            | -target is YCSB's",
        "unknown -P file             | -P nosuch                        | unknown workload"
            + " 'nosuch'",
        "reserved target             | workloada -p target=100          | use --rates",
        "reserved hdr path           | workloada -p hdrhistogram.output.path=x | set by the runner",
        "operationcount zero         | workloada -p operationcount=0    | -p operationcount='0' is"
            + " malformed",
        "missing hosts file          | workloada --hosts /nonexistent/h.json | /nonexistent/h.json"
            + " is not readable",
        "arrival seed not a number   | workloada -p docsearch.arrivals.seed=x |"
            + " docsearch.arrivals.seed='x' is malformed",
      })
  void badInputIsOneClearLine(String name, String args, String expected) {
    String message = bad(args.trim().split("\\s+"));
    assertTrue(
        message.contains(expected), () -> name + ": '" + message + "' lacks '" + expected + "'");
    assertFalse(message.contains("\n"), () -> name + ": more than one line: " + message);
  }

  @Test
  void hostsFileMustBeJsonAndListEveryStore() throws IOException {
    Path notJson = Files.writeString(repo.resolve("h1.json"), "{ nope");
    assertTrue(bad("workloada", "--hosts", notJson.toString()).contains("is not valid JSON"));
    Path noStores = Files.writeString(repo.resolve("h2.json"), "{\"topology\":\"single\"}");
    assertTrue(
        bad("workloada", "--hosts", noStores.toString()).contains("has no \"stores\" object"));
    Path onlyRedis =
        Files.writeString(
            repo.resolve("h3.json"), "{\"stores\":{\"redisjson\":{\"redis.host\":\"127.0.0.1\"}}}");
    assertTrue(
        bad("workloada", "--stores", "redisjson,mongodb", "--hosts", onlyRedis.toString())
            .contains("has no entry for store 'mongodb'"));
    assertEquals(
        "127.0.0.1",
        run("workloada", "--stores", "redisjson,basicdb", "--hosts", onlyRedis.toString())
            .hosts()
            .orElseThrow()
            .propertiesOf(StoreKind.REDISJSON)
            .getProperty("redis.host"));
  }

  @Test
  void workloadFileMustNameALoadableWorkloadClass() throws IOException {
    Path noClass = Files.writeString(repo.resolve("w1"), "readproportion=1\n");
    assertTrue(bad(noClass.toString()).contains("sets no 'workload' class"));
    Path unknown = Files.writeString(repo.resolve("w2"), "workload=com.example.Nope\n");
    assertTrue(bad(unknown.toString()).contains("com.example.Nope"));
  }

  /** A data set of two products. */
  private Path dataSet() throws IOException {
    return Files.writeString(
        repo.resolve("d.jsonl"),
        "{\"name\": \"Red shoe\", \"price\": 1}\n" + "{\"name\": \"Blue shoe\", \"price\": 2}\n");
  }

  /**
   * A workload file that moves the fields: the check must see the file's properties, as the
   * preflight does.
   */
  private Path searchNamedWorkload() throws IOException {
    return Files.writeString(
        repo.resolve("search-named"),
        "workload=io.github.ycsbdocsearch.common.workload.DocSearchWorkload\n"
            + "searchproportion=1\n"
            + "readproportion=0\n"
            + "search.textfield=name\n"
            + "search.sortfield=price\n");
  }

  @Test
  void aDatasetIsReadWholeOnceBeforeTheRunNotOncePerCheck() throws IOException {
    Path data = dataSet();
    Path workload = searchNamedWorkload();
    RunPlan o = run(workload.toString(), "--dataset", data.toString(), "--stores", "basicdb");
    assertEquals(2, o.records());
    // Break the file behind the check's back, same size and modification time: a second read would
    // see the
    // duplicate sort value, so passing shows the check before the run did not read it again.
    FileTime checked = Files.getLastModifiedTime(data);
    Files.writeString(
        data, "{\"name\": \"Red shoe\", \"price\": 2}\n{\"name\": \"Blue shoe\", \"price\": 2}\n");
    Files.setLastModifiedTime(data, checked);
    WorkloadProperties.check(o.workload().properties(), o.ycsbProperties());
    // A changed file (newer modification time) is read and checked again.
    Files.setLastModifiedTime(data, FileTime.fromMillis(checked.toMillis() + 2000));
    assertTrue(
        assertThrows(
                DatasetException.class,
                () -> WorkloadProperties.check(o.workload().properties(), o.ycsbProperties()))
            .getMessage()
            .contains("duplicate sort value 2"));
  }

  /**
   * {@code --resume} reads the recorded parameters through this same parser: the options rebuilt
   * from the manifest are those the run started with.
   */
  private void assertResumesAsStarted(String... args) {
    RunPlan started = assertInstanceOf(Command.Run.class, parser.parse(args)).options();
    ObjectNode recorded = started.toJson();
    RunPlan resumed = RunPlan.fromJson(recorded, Optional.empty(), Map.of());
    String command = String.join(" ", args);
    assertEquals(recorded, resumed.toJson(), command);
    if (started.hosts().isEmpty()) { // a hosts file read again is another object
      assertEquals(started, resumed, command);
    }
  }

  @Test
  void aResumeParsesEveryKindOfOptionBackAsGiven() throws IOException {
    assertResumesAsStarted("workloada");
    assertResumesAsStarted(
        "workloada",
        "--stores",
        "basicdb",
        "--threads",
        "1,3",
        "--rates",
        "100,200",
        "--step-seconds",
        "3",
        "--warmup-seconds",
        "0",
        "--records",
        "50",
        "--load-threads",
        "2",
        "--max-error-pct",
        "2.5",
        "--max-p99-ms",
        "250",
        "--no-pin",
        "-p",
        "a=b=c");
    assertResumesAsStarted(
        "workloada",
        "--stores",
        "redisjson,mongodb",
        "--max-threads",
        "12",
        "--load-fractions",
        "0.5,1.2",
        "--floor-seconds",
        "0",
        "--search-probes",
        "0",
        "--search-budget",
        "90",
        "--arrivals",
        "uniform",
        "--slo",
        "p99.9<=50ms",
        "--memory-mb",
        "768",
        "--topology",
        "cluster",
        "--profile",
        "strict",
        "--soak",
        "2m",
        "--soak-load",
        "0.6",
        "--fault",
        "stop-node@5+7",
        "--fault-load",
        "0.7",
        "--out",
        repo.resolve("elsewhere").toString());
    assertResumesAsStarted("workloada", "--rates", "300", "--load-fractions", "none");
    assertResumesAsStarted("workloada", "--clients", "2", "--stores", "basicdb");
    Path hosts = repo.resolve("hosts.json");
    Files.writeString(
        hosts, "{\"stores\":{\"elasticsearch\":{\"es.hosts\":\"http://10.0.0.1:9200\"}}}");
    assertResumesAsStarted("workloada", "--hosts", hosts.toString());
  }

  @Test
  void aResumedDataSetDecidesTheRecordsAgain() throws IOException {
    assertResumesAsStarted(
        searchNamedWorkload().toString(), "--dataset", dataSet().toString(), "--stores", "basicdb");
  }

  @Test
  void aHostsFileGivenAgainWithResumeReplacesTheRecordedOne() throws IOException {
    String es = "{\"stores\":{\"elasticsearch\":{\"es.hosts\":\"http://10.0.0.%s:9200\"}}}";
    Path first = Files.writeString(repo.resolve("first.json"), String.format(es, "1"));
    Path again = Files.writeString(repo.resolve("again.json"), String.format(es, "2"));
    RunPlan started = run("workloada", "--hosts", first.toString());
    assertEquals(first.toAbsolutePath().toString(), started.toJson().get("hosts_file").asText());
    RunPlan resumed = RunPlan.fromJson(started.toJson(), Optional.of(again), Map.of());
    assertEquals(again.toAbsolutePath(), resumed.hosts().orElseThrow().source());
  }

  @Test
  void aResumeTakesTheRecordedPlanWithTheValuesGivenAgain() {
    RunPlan started = run("workloada", "--rates", "5");
    RunPlan resumed = RunPlan.fromJson(started.toJson(), Optional.empty(), Map.of("x", "1"));
    assertEquals(List.of(5), resumed.rates());
    assertEquals(List.of(), resumed.loadFractions());
    assertEquals(Map.of("x", "1"), resumed.ycsbProperties());
    assertTrue(resumed.hosts().isEmpty());
  }

  @Test
  void tagsAreLabelsOfTheRunInTheOrderGiven() {
    assertEquals(Map.of(), run("workloada").tags());
    RunPlan o = run("workloada", "--tag", "host=m5d", "--tag=try=2", "--tag", "note=a=b c");
    assertEquals(List.of("host", "try", "note"), List.copyOf(o.tags().keySet()));
    assertEquals("a=b c", o.tags().get("note"));
    assertResumesAsStarted("workloada", "--tag", "host=m5d", "--tag", "v.1_x-y=");
  }

  @Test
  void aTagWithoutAValueWithAnotherKeyOrGivenTwiceIsRefusedInOneLine() {
    assertEquals(
        "--tag 'host' is malformed: expected KEY=VALUE with KEY of letters, digits, '_', '.' and"
            + " '-'",
        bad("workloada", "--tag", "host"));
    String badKey = bad("workloada", "--tag", "my host=x");
    assertTrue(badKey.startsWith("--tag 'my host=x' is malformed"), badKey);
    assertEquals("--tag a is given twice", bad("workloada", "--tag", "a=1", "--tag", "a=2"));
  }
}
