package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.contract.StoreContractTest;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The shared store contract against the single Redis server ({@code REDIS_PORT}, default 6379). */
class RedisJsonContractIT extends StoreContractTest {

  @Override
  protected StoreKind kind() {
    return StoreKind.REDISJSON;
  }

  @Override
  protected Properties connectionProperties() {
    return RedisTestStores.single();
  }

  @Test
  void pagesAgreeWithAnOracle() {
    SearchOracleCheck.run(db, table, 300, 7);
  }
}
