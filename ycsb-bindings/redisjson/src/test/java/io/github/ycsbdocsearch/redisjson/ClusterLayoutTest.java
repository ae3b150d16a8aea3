package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.util.JedisClusterCRC16;

class ClusterLayoutTest {
  private static final String NODES =
      String.join(
          "\n",
          "531d 127.0.0.1:7003@17003 master - 0 1795290566076 3 connected 10923-16383",
          "94c8 127.0.0.1:7002@17002,host2 master - 0 1795290564061 2 connected 5461-10922"
              + " [5461->-e291]",
          "e291 127.0.0.1:7001@17001 myself,master - 0 0 1 connected 0-5460",
          "aaaa 127.0.0.1:7004@17004 slave e291 0 1795290564061 1 connected",
          "bbbb 127.0.0.1:7005@17005 master,fail - 0 0 4 disconnected",
          "cccc 127.0.0.1:7006@17006 master - 0 0 5 connected",
          "");

  @Test
  void findsTheMastersThatServeSlotsAndCountsReplicas() {
    ClusterLayout layout = ClusterLayout.parse(NODES);
    assertEquals(
        List.of(
            new HostAndPort("127.0.0.1", 7003),
            new HostAndPort("127.0.0.1", 7002),
            new HostAndPort("127.0.0.1", 7001)),
        layout.masters().stream().map(ClusterLayout.Master::address).toList());
    assertEquals(1, layout.replicas());
    assertEquals(
        List.of(new ClusterLayout.SlotRange(5461, 10922)), layout.masters().get(1).slots());
  }

  @Test
  void theServersAreEveryMasterAndReplicaThatAnswersButNotTheFailedOne() {
    assertEquals(
        List.of(
            new HostAndPort("127.0.0.1", 7003),
            new HostAndPort("127.0.0.1", 7002),
            new HostAndPort("127.0.0.1", 7001),
            new HostAndPort("127.0.0.1", 7004),
            new HostAndPort("127.0.0.1", 7006)),
        ClusterLayout.servers(NODES));
  }

  @Test
  void eachMastersIndexNameHashesIntoItsOwnSlots() {
    ClusterLayout layout = ClusterLayout.parse(NODES);
    List<String> names = layout.indexNames("usertable");
    assertEquals(3, names.size());
    for (int i = 0; i < names.size(); i++) {
      int slot = JedisClusterCRC16.getSlot(names.get(i));
      ClusterLayout.Master m = layout.masters().get(i);
      assertTrue(
          m.slots().stream().anyMatch(r -> r.contains(slot)), names.get(i) + " slot " + slot);
      assertTrue(names.get(i).startsWith("usertable-idx{"), names.get(i));
    }
  }

  @Test
  void aMasterWithOneSlotStillGetsATag() {
    String tag = ClusterLayout.tagFor(List.of(new ClusterLayout.SlotRange(12345, 12345)));
    assertEquals(12345, JedisClusterCRC16.getSlot(tag));
  }
}
