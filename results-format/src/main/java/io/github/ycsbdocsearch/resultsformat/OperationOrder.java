package io.github.ycsbdocsearch.resultsformat;

import java.util.List;

/**
 * A stable, readable order of YCSB operation names: YCSB's CRUD operations first, then this
 * project's SEARCH and FRESHNESS, then any other name alphabetically. Stateless, thread-safe.
 */
public final class OperationOrder {

  private static final List<String> KNOWN =
      List.of(
          "READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE", "DELETE", "SEARCH", "FRESHNESS");

  private OperationOrder() {}

  public static int compare(String a, String b) {
    int ia = rank(a);
    int ib = rank(b);
    return ia != ib ? Integer.compare(ia, ib) : a.compareTo(b);
  }

  private static int rank(String op) {
    int i = KNOWN.indexOf(op);
    return i < 0 ? KNOWN.size() : i;
  }
}
