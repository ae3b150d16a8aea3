package io.github.ycsbdocsearch.report.charts.svg;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

/** The shape drawn at each point of a series. Immutable, thread-safe. */
public enum Marker {
  NONE,
  CIRCLE,
  SQUARE,
  TRIANGLE,
  DIAMOND,
  /** An open ring, as drawn around an {@link Annotation}. */
  RING,
  /** A hollow circle the size of {@link #CIRCLE}: a point shown but left out of what is drawn. */
  OPEN_CIRCLE;

  private static final double SIZE = 4.0;

  /**
   * SVG for this marker centred on (x, y), {@code scale} times its default size (circles only; the
   * other shapes keep theirs), or "" for {@link #NONE}.
   */
  String svg(double x, double y, String colour, double scale) {
    String fill = " fill=\"" + colour + "\" stroke=\"#fff\" stroke-width=\"1\"/>";
    return switch (this) {
      case CIRCLE -> fmt("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"", x, y, SIZE * scale) + fill;
      case OPEN_CIRCLE ->
          fmt(
              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#fff\" fill-opacity=\"0.7\""
                  + " stroke=\"%s\" stroke-width=\"1.6\"/>",
              x, y, SIZE * scale, colour);
      case SQUARE ->
          fmt(
                  "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"",
                  x - SIZE, y - SIZE, 2 * SIZE, 2 * SIZE)
              + fill;
      case TRIANGLE ->
          polygon(x, y - SIZE * 1.2, x + SIZE * 1.1, y + SIZE * 0.8, x - SIZE * 1.1, y + SIZE * 0.8)
              + fill;
      case DIAMOND ->
          polygon(x, y - SIZE * 1.3, x + SIZE * 1.1, y, x, y + SIZE * 1.3, x - SIZE * 1.1, y)
              + fill;
      case RING ->
          fmt(
              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"none\" "
                  + "stroke=\"%s\" stroke-width=\"2.5\"/>",
              x, y, colour);
      default -> "";
    };
  }

  /** A polygon through the points (x, y pairs), its fill and stroke still to come. */
  private static String polygon(double... xy) {
    StringBuilder pts = new StringBuilder();
    for (int i = 0; i < xy.length; i += 2) {
      pts.append(fmt("%.1f,%.1f ", xy[i], xy[i + 1]));
    }
    return "<polygon points=\"" + pts.toString().trim() + "\"";
  }
}
