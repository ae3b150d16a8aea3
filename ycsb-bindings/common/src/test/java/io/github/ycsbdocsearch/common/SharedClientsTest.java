package io.github.ycsbdocsearch.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedClientsTest {
  @Test
  void equalConfigsShareOneClientThatTheLastReleaseCloses() {
    List<StringBuilder> closed = new ArrayList<>();
    SharedClients<String, StringBuilder> shared =
        new SharedClients<>(StringBuilder::new, closed::add);
    StringBuilder a = shared.acquire("a");
    assertSame(a, shared.acquire("a"), "a second user of one config shares its client");
    assertNotSame(a, shared.acquire("b"));
    assertEquals(2, shared.openClients());
    shared.release("a");
    assertEquals(List.of(), closed, "one user of a is left");
    shared.release("a");
    assertEquals(List.of(a), closed, "the last user closed it");
    shared.release("a");
    assertEquals(1, closed.size(), "a release without a user does nothing");
    assertEquals(1, shared.openClients());
  }

  @Test
  void aClientThatFailsToOpenLeavesNothingOpen() {
    SharedClients<String, Object> shared =
        new SharedClients<>(
            k -> {
              throw new SetupException("down");
            },
            c -> {});
    assertThrows(SetupException.class, () -> shared.acquire("a"));
    assertEquals(0, shared.openClients());
  }
}
