package io.github.ycsbdocsearch.common.data;

import io.github.ycsbdocsearch.common.SetupException;

/**
 * A dataset file that cannot be used, with one line naming the file, the line number (1-based; 0
 * when the problem is the file as a whole) and the problem. Thrown before any store is touched.
 */
public final class DatasetException extends SetupException {
  private static final long serialVersionUID = 1L;
  private final long lineNumber;

  public DatasetException(String file, long lineNumber, String problem) {
    super("dataset " + file + (lineNumber > 0 ? " line " + lineNumber : "") + ": " + problem);
    this.lineNumber = lineNumber;
  }

  /** The 1-based line of the problem, or 0 for the file as a whole. */
  public long lineNumber() {
    return lineNumber;
  }
}
