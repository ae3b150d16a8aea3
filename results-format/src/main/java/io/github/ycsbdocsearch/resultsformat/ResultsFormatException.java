package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;

/**
 * A file of a results folder is missing or does not follow docs/results-format.md. The message is
 * one line naming the file and what is wrong.
 */
public class ResultsFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  public ResultsFormatException(String message) {
    super(message);
  }

  public ResultsFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
