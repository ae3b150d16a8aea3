package io.github.ycsbdocsearch.common;

import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.Status;

/**
 * A binding's failed operations, logged as the first 10 and then every 10,000th of the JVM, so a
 * broken store cannot flood the log during a timed run. Thread-safe.
 */
public final class OpFailures {
  private static final long LOG_FIRST = 10;
  private static final long LOG_EVERY = 10_000;

  /** An error response may carry a whole JSON error: one line of this size says what happened. */
  private static final int MAX_LOGGED_CHARS = 400;

  private static final System.Logger LOG = System.getLogger(OpFailures.class.getName());
  private final String store;
  private final AtomicLong count = new AtomicLong();

  public OpFailures(String store) {
    this.store = store;
  }

  /** Logs {@code op}'s failure when its turn comes and returns {@code status}. */
  public Status failed(String op, Exception e, Status status) {
    long n = count.incrementAndGet();
    if (n <= LOG_FIRST || n % LOG_EVERY == 0) {
      String what = String.valueOf(e).replaceAll("\\s+", " ");
      if (what.length() > MAX_LOGGED_CHARS) {
        what = what.substring(0, MAX_LOGGED_CHARS) + "...";
      }
      LOG.log(
          System.Logger.Level.WARNING,
          store + " " + op + " failed (failure #" + n + " in this JVM): " + what);
    }
    return status;
  }

  /** A value the store cannot take is BAD_REQUEST, anything else ERROR. */
  public Status failed(String op, Exception e) {
    return failed(op, e, e instanceof IllegalArgumentException ? Status.BAD_REQUEST : Status.ERROR);
  }
}
