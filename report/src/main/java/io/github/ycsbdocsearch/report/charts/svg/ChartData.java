package io.github.ycsbdocsearch.report.charts.svg;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.ChartCsv;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What an {@link SvgChart} drew, taken when it was rendered: its points as CSV ({@link ChartCsv})
 * and a Vega-Lite v5 specification that draws the same chart from that CSV: the same plot size,
 * axis ranges, scales, ticks and tick labels, series colours, line styles and markers, and the
 * chart's bands, vertical marks, annotations and legend (those few as values inside the
 * specification). The one export of every chart, so no chart writes its own. Immutable.
 */
public record ChartData(
    String title,
    String subtitle,
    int width,
    int height,
    ChartData.AxisView x,
    ChartData.AxisView y,
    List<Series> series,
    List<Band> bands,
    List<VerticalMark> marks,
    List<Annotation> annotations,
    List<LegendEntry> legend) {

  /** The Vega-Lite version the specifications are written for. */
  public static final String SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json";

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Vega-Lite's area of a marker of the default size: the SVG's circle radius 4, squared, × π. */
  private static final double MARKER_AREA = Math.PI * 16;

  /** One axis as drawn: title, scale, shown range and ticks. */
  record AxisView(String title, Scale scale, double lo, double hi, List<Tick> ticks) {

    /** Where {@code v} lies, from 0 (start of the range) to 1 (end). */
    double position(double v) {
      double a = scale.transform(lo);
      return (scale.transform(v) - a) / (scale.transform(hi) - a);
    }
  }

  public ChartData {
    series = List.copyOf(series);
    bands = List.copyOf(bands);
    marks = List.copyOf(marks);
    annotations = List.copyOf(annotations);
    legend = List.copyOf(legend);
  }

  /** The plotted points, one row each, series by series in drawing order. */
  public String csv() {
    List<List<String>> rows = new ArrayList<>();
    for (int s = 0; s < series.size(); s++) {
      Series line = series.get(s);
      for (int i = 0; i < line.points().size(); i++) {
        Series.Point p = line.points().get(i);
        rows.add(
            List.of(
                Integer.toString(s),
                line.label() == null ? "" : line.label(),
                line.colour(),
                name(line.line()),
                name(line.marker()),
                Integer.toString(i),
                number(p.x()),
                number(p.y()),
                number(p.size())));
      }
    }
    return ChartCsv.format(rows);
  }

  /**
   * The Vega-Lite specification, reading the CSV at {@code csvUrl}, relative to it (its file name
   * beside it) so that the folder can be moved.
   */
  public String vegaLite(String csvUrl) {
    ObjectNode spec = NODES.objectNode();
    spec.put("$schema", SCHEMA);
    ObjectNode head = spec.putObject("title").put("text", title).put("anchor", "start");
    if (!subtitle.isEmpty()) {
      head.put("subtitle", subtitle);
    }
    spec.put("width", width).put("height", height);
    ObjectNode data = spec.putObject("data").put("url", csvUrl);
    ObjectNode parse = data.putObject("format").put("type", "csv").putObject("parse");
    for (String numeric : List.of("series", "point", "x", "y", "size")) {
      parse.put(numeric, "number");
    }
    ArrayNode transforms = spec.putArray("transform");
    transforms
        .addObject()
        .put("calculate", MARKER_AREA + " * datum.size * datum.size")
        .put("as", "area");
    drawnFields(transforms);
    ArrayNode layers = spec.putArray("layer");
    bands.forEach(b -> layers.add(bandLayer(b)));
    layers.add(lineLayer());
    layers.add(pointLayer(false));
    layers.add(pointLayer(true));
    for (int i = 0; i < marks.size(); i++) {
      layers.add(markLayer(marks.get(i), i));
    }
    annotations.forEach(a -> layers.add(annotationLayer(a)));
    if (!legend.isEmpty()) {
      layers.add(legendLayer());
    }
    spec.putObject("config").putObject("view").put("fill", "#fafafa").put("stroke", "#bbb");
    try {
      return Json.MAPPER.writeValueAsString(spec) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a chart specification must serialize", e);
    }
  }

  /** The series' lines, in the order of their points (not sorted by x). */
  private ObjectNode lineLayer() {
    ObjectNode layer = layer("series_lines", "datum.line !== 'none'");
    layer.putObject("mark").put("type", "line").put("clip", true).put("strokeJoin", "round");
    ObjectNode enc = encodeXy(layer);
    enc.putObject("detail").put("field", "series").put("type", "nominal");
    enc.putObject("order").put("field", "point").put("type", "quantitative");
    enc.set("color", rawColour());
    ObjectNode dash = enc.putObject("strokeDash").put("field", "line").put("type", "nominal");
    dash.putNull("legend");
    ObjectNode dashScale = dash.putObject("scale");
    ObjectNode widths = enc.putObject("strokeWidth").put("field", "line").put("type", "ordinal");
    widths.putNull("legend");
    ObjectNode widthScale = widths.putObject("scale");
    ArrayNode domain = dashScale.putArray("domain");
    ArrayNode range = dashScale.putArray("range");
    widthScale.set("domain", domain);
    ArrayNode widthRange = widthScale.putArray("range");
    for (LineStyle style : List.of(LineStyle.SOLID, LineStyle.DASHED, LineStyle.DOTTED)) {
      domain.add(name(style));
      ArrayNode pattern = range.addArray();
      for (String part : (style.dashArray.isEmpty() ? "1 0" : style.dashArray).split(" ")) {
        pattern.add(Integer.parseInt(part)); // a solid line as a dash with no gap
      }
      widthRange.add(style.width);
    }
    return layer;
  }

  /** The markers: filled shapes, or the hollow ones (ring, open circle). */
  private ObjectNode pointLayer(boolean hollow) {
    ObjectNode layer =
        layer(
            hollow ? "series_hollow_markers" : "series_markers",
            hollow
                ? "datum.marker === 'ring' || datum.marker === 'open_circle'"
                : "datum.marker !== 'none' && datum.marker !== 'ring'"
                    + " && datum.marker !== 'open_circle'");
    layer
        .putObject("mark")
        .put("type", "point")
        .put("clip", true)
        .put("filled", !hollow)
        .put("opacity", 1)
        .put("strokeWidth", hollow ? 1.6 : 1);
    ObjectNode enc = encodeXy(layer);
    enc.set("color", rawColour());
    ObjectNode shape = enc.putObject("shape").put("field", "marker").put("type", "nominal");
    shape.putNull("legend");
    ObjectNode shapes = shape.putObject("scale");
    ArrayNode domain = shapes.putArray("domain");
    ArrayNode range = shapes.putArray("range");
    for (Marker marker : Marker.values()) {
      if (marker != Marker.NONE) {
        domain.add(name(marker));
        range.add(
            switch (marker) {
              case SQUARE, DIAMOND -> name(marker);
              case TRIANGLE -> "triangle-up";
              default -> "circle"; // a ring and an open circle are hollow circles
            });
      }
    }
    ObjectNode size = enc.putObject("size").put("field", "area").put("type", "quantitative");
    size.putNull("scale");
    return layer;
  }

  private ObjectNode bandLayer(Band b) {
    ObjectNode layer = NODES.objectNode();
    datum(layer).put("from", b.fromX()).put("to", b.toX()).put("label", b.label());
    layer
        .putObject("mark")
        .put("type", "rect")
        .put("color", Band.FILL)
        .put("opacity", 0.6)
        .put("clip", true);
    ObjectNode enc = layer.putObject("encoding");
    enc.set("x", position("from", x));
    enc.putObject("x2").put("field", "to");
    return layer;
  }

  private ObjectNode markLayer(VerticalMark m, int index) {
    ObjectNode layer = NODES.objectNode();
    datum(layer).put("at", m.x()).put("label", m.label());
    ObjectNode rule = NODES.objectNode();
    rule.putObject("mark")
        .put("type", "rule")
        .put("color", m.colour())
        .put("strokeWidth", 1.5)
        .putArray("strokeDash")
        .add(4)
        .add(3);
    rule.putObject("encoding").set("x", position("at", x));
    ObjectNode text = NODES.objectNode();
    boolean leftSide = x.position(m.x()) * width > width - 90;
    text.putObject("mark")
        .put("type", "text")
        .put("color", m.colour())
        .put("align", leftSide ? "right" : "left")
        .put("dx", leftSide ? -4 : 4)
        .put("y", 30 + 13 * (index % 3)) // staggered, as the SVG's, over 3 rows
        .put("fontSize", 10.5);
    ObjectNode enc = text.putObject("encoding");
    enc.set("x", position("at", x));
    enc.putObject("text").put("field", "label");
    layer.putArray("layer").add(rule).add(text);
    return layer;
  }

  private ObjectNode annotationLayer(Annotation a) {
    ObjectNode layer = NODES.objectNode();
    datum(layer).put("x", a.x()).put("y", a.y()).put("text", a.text());
    ObjectNode ring = NODES.objectNode();
    ring.putObject("mark")
        .put("type", "point")
        .put("shape", "circle")
        .put("size", Math.PI * 100)
        .put("color", a.colour())
        .put("strokeWidth", 2.5)
        .put("filled", false);
    ObjectNode text = NODES.objectNode();
    boolean leftSide = x.position(a.x()) * width > width - 140;
    boolean nearTop = (1 - y.position(a.y())) * height < 30;
    text.putObject("mark")
        .put("type", "text")
        .put("color", a.colour())
        .put("align", leftSide ? "right" : "left")
        .put("dx", leftSide ? -14 : 14)
        .put("dy", nearTop ? 24 : -12)
        .put("fontWeight", 600);
    text.putObject("encoding").putObject("text").put("field", "text");
    layer.putArray("layer").add(ring).add(text);
    encodeXy(layer);
    drawnFields(layer.putArray("transform"));
    return layer;
  }

  /**
   * The legend: the SVG's entries as a colour scale's domain and range, drawn by an invisible layer
   * (its line styles and markers are shown by the chart itself).
   */
  private ObjectNode legendLayer() {
    ObjectNode layer = NODES.objectNode();
    ArrayNode values = layer.putObject("data").putArray("values");
    ObjectNode enc = layer.putObject("encoding");
    ObjectNode fill = enc.putObject("fill").put("field", "label").put("type", "nominal");
    ObjectNode shown = fill.putObject("legend").put("labelLimit", 0);
    shown.putNull("title");
    ObjectNode scale = fill.putObject("scale");
    ArrayNode domain = scale.putArray("domain");
    ArrayNode range = scale.putArray("range");
    Set<String> seen = new HashSet<>();
    for (LegendEntry e : legend) {
      if (e.label().isBlank() || !seen.add(e.label())) {
        continue; // a spacer line, or a label a scale's domain cannot hold twice
      }
      values.addObject().put("label", e.label());
      domain.add(e.label());
      range.add(e.colour() == null ? "transparent" : e.colour());
    }
    layer.putObject("mark").put("type", "point").put("opacity", 0);
    return layer;
  }

  /** A layer's one row of data, given as a value in the specification. */
  private static ObjectNode datum(ObjectNode layer) {
    return layer.putObject("data").putArray("values").addObject();
  }

  /** The x and y as drawn, where an axis does not plot its column as it is. */
  private void drawnFields(ArrayNode transforms) {
    for (var axis : List.of(Map.entry("x", x), Map.entry("y", y))) {
      if (axis.getValue().scale() != Scale.LINEAR) {
        transforms
            .addObject()
            .put("calculate", drawnExpression("datum." + axis.getKey(), axis.getValue().scale()))
            .put("as", field(axis.getKey(), axis.getValue()));
      }
    }
  }

  /**
   * A layer of the series' rows that pass the filter, named so that its marks can be found in what
   * Vega renders ({@code <name>_marks}).
   */
  private ObjectNode layer(String name, String filter) {
    ObjectNode layer = NODES.objectNode().put("name", name);
    layer.putArray("transform").addObject().put("filter", filter);
    return layer;
  }

  private ObjectNode encodeXy(ObjectNode layer) {
    ObjectNode enc = layer.putObject("encoding");
    enc.set("x", position(field("x", x), x));
    enc.set("y", position(field("y", y), y));
    return enc;
  }

  /**
   * The field an axis plots: the CSV's column if linear, else as drawn ({@link #drawnExpression}).
   */
  static String field(String column, AxisView axis) {
    return axis.scale() == Scale.LINEAR ? column : column + "_drawn";
  }

  /**
   * How the specification computes a value as the SVG draws it: on a log axis, values below its
   * floor at the floor (a latency of 0 µs); on a {@link Scale#NINES} axis, a percentile's nines.
   */
  static String drawnExpression(String value, Scale scale) {
    return switch (scale) {
      case LOG10, LOG10_FRACTION, LOG2 -> "max(" + value + ", " + scale.logFloor() + ")";
      case NINES -> "-log(1 - min(max(" + value + ", 0), 99.9999) / 100) / LN10";
      default -> value;
    };
  }

  /**
   * A position channel on the axis' scale, with the SVG's axis: every layer states the same one, so
   * that Vega-Lite's merged axis is it.
   */
  private static ObjectNode position(String field, AxisView axis) {
    ObjectNode enc = NODES.objectNode().put("field", field).put("type", "quantitative");
    enc.set("scale", scale(axis));
    ObjectNode a = enc.putObject("axis").put("title", axis.title()).put("grid", true);
    ArrayNode values = a.putArray("values");
    StringBuilder labels = new StringBuilder();
    for (Tick t : axis.ticks()) {
      if (t.value() < Math.min(axis.lo(), axis.hi())
          || t.value() > Math.max(axis.lo(), axis.hi())) {
        continue;
      }
      double at = drawn(axis.scale(), t.value());
      values.add(at);
      labels
          .append("datum.value === ")
          .append(at)
          .append(" ? '")
          .append(t.label().replace("\\", "\\\\").replace("'", "\\'"))
          .append("' : ");
    }
    a.put("labelExpr", labels + "''");
    return enc;
  }

  private static ObjectNode scale(AxisView axis) {
    ObjectNode s = NODES.objectNode();
    switch (axis.scale()) {
      case LOG10, LOG10_FRACTION -> s.put("type", "log");
      case LOG2 -> s.put("type", "log").put("base", 2);
      default -> s.put("type", "linear");
    }
    s.putArray("domain").add(drawn(axis.scale(), axis.lo())).add(drawn(axis.scale(), axis.hi()));
    s.put("nice", false);
    return axis.scale() == Scale.LINEAR || axis.scale() == Scale.NINES ? s.put("zero", false) : s;
  }

  /** A value (tick, range end) in the specification's scale, as {@link #drawnExpression} has it. */
  private static double drawn(Scale scale, double v) {
    return switch (scale) {
      case NINES -> scale.transform(v);
      case LINEAR -> v;
      default -> Math.max(v, scale.logFloor());
    };
  }

  /** The colour column as CSS colours, not a scale (the legend is drawn separately). */
  private static ObjectNode rawColour() {
    ObjectNode c = NODES.objectNode().put("field", "colour").put("type", "nominal");
    c.putNull("scale");
    return c;
  }

  private static String name(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }

  /** A number exactly as Java holds it, without an exponent; non-finite values are empty. */
  private static String number(double v) {
    if (!Double.isFinite(v)) {
      return "";
    }
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }
}
