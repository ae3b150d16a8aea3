package io.github.ycsbdocsearch.sweep.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.mongodb.MongoDbConfig;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The read-back asks MongoDB's primary, majority-committed, whatever the load's settings say. */
class SourceOfTruthTest {

  @Test
  void aSecondaryReadPreferenceOfTheLoadIsOverridden() {
    Properties load = new Properties();
    load.setProperty("mongodb.url", "mongodb://h1:1/ycsb?readPreference=secondary");
    load.setProperty("mongodb.readPreference", "secondaryPreferred");
    load.setProperty("mongodb.readConcern", "local");
    MongoDbConfig c =
        MongoDbConfig.fromProperties(SourceOfTruth.properties(StoreKind.MONGODB, load));
    assertEquals(ReadPreference.primary(), c.readPreference());
    assertEquals(ReadConcern.MAJORITY, c.readConcern());
    assertEquals("secondaryPreferred", load.getProperty("mongodb.readPreference"), "a copy");

    Properties urlOnly = new Properties();
    urlOnly.setProperty("mongodb.url", "mongodb://h1:1/ycsb?readPreference=secondary");
    assertEquals(
        ReadPreference.primary(),
        MongoDbConfig.fromProperties(SourceOfTruth.properties(StoreKind.MONGODB, urlOnly))
            .readPreference(),
        "the URL's read preference too");
  }
}
