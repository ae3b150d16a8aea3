package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The load's own writes of a step, from every client's {@link AckedWriteLog} ({@code
 * acked-writes.tsv} in the step folder with one client, in each {@code clients/<i>/} with several).
 * A client whose log is missing or unreadable makes {@link #error} say so: its writes cannot be
 * checked, so the loss is unknown. Immutable.
 *
 * @param writes every logged insert and update, all clients together
 * @param clients the clients whose logs were read
 * @param error why some client's log could not be read, or null
 */
record LoadLogs(List<WriteCheck.Write> writes, int clients, String error) {
  LoadLogs {
    writes = List.copyOf(writes);
  }

  /** Reads the logs of the step in {@code stepDir}. */
  static LoadLogs read(Path stepDir) {
    List<Path> dirs = RunLayout.clientOutputDirs(stepDir);
    List<WriteCheck.Write> writes = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    int read = 0;
    for (Path d : dirs) {
      Path log = d.resolve(AckedWriteLog.FILE_NAME);
      if (!Files.isRegularFile(log)) {
        problems.add(
            "no log of the load's writes in "
                + (d.equals(stepDir) ? "the step folder" : stepDir.relativize(d) + "/"));
        continue;
      }
      try {
        AckedWriteLog.read(log).forEach(e -> writes.add(WriteCheck.of(e)));
        read++;
      } catch (SetupException e) {
        problems.add(e.getMessage());
      }
    }
    return new LoadLogs(writes, read, problems.isEmpty() ? null : String.join("; ", problems));
  }
}
