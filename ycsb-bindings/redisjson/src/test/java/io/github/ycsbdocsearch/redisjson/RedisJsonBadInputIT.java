package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

/**
 * Setup mistakes give one line naming the store and address (or the property), from the probe and
 * from init.
 */
class RedisJsonBadInputIT {

  private static SetupException initFails(Properties props) {
    RedisJsonClient db = new RedisJsonClient();
    db.setProperties(props);
    return assertThrows(SetupException.class, db::init);
  }

  private static void assertOneLine(String message) {
    assertFalse(message.contains("\n") || message.contains("\r"), message);
  }

  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void unreachablePortNamesTheAddress() throws IOException {
    Properties p = RedisTestStores.single();
    int port = closedPort();
    p.setProperty(RedisJsonConfig.PORT_PROPERTY, String.valueOf(port));
    p.setProperty(RedisJsonConfig.TIMEOUT_PROPERTY, "2000");
    String prefix =
        "redisjson at " + RedisTestStores.host() + ":" + port + ": cannot use the server (";
    SetupException fromProbe =
        assertThrows(SetupException.class, () -> new RedisJsonProbe().check(p));
    assertTrue(fromProbe.getMessage().startsWith(prefix), fromProbe.getMessage());
    assertOneLine(fromProbe.getMessage());
    SetupException fromInit = initFails(p);
    assertTrue(fromInit.getMessage().startsWith(prefix), fromInit.getMessage());
    assertEquals(0, SharedRedisClient.openClients(), "a failed init leaves no client open");
  }

  @Test
  void wrongPasswordIsAnAuthenticationFailure() {
    Properties admin = RedisTestStores.single();
    String user = "docsearch-it-" + ProcessHandle.current().pid();
    try (UnifiedJedis jedis = RedisConnector.open(RedisJsonConfig.fromProperties(admin))) {
      jedis.executeCommand(
          new CommandArguments(Protocol.Command.ACL)
              .add("SETUSER")
              .add(user)
              .add("on")
              .add(">right-pw")
              .add("~*")
              .add("&*")
              .add("+@all"));
      try {
        Properties p = RedisTestStores.single();
        p.setProperty(RedisJsonConfig.USER_PROPERTY, user);
        p.setProperty(RedisJsonConfig.PASSWORD_PROPERTY, "wrong-pw");
        SetupException e = initFails(p);
        assertTrue(
            e.getMessage()
                .startsWith(
                    "redisjson at "
                        + RedisTestStores.host()
                        + ":"
                        + RedisTestStores.port()
                        + ": authentication failed ("),
            e.getMessage());
        assertFalse(e.getMessage().contains("wrong-pw"), "the password is never echoed");
        assertOneLine(e.getMessage());
        p.setProperty(RedisJsonConfig.PASSWORD_PROPERTY, "right-pw");
        new RedisJsonProbe().check(p);
      } finally {
        jedis.executeCommand(new CommandArguments(Protocol.Command.ACL).add("DELUSER").add(user));
      }
    }
  }

  @Test
  void malformedPortNamesTheProperty() {
    Properties p = RedisTestStores.single();
    p.setProperty(RedisJsonConfig.PORT_PROPERTY, "abc");
    assertEquals(
        "property redis.port='abc' is malformed: expected an integer >= 1",
        initFails(p).getMessage());
    assertEquals(
        "property redis.port='abc' is malformed: expected an integer >= 1",
        assertThrows(SetupException.class, () -> new RedisJsonProbe().check(p)).getMessage());
  }

  @Test
  void clusterModeAgainstASingleServerIsRefused() {
    Properties p = RedisTestStores.single();
    p.setProperty(RedisJsonConfig.CLUSTER_PROPERTY, "true");
    SetupException e = initFails(p);
    assertTrue(
        e.getMessage()
            .startsWith(
                "redisjson cluster at "
                    + RedisTestStores.host()
                    + ":"
                    + RedisTestStores.port()
                    + ": "),
        e.getMessage());
    assertOneLine(e.getMessage());
  }
}
