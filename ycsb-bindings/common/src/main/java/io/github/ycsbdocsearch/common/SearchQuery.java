package io.github.ycsbdocsearch.common;

import io.github.ycsbdocsearch.common.text.CanonicalText;
import java.util.List;
import java.util.Objects;

/**
 * One SEARCH operation: one page of the records whose {@code textField} contains every word of
 * {@code words} (AND; lowercase, no stemming, no stop words, no fuzziness), ordered by the numeric
 * {@code sortField}.
 *
 * <p>Every binding must answer the same query with the same ordered keys. Ties in the sort field
 * are impossible by construction (see {@link
 * io.github.ycsbdocsearch.common.data.DocumentGenerator}), so the order is total. An offset at or
 * past the last hit is legal and returns an empty page with status OK.
 *
 * @param words the query words, each one {@link CanonicalText canonical token}; at least one
 * @param sortField the numeric field to sort by, stored as a number in every store
 * @param offset hits to skip (page number x page size)
 * @param keysOnly when true the page carries only the record keys (no document fields)
 */
public record SearchQuery(
    String textField,
    List<String> words,
    String sortField,
    boolean ascending,
    int offset,
    int pageSize,
    boolean keysOnly) {

  public SearchQuery {
    Objects.requireNonNull(textField, "textField");
    Objects.requireNonNull(sortField, "sortField");
    words = List.copyOf(words);
    if (words.isEmpty()) {
      throw new IllegalArgumentException("a search needs at least one word");
    }
    for (String w : words) {
      if (!CanonicalText.isToken(w)) {
        throw new IllegalArgumentException(
            "query word must be one canonical token (see CanonicalText): '" + w + "'");
      }
    }
    if (offset < 0) {
      throw new IllegalArgumentException("offset must be >= 0, got " + offset);
    }
    if (pageSize < 1) {
      throw new IllegalArgumentException("page size must be >= 1, got " + pageSize);
    }
  }
}
