package io.github.ycsbdocsearch.sweep.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.databind.util.StdConverter;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.ArrivalConfig;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.sweep.plan.PlanSettings;
import io.github.ycsbdocsearch.sweep.plan.PropertyFile;
import io.github.ycsbdocsearch.sweep.plan.ThreadPlan;
import io.github.ycsbdocsearch.sweep.plan.WorkloadFile;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything a sweep needs to know, validated, read-only (the runner sees only this, as JMH's
 * Runner sees only {@code Options}). Built once by {@link OptionsParser} from the command line and
 * written as the manifest's {@code plan} before the first step; {@code --resume} reads it back from
 * there ({@link #fromJson}) and parses no argument again. Immutable.
 *
 * @param workload the workload file (recorded by path and hash: a resume refuses a changed one)
 * @param propertyFiles the {@code -P} files after the workload, in order (their properties are in
 *     {@code ycsbProperties} already; kept so the manifest names them and a resume sees a change)
 * @param targets stores in sweep order
 * @param rates fixed target rates (ops/s); empty = unthrottled
 * @param stepSeconds measured seconds per step, after the warm-up
 * @param warmupSeconds seconds at each step's start that are left out of every number
 * @param records records loaded per store
 * @param loadThreads client threads of the load phase
 * @param maxErrorPct error bound, percent of a step's operations
 * @param maxP99Ms p99 bound in milliseconds (worst operation); null = none
 * @param hostsFile remote stores; null = start the local stores
 * @param outDir parent of the run folder
 * @param pin pin client and server to separate CPUs when possible
 * @param ycsbProperties pass-through properties: the later {@code -P} files' then {@code -p}'s,
 *     later ones overriding earlier ones (secrets masked in the manifest)
 * @param arrivals arrival process of fixed-rate steps: poisson or uniform
 * @param search the capacity search's limits and target
 * @param clients client JVMs that drive each step together (splitting its threads and rate)
 * @param soak the soak step after the other phases; {@link Soak#NONE} for none
 * @param fault a server killed under load after the other phases; {@link Fault#NONE} for none
 * @param tags the run's labels ({@code --tag KEY=VALUE}), in the order given
 */
public record RunPlan(
    WorkloadFile workload,
    List<PropertyFile> propertyFiles,
    List<SweepTarget> targets,
    ThreadPlan threads,
    List<Integer> rates,
    int stepSeconds,
    int warmupSeconds,
    int records,
    int loadThreads,
    double maxErrorPct,
    Double maxP99Ms,
    HostsFile hostsFile,
    Path outDir,
    boolean pin,
    @JsonSerialize(converter = RunPlan.Masked.class) Map<String, String> ycsbProperties,
    Objective slo,
    List<Double> loadFractions,
    int floorSeconds,
    LocalSetup local,
    String arrivals,
    Search search,
    int clients,
    Soak soak,
    Fault fault,
    Map<String, String> tags)
    implements PlanSettings {

  /**
   * The capacity search's limits and target: it probes until the interval's half-width is within
   * {@code precision}, or a limit ends it.
   *
   * @param probes probes after the curve, at most; 0 = the curve's windows only
   * @param budgetS measured seconds the probes may take together
   * @param precision the target: the 95 % interval's half-width as a share of the capacity
   * @param asked whether --precision asked for it (the limits then follow {@code maxMinutes})
   * @param maxMinutes minutes each store's search (curve and probes, warm-ups included) may take; 0
   *     = no limit but the budget
   */
  public record Search(
      int probes, int budgetS, double precision, boolean asked, double maxMinutes) {

    /** Probes the progress line plans for: the cap, or the base windows the budget holds. */
    public int plannedProbes(int stepSeconds) {
      return (int) Math.min(probes, Math.ceil((double) budgetS / Math.max(1, stepSeconds)));
    }
  }

  /**
   * The soak: one long fixed-rate step.
   *
   * @param seconds measured seconds; 0 = no soak
   * @param load offered load as a fraction of the capacity
   */
  public record Soak(int seconds, double load) {
    public static final Soak NONE = new Soak(0, Defaults.SOAK_LOAD);

    public boolean runs() {
      return seconds > 0;
    }
  }

  /**
   * A node lost under load ({@code --fault KIND@T[+D]}): two fixed-rate steps of the same rate and
   * length, the second with one server holding primary data killed {@code atS} seconds into its
   * measured window and restarted {@code downS} seconds later.
   *
   * @param kind {@code kill-primary} (SIGKILL), {@code stop-node} (SIGTERM, a graceful stop),
   *     {@code kill-unreplicated} (local: replicas paused first) or {@code os-crash} (AWS: a hard
   *     reboot of the server); null = no fault
   * @param atS seconds into the measured window
   * @param downS seconds the server stays down
   * @param load offered load as a fraction of the capacity
   */
  public record Fault(String kind, int atS, int downS, double load) {
    public static final Fault NONE = new Fault(null, 0, 0, Defaults.FAULT_LOAD);

    /**
     * The kinds stores.sh or the servers' fault helper know (kill-unreplicated: local only;
     * os-crash: AWS only, {@code OptionsParser} says why).
     */
    public static final List<String> KINDS =
        List.of("kill-primary", "stop-node", "kill-unreplicated", "os-crash");

    public boolean runs() {
      return kind != null;
    }

    /** Reads {@code KIND@T[+D]}; a SetupException names what is wrong with the spec. */
    public static Fault parse(String spec, double load) {
      Matcher m = Pattern.compile("([a-z-]+)@(\\d{1,5})(?:\\+(\\d{1,5}))?").matcher(spec.trim());
      if (!m.matches()
          || !KINDS.contains(m.group(1))
          || Integer.parseInt(m.group(2)) < 1
          || (m.group(3) != null && Integer.parseInt(m.group(3)) < 1)) {
        throw new SetupException(
            "--fault '%s' is malformed: expected KIND@T[+D] with KIND one of %s, T and D whole"
                    .formatted(spec, KINDS)
                + " seconds from 1 (e.g. kill-primary@5+10)");
      }
      return new Fault(
          m.group(1),
          Integer.parseInt(m.group(2)),
          m.group(3) == null ? Defaults.FAULT_DOWN_SECONDS : Integer.parseInt(m.group(3)),
          load);
    }

    /** The spec: {@code kill-primary@5+10}. */
    public String spec() {
      return kind + "@" + atS + "+" + downS;
    }

    /**
     * Measured seconds of both steps: at least {@code --step-seconds}, and long enough to see 20 s
     * after the restart (the client's recovery and the latency's return).
     */
    public int stepSeconds(int stepSeconds) {
      return Math.max(stepSeconds, atS + downS + Defaults.FAULT_AFTER_RESTART_SECONDS);
    }
  }

  /**
   * How the local stores are started (ignored with a hosts file).
   *
   * @param topology single or cluster
   * @param profile durability profile, relaxed or strict
   * @param memoryMb memory budget of each store per server
   */
  public record LocalSetup(String topology, String profile, int memoryMb) {
    public static final LocalSetup DEFAULT =
        new LocalSetup("single", "relaxed", Defaults.MEMORY_MB);
  }

  /** The workload's arrival-seed property; a {@code -p} value replaces the default first seed. */
  public static final String ARRIVALS_SEED_PROPERTY = ArrivalConfig.SEED;

  public RunPlan {
    targets = List.copyOf(targets);
    rates = List.copyOf(rates);
    loadFractions = List.copyOf(loadFractions);
    propertyFiles = List.copyOf(propertyFiles);
    ycsbProperties = Collections.unmodifiableMap(new LinkedHashMap<>(ycsbProperties));
    tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
  }

  /** Paths as written ({@code /a/b}), not as URIs. */
  private static final ObjectMapper JSON =
      Json.MAPPER
          .copy()
          .registerModule(
              new SimpleModule().addSerializer(Path.class, ToStringSerializer.instance));

  /** What {@link HostsFile#masked} puts in place of a secret. */
  static final String MASK = "***";

  /** The plan as the manifest records it (secrets masked). */
  public ObjectNode toJson() {
    return JSON.valueToTree(this);
  }

  /**
   * Reads an earlier run's plan back for {@code --resume}: the workload and -P files are read again
   * and refused when they changed, the hosts file is read again.
   *
   * @param recorded the manifest's {@code plan}
   * @param hostsFile a hosts file given again with {@code --resume} (overrides the recorded one)
   * @param propOverride {@code -p} values given with {@code --resume} (a masked secret must be)
   * @throws SetupException when a file changed, a masked secret was not given again, or the plan is
   *     not one this version reads
   */
  public static RunPlan fromJson(
      JsonNode recorded, Optional<Path> hostsFile, Map<String, String> propOverride) {
    ObjectNode plan = recorded.deepCopy();
    hostsFile.ifPresent(h -> plan.put("hosts_file", h.toAbsolutePath().toString()));
    propOverride.forEach(plan.withObject("/ycsb_properties")::put);
    RunPlan p;
    try {
      p = JSON.treeToValue(plan, RunPlan.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      for (Throwable c = e; c != null; c = c.getCause()) {
        if (c instanceof SetupException s) {
          throw s;
        }
      }
      throw new SetupException(
          "manifest.json: its plan is not one this version reads: "
              + Json.firstLine(e.getMessage()),
          e);
    }
    p.ycsbProperties.forEach(
        (k, v) -> {
          if (MASK.equals(v)) {
            throw new SetupException(
                "property %s was masked in manifest.json: give it again with --resume DIR -p %s=..."
                    .formatted(k, k));
          }
        });
    return p;
  }

  /** The properties with secrets masked, by the same rule as the hosts file's. */
  public static Map<String, String> masked(Map<String, String> props) {
    Properties p = new Properties();
    p.putAll(props);
    Map<String, String> m = HostsFile.masked(p);
    Map<String, String> out = new LinkedHashMap<>();
    props.keySet().forEach(k -> out.put(k, m.get(k)));
    return out;
  }

  /** Masks the secrets of the properties the manifest records. */
  static final class Masked extends StdConverter<Map<String, String>, Map<String, String>> {
    @Override
    public Map<String, String> convert(Map<String, String> props) {
      return masked(props);
    }
  }

  /** Remote stores; empty = start the local stores. */
  public Optional<HostsFile> hosts() {
    return Optional.ofNullable(hostsFile);
  }

  /** Whether the sweep ramps closed-loop threads to find the peak (not with --rates alone). */
  @Override
  public boolean ramps() {
    return rates.isEmpty() || !loadFractions.isEmpty();
  }

  /**
   * The first seed of the fixed-rate steps' arrival schedules (step k uses this + k): {@value
   * #ARRIVALS_SEED_PROPERTY} given with {@code -p} (checked when the options were parsed), else the
   * suite's default, so that every store and every run is offered the same arrivals.
   */
  public long arrivalsSeed() {
    String v = ycsbProperties.get(ARRIVALS_SEED_PROPERTY);
    return v == null ? Defaults.ARRIVALS_SEED : Long.parseLong(v.trim());
  }

  /** Seconds YCSB runs each step for ({@code maxexecutiontime}). */
  public int stepRunSeconds() {
    return warmupSeconds + stepSeconds;
  }
}
