package io.github.ycsbdocsearch.sweep.targets;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.StoreProbe;
import java.util.Locale;
import java.util.Optional;

/**
 * What a sweep runs against: one of the compared stores, or {@code basicdb}, YCSB's no-op {@code site.ycsb.BasicDB},
 * which needs no server and measures the runner itself. Immutable.
 *
 * @param name    the name users type
 * @param dbClass the YCSB DB class passed as {@code -db}
 * @param kind    the store, empty for basicdb
 */
public record SweepTarget(String name, String dbClass, Optional<StoreKind> kind) {
  /** Name of the pseudo-store backed by YCSB's no-op binding. */
  public static final String BASICDB = "basicdb";
  /**
   * YCSB's no-op binding, as {@link io.github.ycsbdocsearch.common.FloorDB}: BasicDB that also answers SEARCH with an
   * empty page, so the runner's own cost (and the harness floor) can be measured on search workloads too.
   */
  public static final String BASICDB_CLASS = "io.github.ycsbdocsearch.common.FloorDB";

  /**
   * Looks a target up by name.
   *
   * @throws SetupException naming the unknown store and the known ones
   */
  public static SweepTarget byName(String name) {
    if (BASICDB.equals(name.trim().toLowerCase(Locale.ROOT))) {
      return new SweepTarget(BASICDB, BASICDB_CLASS, Optional.empty());
    }
    try {
      StoreKind k = StoreKind.byName(name);
      return new SweepTarget(k.storeName(), k.dbClass(), Optional.of(k));
    } catch (SetupException e) {
      throw new SetupException("unknown store '" + name + "' (known: " + StoreKind.names() + ", and " + BASICDB
          + " for YCSB's no-op DB)", e);
    }
  }

  public static SweepTarget of(StoreKind kind) {
    return new SweepTarget(kind.storeName(), kind.dbClass(), Optional.of(kind));
  }

  /** True when a real server is behind this target (started locally or listed in the hosts file). */
  public boolean isStore() {
    return kind.isPresent();
  }

  /** The store's probe; empty for basicdb. */
  public Optional<StoreProbe> probe() {
    return kind.map(StoreKind::newProbe);
  }
}
