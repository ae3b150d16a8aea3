package io.github.ycsbdocsearch.common.verify;

import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchableDB;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The per-case table of {@code verify-search.sh --cases FIELD}: every dataset line that has a probe
 * in {@code FIELD} (canonical words, space-separated) is one case; each store is asked for every
 * record matching the probe, and the table shows what the canonical oracle and each engine matched,
 * with the engine's own view where it has one (Elasticsearch's tokens of the case's text,
 * RediSearch's parse of the probe). Meant for small files of tricky texts in raw mode. Not
 * thread-safe; one table per run.
 */
final class CaseTable {
  private static final int MAX_HITS = 1000;

  /** One case: the line's key, its text and the probe words. */
  record Case(String key, String text, List<String> probe) {}

  private final List<Case> cases = new ArrayList<>();
  private final Map<String, List<String>> oracleMatches = new LinkedHashMap<>();

  /** store -> case key -> what the store matched, with its view of the case. */
  private final Map<String, Map<String, String>> byStore = new LinkedHashMap<>();

  CaseTable(SearchWorkloadConfig config, String probeField) {
    Dataset dataset = Dataset.open(config.dataset(), config.keyNames());
    SearchOracle oracle = SearchOracle.build(dataset);
    for (int r = 0; r < dataset.size(); r++) {
      Map<String, String> raw = dataset.document(r, 0);
      String probe = raw.get(probeField);
      if (probe == null || probe.isBlank()) {
        continue;
      }
      Case c =
          new Case(
              dataset.key(r),
              raw.get(config.schema().textField()),
              List.of(probe.trim().split(" +")));
      cases.add(c);
      oracleMatches.put(c.key(), oracle.answer(query(config, c)));
    }
  }

  private static SearchQuery query(SearchWorkloadConfig config, Case c) {
    return new SearchQuery(
        config.schema().textField(),
        c.probe(),
        config.schema().sortField(),
        true,
        0,
        MAX_HITS,
        true);
  }

  /** Asks one store every case (the store holds the dataset). */
  void ask(StoreKind kind, Properties props, SearchWorkloadConfig config) {
    DB db = SearchVerification.open(kind, props);
    try {
      SearchableDB store = SearchBindings.current();
      Map<String, String> rows = new LinkedHashMap<>();
      for (Case c : cases) {
        List<SearchHit> page = new ArrayList<>();
        Status s = store.search(config.table(), query(config, c), page);
        StringBuilder row = new StringBuilder();
        if (!s.isOk()) {
          row.append("status ").append(s.getName());
        } else {
          List<String> keys = page.stream().map(SearchHit::key).toList();
          row.append(keys.equals(oracleMatches.get(c.key())) ? "same  " : "DIFFERS ").append(keys);
        }
        String explained = quietly(() -> store.explainQuery(config.table(), query(config, c)));
        if (explained != null) {
          row.append("  query: ").append(explained);
        }
        List<String> tokens = quietly(() -> store.analyze(config.table(), c.text()));
        if (tokens != null) {
          row.append("  text tokens: ").append(tokens);
        }
        rows.put(c.key(), row.toString());
      }
      byStore.put(kind.storeName(), rows);
    } finally {
      SearchVerification.close(db);
    }
  }

  void print(PrintStream out) {
    int differing = 0;
    for (Case c : cases) {
      out.println(
          "case %s: text %s, probe %s"
              .formatted(c.key(), SearchVerification.quote(c.text()), c.probe()));
      out.printf("  %-14s %s%n", "oracle", oracleMatches.get(c.key()));
      for (Map.Entry<String, Map<String, String>> e : byStore.entrySet()) {
        String row = e.getValue().get(c.key());
        differing += row.startsWith("same") ? 0 : 1;
        out.printf("  %-14s %s%n", e.getKey(), row);
      }
    }
    out.printf(
        "cases: %d, store answers differing from the canonical oracle: %d of %d%n",
        cases.size(), differing, cases.size() * byStore.size());
  }

  private static <T> T quietly(Supplier<T> s) {
    try {
      return s.get();
    } catch (RuntimeException e) {
      return null;
    }
  }
}
