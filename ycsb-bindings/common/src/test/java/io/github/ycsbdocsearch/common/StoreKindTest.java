package io.github.ycsbdocsearch.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StoreKindTest {
  @Test
  void namesAndClassesOfEveryStore() {
    assertEquals("redisjson", StoreKind.REDISJSON.storeName());
    assertEquals(
        "io.github.ycsbdocsearch.redisjson.RedisJsonClient", StoreKind.REDISJSON.dbClass());
    assertEquals("io.github.ycsbdocsearch.mongodb.MongoDbClient", StoreKind.MONGODB.dbClass());
    assertEquals(
        "io.github.ycsbdocsearch.elasticsearch.ElasticsearchClient",
        StoreKind.ELASTICSEARCH.dbClass());
    assertEquals(StoreKind.MONGODB, StoreKind.byName(" MongoDB "));
    assertEquals("redisjson, mongodb, elasticsearch", StoreKind.names());
  }

  @Test
  void aProbeNotOnTheClasspathNamesItsClass() {
    // The common module alone has no binding on its classpath.
    SetupException e = assertThrows(SetupException.class, StoreKind.REDISJSON::newProbe);
    assertTrue(
        e.getMessage().contains("(io.github.ycsbdocsearch.redisjson.RedisJsonProbe)"),
        e.getMessage());
  }
}
