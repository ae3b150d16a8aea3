package io.github.ycsbdocsearch.sweep.targets;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.StoreKind;
import java.util.Optional;

/**
 * Where a fault step kills and restarts a server process: the local cluster stores ({@link
 * LocalStores}, through {@code scripts/stores.sh}) or the servers of a hosts file ({@link
 * RemoteFaults}, through each server's fault helper over SSH). Both answer with the same JSON
 * lines, which results-format's {@code FaultSummary} reads.
 */
public interface FaultTarget {
  /**
   * Whatever can be checked before any store is touched, so that a fault that could not run is one
   * line at the start, not a failure an hour into the sweep.
   *
   * @throws io.github.ycsbdocsearch.common.SetupException naming what is wrong
   */
  void check(StoreKind store);

  /**
   * Ends the one process holding primary data; runs to its end even on Ctrl-C.
   *
   * @param kind kill-primary (SIGKILL) or stop-node (SIGTERM)
   * @return what was killed and when (store, topology, kind, signal, host, port, pid, role,
   *     killed_at_ms on this machine's clock)
   * @throws io.github.ycsbdocsearch.common.SetupException when nothing could be killed
   */
  JsonNode fault(String kind, StoreKind store);

  /**
   * Starts what the fault stopped and waits until the store is whole; runs to its end even on
   * Ctrl-C.
   *
   * @return what was restarted and when (store, restarted, back_at_ms, waited_ms)
   * @throws io.github.ycsbdocsearch.common.SetupException when the store did not come back whole
   */
  JsonNode recover(StoreKind store);

  /** The durability profile the store runs with (relaxed or strict), when known. */
  Optional<String> profile();

  /** What that profile says one node crash may lose, when known. */
  Optional<String> loss(StoreKind store);
}
