package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MongoDbSetupErrorsTest {

  @Test
  void theInnermostServerErrorIsPickedOutOfTheDriversClusterDescription() {
    assertEquals(
        "ConnectException: Connection refused",
        MongoDbSetupErrors.serverError(
            "Timed out while waiting for a server that matches"
                + " ReadPreferenceServerSelector{readPreference=primary}. Client view of cluster"
                + " state is {type=UNKNOWN, servers=[{address=127.0.0.1:1, type=UNKNOWN,"
                + " state=CONNECTING, exception={com.mongodb.MongoSocketOpenException: Exception"
                + " opening socket}, caused by {java.net.ConnectException: Connection refused}}]"));
    assertEquals(
        "MongoInternalException: The reply message length 1 is greater than the maximum",
        MongoDbSetupErrors.serverError(
            "... servers=[{address=h:1, type=UNKNOWN, state=CONNECTING,"
                + " exception={com.mongodb.MongoInternalException: The reply message length 1 is"
                + " greater than the maximum}}]"));
  }

  @Test
  void aClusterWithNoServerErrorHintsAtTheReplicaSetName() {
    assertEquals(
        "no server answered; for a replica set check the replicaSet name in the URL",
        MongoDbSetupErrors.serverError(
            "Client view of cluster state is {type=REPLICA_SET, servers=[{address="
                + "127.0.0.1:37017, type=UNKNOWN, state=CONNECTING}]"));
    assertEquals(
        "no server answered; for a replica set check the replicaSet name in the URL",
        MongoDbSetupErrors.serverError(null));
  }
}
