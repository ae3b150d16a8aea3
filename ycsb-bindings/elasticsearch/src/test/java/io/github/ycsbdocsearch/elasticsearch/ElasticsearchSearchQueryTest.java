package io.github.ycsbdocsearch.elasticsearch;

import static io.github.ycsbdocsearch.elasticsearch.JsonBodies.body;
import static io.github.ycsbdocsearch.elasticsearch.JsonBodies.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;

import co.elastic.clients.elasticsearch.core.SearchRequest;
import io.github.ycsbdocsearch.common.SearchQuery;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ElasticsearchSearchQueryTest {

  @Test
  void searchIsAnAndMatchSortedByTheNumberWithOnlyThePage() {
    SearchRequest r =
        ElasticsearchSearchQuery.search(
            "usertable",
            new SearchQuery("title", List.of("red", "shoe"), "rank", true, 40, 20, true));
    assertEquals(List.of("usertable"), r.index());
    assertEquals(
        tree(
            "{'query':{'match':{'title':{'operator':'and','query':'red shoe'}}},"
                + "'sort':[{'rank':{'order':'asc'}}],'from':40,'size':20,'track_total_hits':false,'_source':false}"),
        body(r));
  }

  @Test
  void searchForDocumentsFetchesTheSourceAndCanSortDescending() {
    SearchRequest r =
        ElasticsearchSearchQuery.search(
            "usertable",
            new SearchQuery("name", List.of("a", "b", "c"), "price", false, 0, 1, false));
    assertEquals(
        tree(
            "{'query':{'match':{'name':{'operator':'and','query':'a b c'}}},"
                + "'sort':[{'price':{'order':'desc'}}],'from':0,'size':1,'track_total_hits':false,'_source':true}"),
        body(r));
  }

  @Test
  void scanIsARangeOnTheKeyCopySortedByIt() {
    SearchRequest r = ElasticsearchSearchQuery.scan("usertable", "user42", 7, null);
    assertEquals(
        tree(
            "{'query':{'range':{'ycsb_key':{'gte':'user42'}}},'sort':[{'ycsb_key':{'order':'asc'}}],"
                + "'size':7,'track_total_hits':false,'_source':true}"),
        body(r));
  }

  @Test
  void scanOfSomeFieldsAsksOnlyForThem() {
    SearchRequest r = ElasticsearchSearchQuery.scan("usertable", "user42", 7, Set.of("field3"));
    assertEquals(tree("{'includes':['field3']}"), body(r).get("_source"));
  }
}
