package io.github.ycsbdocsearch.common;

import java.util.List;
import site.ycsb.Status;

/**
 * The one operation this suite adds to YCSB's {@link site.ycsb.DB}: fetch one page of a full-text
 * search.
 *
 * <p>Implementations translate the query only; they do not time it (the workload does, exactly
 * once) and do not parse more of the response than the page needs. One instance per client thread,
 * like {@code DB}.
 */
public interface SearchableDB {

  /**
   * Fetches one page into {@code page} (cleared by the caller), in order; {@link Status#OK} also
   * for an empty page.
   */
  Status search(String table, SearchQuery query, List<SearchHit> page);

  /**
   * For the raw-text divergence table only (never on a measured path): how the engine reads the
   * query, e.g. RediSearch's {@code FT.EXPLAIN}. Null when the engine has no such view.
   */
  default String explainQuery(String table, SearchQuery query) {
    return null;
  }

  /**
   * For the raw-text divergence table only: the tokens the engine's analyzer makes of a text of the
   * search field, e.g. Elasticsearch's {@code _analyze}. Null when the engine has no analyzer API
   * (RediSearch, MongoDB).
   */
  default List<String> analyze(String table, String text) {
    return null;
  }
}
