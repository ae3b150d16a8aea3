package io.github.ycsbdocsearch.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * One in-process run of a {@code bin/docsearch} command through {@link Docsearch#commandLine}, with
 * the suite's handling of a malformed argument: its exit code and what it wrote on stdout and
 * stderr.
 */
record DocsearchRun(int code, String out, String err) {

  static DocsearchRun run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Docsearch.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new DocsearchRun(code, out.toString(), err.toString());
  }
}
