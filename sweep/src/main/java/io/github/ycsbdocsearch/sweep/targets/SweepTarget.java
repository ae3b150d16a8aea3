package io.github.ycsbdocsearch.sweep.targets;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.StoreProbe;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a sweep runs against: one of the compared stores, or {@code basicdb}, YCSB's no-op {@code
 * site.ycsb.BasicDB}, which needs no server and measures the runner itself. Immutable.
 *
 * @param name the name users type
 * @param dbClass the YCSB DB class passed as {@code -db}
 * @param kind the store, empty for basicdb
 */
public record SweepTarget(@JsonValue String name, String dbClass, Optional<StoreKind> kind) {
  /** Name of the pseudo-store backed by YCSB's no-op binding. */
  public static final String BASICDB = "basicdb";

  /**
   * YCSB's no-op binding, as {@link io.github.ycsbdocsearch.common.FloorDB}: BasicDB that also
   * answers SEARCH with an empty page, so the runner's own cost (and the harness floor) can be
   * measured on search workloads too.
   */
  public static final String BASICDB_CLASS = "io.github.ycsbdocsearch.common.FloorDB";

  /**
   * Name of the simulated M/M/1 store whose capacity theory knows (the suite's calibration target).
   */
  public static final String MM1 = "mm1";

  /** Its binding: one FIFO server with exponential service times, rate {@code mm1.service_rate}. */
  public static final String MM1_CLASS = "io.github.ycsbdocsearch.lab.Mm1DB";

  /** The property with its service rate, ops/s. */
  public static final String MM1_RATE = "mm1.service_rate";

  /**
   * Looks a target up by name.
   *
   * @throws SetupException naming the unknown store and the known ones
   */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static SweepTarget byName(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    if (n.equals(BASICDB) || n.equals(MM1)) {
      return new SweepTarget(n, n.equals(MM1) ? MM1_CLASS : BASICDB_CLASS, Optional.empty());
    }
    try {
      return of(StoreKind.byName(name));
    } catch (SetupException e) {
      throw new SetupException(
          ("unknown store '%s' (known: %s, and %s for YCSB's no-op DB, %s for the simulated"
                  + " M/M/1 store)")
              .formatted(name, StoreKind.names(), BASICDB, MM1),
          e);
    }
  }

  public static SweepTarget of(StoreKind kind) {
    return new SweepTarget(kind.storeName(), kind.dbClass(), Optional.of(kind));
  }

  /**
   * True when a real server is behind this target (started locally or listed in the hosts file).
   */
  public boolean isStore() {
    return kind.isPresent();
  }

  /**
   * Whether a server's limit is measured (a store, or the simulated M/M/1 store): a client-limited
   * closed-loop step then ends the ramp. BasicDB measures the client itself.
   */
  public boolean measuresAServer() {
    return kind.isPresent() || MM1.equals(name);
  }

  /**
   * Checks {@value #MM1_RATE} among the {@code -p} properties: required, a number of ops/s above 0.
   *
   * @throws SetupException one line naming the property
   */
  public static void checkMm1(Map<String, String> props) {
    String v = props.get(MM1_RATE);
    double rate;
    try {
      rate = v == null ? Double.NaN : Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      rate = Double.NaN;
    }
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new SetupException(
          "--stores mm1 needs -p %s=<service rate, ops/s above 0>%s"
              .formatted(MM1_RATE, v == null ? "" : ", got '" + v + "'"));
    }
  }

  /** The store's probe; empty for basicdb. */
  public Optional<StoreProbe> probe() {
    return kind.map(StoreKind::newProbe);
  }
}
