package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObjectiveTest {
  private static final ObjectWriter ONE_LINE =
      Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

  @Test
  void objectivesParseWithUnitsAndBadOnesAreOneLine() {
    assertEquals(10_000, Objective.parse("p99<=10ms").boundUs());
    assertEquals(500, Objective.parse("p50 <= 500us").boundUs());
    assertEquals(2_000_000, Objective.parse("p99.9<=2s").boundUs());
    assertEquals("p50<=500us", Objective.parse("P50 <= 500us").text());
    assertEquals(Percentile.P999, Objective.parse("p99.9<=2s").percentile());
    String msg =
        assertThrows(IllegalArgumentException.class, () -> Objective.parse("p98<=1ms"))
            .getMessage();
    assertTrue(msg.startsWith("expected e.g. p99<=10ms") && !msg.contains("\n"), msg);
  }

  @Test
  void stepJsonKeepsTheObjectivesFragmentsAndReadsThemBackAsOne() throws JsonProcessingException {
    // The percentile is 99.9 / 100 in doubles, as the runner has always written it.
    String json =
        "{\"arrivals\":\"poisson\",\"seed\":1,\"lag_threshold_us\":1000,\"slo\":\"p99.9<=50ms\","
            + "\"slo_percentile\":0.9990000000000001,\"slo_bound_us\":50000,\"ramp_s\":0.0}";
    OpenLoop read = Json.MAPPER.readValue(json, OpenLoop.class);
    assertEquals(Objective.parse("p99.9<=50ms"), read.slo());
    assertEquals(json, ONE_LINE.writeValueAsString(read));
  }

  @Test
  void summaryJsonKeepsTheVerdictsPercentileAndBound() throws JsonProcessingException {
    ObjectiveVerdict v =
        ObjectiveJudge.judge(
            Objective.parse("p99<=10ms"),
            Map.of("READ", new ObjectiveJudge.Counts(10, 0, 0, 1, -1, 1, null)),
            0);
    String json = ONE_LINE.writeValueAsString(v);
    assertTrue(
        json.startsWith("{\"slo\":\"p99<=10ms\",\"percentile\":0.99,\"bound_us\":10000,"), json);
    assertEquals(v, Json.MAPPER.readValue(json, ObjectiveVerdict.class));
    assertEquals(List.of("READ"), v.operations().stream().map(o -> o.op()).toList());
  }
}
