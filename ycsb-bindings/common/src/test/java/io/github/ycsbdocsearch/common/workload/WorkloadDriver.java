package io.github.ycsbdocsearch.common.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import site.ycsb.WorkloadException;

/**
 * What the workload's tests do as YCSB's Client would: set properties, init the workload, run its
 * threads.
 */
final class WorkloadDriver {
  /** One thread's work. */
  interface Task {
    void run() throws Exception;
  }

  private WorkloadDriver() {}

  /** {@code p} with the key-value pairs set on top. */
  static Properties with(Properties p, String... kv) {
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** A workload initialized from {@code p}, as YCSB's Client makes it. */
  static DocSearchWorkload workload(Properties p) throws WorkloadException {
    DocSearchWorkload w = new DocSearchWorkload();
    w.init(p);
    return w;
  }

  /**
   * Starts every task on a thread of its own, waits for all, and fails with whatever any of them
   * threw.
   */
  static void together(List<Task> tasks) throws InterruptedException {
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = new ArrayList<>();
    for (Task task : tasks) {
      threads.add(
          new Thread(
              () -> {
                try {
                  task.run();
                } catch (Throwable e) {
                  failures.add(e);
                }
              }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    assertTrue(failures.isEmpty(), failures.toString());
  }
}
