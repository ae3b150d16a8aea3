package io.github.ycsbdocsearch.common;

/**
 * Per-thread registry that lets the search workload reach the binding.
 *
 * <p>Why: YCSB 0.17.0 wraps every binding in a {@code DBWrapper} whose {@code db} field is private,
 * so a workload cannot cast its way to {@link SearchableDB}. YCSB calls {@code DB.init()}, {@code
 * Workload.initThread()} and {@code doTransaction()} on the same client thread, so a binding
 * registers itself in {@code init()} and the workload looks it up on that thread. Thread-safe by
 * confinement.
 */
public final class SearchBindings {
  private static final ThreadLocal<SearchableDB> CURRENT = new ThreadLocal<>();

  private SearchBindings() {}

  /** Called by a binding's {@code init()} on its client thread. */
  public static void register(SearchableDB db) {
    CURRENT.set(db);
  }

  /** Called by a binding's {@code cleanup()}. */
  public static void unregister() {
    CURRENT.remove();
  }

  /** The binding of the calling client thread; IllegalStateException when it cannot search. */
  public static SearchableDB current() {
    SearchableDB db = CURRENT.get();
    if (db == null) {
      throw new IllegalStateException(
          "the selected binding does not support SEARCH (no SearchableDB registered "
              + "on this client thread)");
    }
    return db;
  }
}
