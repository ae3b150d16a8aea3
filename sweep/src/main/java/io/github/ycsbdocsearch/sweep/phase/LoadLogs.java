package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.sweep.step.ClientExits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The load's own writes of a step, from every client's {@link AckedWriteLog} ({@code
 * acked-writes.tsv} in the step folder with one client, in each {@code clients/<i>/} with several).
 * A client's writes are {@link #writes} only when its log is whole (it ends in a trailer its lines
 * agree with) and the client exited 0; else they are {@link #unknown} (its log may miss writes it
 * sent, so none of them is ever classed lost or stale), and {@link #error} says why: the loss is
 * then unknown. A missing log says so too. Immutable.
 *
 * @param writes the logged inserts and updates of the clients whose logs are whole
 * @param unknown the logged writes of the clients whose logs are not whole or that did not exit 0
 * @param clients the clients whose logs were read
 * @param error why some client's writes are not all known (a missing or cut log, no trailer, an
 *     exit other than 0), or null
 * @param clockSlackMs how far two clients' clocks may be apart ({@link ClientExits#clockSlackMs})
 */
record LoadLogs(
    List<WriteCheck.Write> writes,
    List<WriteCheck.Write> unknown,
    int clients,
    String error,
    long clockSlackMs) {
  LoadLogs {
    writes = List.copyOf(writes);
    unknown = List.copyOf(unknown);
  }

  /** No load writes: the marker stream alone (the loss drill). */
  static final LoadLogs NONE = new LoadLogs(List.of(), List.of(), 0, null, 0);

  /** Reads the logs of the step in {@code stepDir}, whose clients ended as {@code exits} says. */
  static LoadLogs read(Path stepDir, ClientExits exits) {
    List<Path> dirs = RunLayout.clientOutputDirs(stepDir);
    List<WriteCheck.Write> writes = new ArrayList<>();
    List<WriteCheck.Write> unknown = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    int read = 0;
    for (int i = 0; i < dirs.size(); i++) {
      Path d = dirs.get(i);
      Path log = d.resolve(AckedWriteLog.FILE_NAME);
      if (!Files.isRegularFile(log)) {
        problems.add(
            "no log of the load's writes in "
                + (d.equals(stepDir) ? "the step folder" : stepDir.relativize(d) + "/"));
        continue;
      }
      AckedWriteLog.Reading r;
      try {
        r = AckedWriteLog.read(log);
      } catch (SetupException e) {
        problems.add(e.getMessage());
        continue;
      }
      read++;
      int client = i;
      Optional<String> why =
          Optional.ofNullable(r.problem())
              .map(p -> stepDir.relativize(log) + " is not whole: " + p)
              .or(() -> exits.problem(client));
      why.ifPresent(problems::add);
      r.entries().forEach(e -> (why.isPresent() ? unknown : writes).add(WriteCheck.of(e, client)));
    }
    return new LoadLogs(
        writes,
        unknown,
        read,
        problems.isEmpty() ? null : String.join("; ", problems),
        exits.clockSlackMs());
  }
}
