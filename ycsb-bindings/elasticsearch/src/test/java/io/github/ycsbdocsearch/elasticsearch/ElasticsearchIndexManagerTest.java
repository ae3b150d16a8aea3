package io.github.ycsbdocsearch.elasticsearch;

import static io.github.ycsbdocsearch.elasticsearch.JsonBodies.body;
import static io.github.ycsbdocsearch.elasticsearch.JsonBodies.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.SetupException;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ElasticsearchIndexManagerTest {

  @Test
  void defaultIndexHasTheDocumentedSettingsAndAnExplicitMapping() {
    Properties p = new Properties();
    p.setProperty("table", "UserTable");
    ElasticsearchConfig config = ElasticsearchConfig.fromProperties(p);
    assertEquals("usertable", ElasticsearchIndexManager.createRequest(config).index());
    JsonNode body = body(ElasticsearchIndexManager.createRequest(config));
    assertEquals(
        tree(
            "{'number_of_shards':'1','number_of_replicas':'0','refresh_interval':'1s',"
                + "'max_result_window':1000000,'translog':{'durability':'async','sync_interval':'1s'},"
                + "'write.wait_for_active_shards':'1'}"),
        body.get("settings"));
    assertEquals(
        tree(
            "{'dynamic':false,'properties':{'title':{'type':'text','analyzer':'standard'},"
                + "'rank':{'type':'long'},'ycsb_key':{'type':'keyword'}}}"),
        body.get("mappings"));
  }

  @Test
  void propertiesChangeSettingsAndFieldNames() {
    Properties p = new Properties();
    p.setProperty("es.shards", "3");
    p.setProperty("es.replicas", "1");
    p.setProperty("es.refresh_interval", "-1");
    p.setProperty("es.translog.durability", "REQUEST");
    p.setProperty("es.max_result_window", "50000");
    p.setProperty("es.wait_for_active_shards", "all");
    p.setProperty("search.textfield", "name");
    p.setProperty("search.sortfield", "price");
    JsonNode body =
        body(ElasticsearchIndexManager.createRequest(ElasticsearchConfig.fromProperties(p)));
    assertEquals(
        tree(
            "{'number_of_shards':'3','number_of_replicas':'1','refresh_interval':'-1',"
                + "'max_result_window':50000,'translog':{'durability':'request','sync_interval':'1s'},"
                + "'write.wait_for_active_shards':'all'}"),
        body.get("settings"));
    assertEquals(
        tree(
            "{'name':{'type':'text','analyzer':'standard'},'price':{'type':'long'},"
                + "'ycsb_key':{'type':'keyword'}}"),
        body.get("mappings").get("properties"));
  }

  @Test
  void aMalformedWaitForActiveShardsIsRefused() {
    Properties p = new Properties();
    p.setProperty("es.wait_for_active_shards", "0");
    SetupException e =
        assertThrows(SetupException.class, () -> ElasticsearchConfig.fromProperties(p));
    assertTrue(e.getMessage().contains("es.wait_for_active_shards"), e.getMessage());
  }
}
