package io.github.ycsbdocsearch.common.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Linux's timer slack of the calling thread: how late the kernel may fire the thread's timed waits
 * so that it can serve several timers with one interrupt (50 µs by default). A pacing thread parks
 * until an arrival is due, so the slack lands in the send lag: with only the few timers of the
 * threads that hold arrivals pending, each fires near the end of its slack window (median send lag
 * about 100 µs on BasicDB, 75 µs when some 50 threads each kept a timer pending and so fired each
 * other's early). Each thread writes its own {@code /proc/<tid>/timerslack_ns} (allowed without
 * privileges since Linux 4.6); the JDK has no call for it. Stateless.
 */
final class TimerSlack {
  /** The slack a pacing thread asks for: far below any send-lag threshold. */
  static final long NANOS = 1_000;

  private TimerSlack() {}

  /**
   * Sets the calling thread's timer slack to {@code nanos} (threads it starts later inherit it).
   *
   * @return false where that cannot be done (not Linux, no {@code /proc}, an older kernel): the
   *     pacing still works, with the default slack
   */
  static boolean set(long nanos) {
    try {
      Files.writeString(file(), Long.toString(nanos));
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** The calling thread's timer slack in nanoseconds, or -1 where it cannot be read. */
  static long get() {
    try {
      return Long.parseLong(Files.readString(file()).trim());
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * The calling thread's slack file: /proc/thread-self is "<pid>/task/<tid>", /proc/<tid> its own.
   */
  private static Path file() throws IOException {
    Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
    return Path.of("/proc", self.getFileName().toString(), "timerslack_ns");
  }
}
