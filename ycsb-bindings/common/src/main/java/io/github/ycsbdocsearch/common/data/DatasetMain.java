package io.github.ycsbdocsearch.common.data;

import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import java.util.Locale;
import java.util.Properties;

/**
 * {@code scripts/dataset.sh check FILE [-p key=value ...]}: checks a dataset file as the workload
 * reads it (fields and text mode from the properties) and prints one summary line; on a problem,
 * one line naming the line number and the problem, exit 2.
 */
public final class DatasetMain {
  private DatasetMain() {}

  public static void main(String[] args) {
    try {
      if (args.length < 1) {
        throw new SetupException("usage: dataset.sh check FILE [-p key=value ...]");
      }
      Properties p = new Properties();
      p.setProperty(Dataset.FILE_PROPERTY, args[0]);
      for (int i = 1; i < args.length; i++) {
        if (!"-p".equals(args[i]) || i + 1 >= args.length || args[i + 1].indexOf('=') < 1) {
          throw new SetupException("expected -p key=value, got '" + args[i] + "'");
        }
        String kv = args[++i];
        p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
      }
      long started = System.nanoTime();
      Dataset.check(p);
      Dataset d =
          Dataset.open(
              Dataset.specOf(p, SearchSchema.fromProperties(p)), KeyNames.fromProperties(p));
      System.out.printf(
          Locale.ROOT,
          "dataset %s: %d documents, %d distinct canonical tokens, text mode %s, "
              + "checked in %.1f s%n",
          args[0],
          d.size(),
          d.wordCount(),
          d.spec().mode().label(),
          (System.nanoTime() - started) / 1e9);
    } catch (SetupException e) {
      System.err.println(e.getMessage());
      System.exit(2);
    }
  }
}
