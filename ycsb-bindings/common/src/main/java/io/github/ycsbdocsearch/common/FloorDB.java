package io.github.ycsbdocsearch.common;

import java.util.List;
import site.ycsb.BasicDB;
import site.ycsb.Status;

/**
 * YCSB's no-op {@code BasicDB} that also answers SEARCH (an empty page, at once): the harness floor
 * of a search workload. The runner's floor steps run the store's very workload through it, so the
 * floor includes everything the client does per operation (choosing keys and questions, YCSB's
 * measurement) and nothing of a store. One instance per client thread, as YCSB requires.
 */
public class FloorDB extends BasicDB implements SearchableDB {

  @Override
  public void init() {
    super.init();
    SearchBindings.register(this);
  }

  @Override
  public void cleanup() {
    SearchBindings.unregister();
    super.cleanup();
  }

  @Override
  public Status search(String table, SearchQuery query, List<SearchHit> page) {
    return Status.OK;
  }
}
