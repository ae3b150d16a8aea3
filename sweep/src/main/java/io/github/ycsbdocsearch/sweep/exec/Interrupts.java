package io.github.ycsbdocsearch.sweep.exec;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) and SIGTERM handling. A shutdown hook marks the run interrupted, stops every
 * child process the runner started (the YCSB client, a stores.sh call) and then waits for the main
 * thread to record what happened (the running step as {@code interrupted}, the manifest) before the
 * JVM halts. Thread-safe.
 */
public final class Interrupts {
  private static final long CHILD_GRACE_SECONDS = 5;

  /** Long enough to stop a local store (stores.sh waits up to 60 s for a server to exit). */
  private static final long BOOKKEEPING_SECONDS = 120;

  private final Set<Process> children = ConcurrentHashMap.newKeySet();
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean requested;

  /** Registers the shutdown hook; call once. */
  public void install() {
    Runtime.getRuntime().addShutdownHook(new Thread(this::onShutdown, "sweep-interrupt"));
  }

  /** True once an interrupt arrived: start nothing new. */
  public boolean requested() {
    return requested;
  }

  /**
   * Marks the run interrupted and stops the children, as the hook does (tests call this directly).
   */
  public void request() {
    requested = true;
    children.forEach(Interrupts::stop);
  }

  /** Registers a running child so that an interrupt stops it. */
  public void track(Process p) {
    children.add(p);
    if (requested) {
      stop(p);
    }
  }

  public void untrack(Process p) {
    children.remove(p);
  }

  /** The main thread has written everything: the hook may let the JVM halt. */
  public void finished() {
    finished.countDown();
  }

  private void onShutdown() {
    if (finished.getCount() == 0) {
      return;
    }
    request();
    try {
      finished.await(BOOKKEEPING_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** SIGTERM to the child and its descendants, SIGKILL after a grace period. */
  static void stop(Process p) {
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
    try {
      if (!p.waitFor(CHILD_GRACE_SECONDS, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
