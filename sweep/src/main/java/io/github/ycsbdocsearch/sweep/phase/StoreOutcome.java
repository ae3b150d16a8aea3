package io.github.ycsbdocsearch.sweep.phase;

/** How a store's sweep ended. */
public enum StoreOutcome {
  COMPLETE,
  FAILED,
  INTERRUPTED
}
