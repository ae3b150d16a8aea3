package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StartedAt;
import java.nio.file.Path;
import java.util.Properties;
import site.ycsb.WorkloadException;

/**
 * {@link DocSearchWorkload} behind the several clients' ready barrier. With {@value #START_GATE}
 * set, {@link #init} does all of the workload's own preparation first (the oracle over every
 * record, the generators), then says so on stderr ({@value #READY_LINE}) and waits for the agreed
 * start in that file ({@link StartGate}) before it returns, so YCSB starts its threads, its timers
 * and its {@code maxexecutiontime} at that instant, and notes when it left ({@value #STARTED_AT}
 * beside the gate file). The runner sets the start only once every client said it is ready: a
 * client whose preparation takes longer (ten million records) delays the start, never its own share
 * of it. Without the property it is {@link DocSearchWorkload} unchanged. The runner names this
 * class in place of {@link DocSearchWorkload} (YCSB's {@code -p workload=}). Thread-safe as its
 * parent.
 */
public class StartGateWorkload extends DocSearchWorkload {
  /** The file the agreed start (epoch ms, this machine's clock) appears in; absent: no barrier. */
  public static final String START_GATE = "docsearch.start_gate";

  /** How long a ready client waits for the start before it gives up (seconds). */
  public static final String START_GATE_TIMEOUT_S = "docsearch.start_gate.timeout_s";

  /**
   * Beside the gate file: the instant (epoch ms, this machine's clock) the client left the barrier,
   * from which the runner tells how far apart the clients really started.
   */
  public static final String STARTED_AT = RunLayout.STARTED_AT;

  /** The line on stderr that tells the runner this client is ready. */
  public static final String READY_LINE = "docsearch: ready for the start";

  private static final long DEFAULT_TIMEOUT_S = 3600;

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    String gate = p.getProperty(START_GATE, "").trim();
    if (gate.isEmpty()) {
      return;
    }
    try {
      long timeoutS = Props.longValue(p, START_GATE_TIMEOUT_S, DEFAULT_TIMEOUT_S, 1);
      System.err.println(READY_LINE);
      System.err.flush();
      Path file = Path.of(gate);
      StartGate.await(file, timeoutS * 1000);
      // Best effort: without it the runner reports the clients' spread as unknown.
      StartedAt.write(file.toAbsolutePath().getParent(), System.currentTimeMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted while waiting for the clients' agreed start");
    } catch (SetupException | IllegalStateException e) {
      throw new WorkloadException(e.getMessage());
    }
  }
}
