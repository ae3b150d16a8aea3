package io.github.ycsbdocsearch.report.charts.svg;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;

/**
 * Draws one chart as a standalone SVG document (also valid inline in HTML): title, optional
 * subtitle, plot frame with grid and tick labels, axis titles, series, annotations and a legend on
 * the right. Build it, then call {@link #render()}. Not thread-safe.
 */
public final class SvgChart {

  static final int WIDTH = 940;
  static final int HEIGHT = 460;
  private static final int LEFT = 88;
  private static final int RIGHT = WIDTH - 250;
  private static final int TOP = 62;

  /** Room under the plot for tick labels and the x axis title. */
  private static final int BELOW_PLOT = 64;

  /** Mark labels are staggered over this many rows: marks close together stay readable. */
  private static final int MARK_LABEL_ROWS = 3;

  private static final String FONT = "font-family=\"Segoe UI, Helvetica, Arial, sans-serif\"";
  private static final String BOLD = "font-weight=\"600\"";

  /** A white outline under a label, so that it stays readable over the lines it crosses. */
  private static final String HALO = "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\"";

  private final String id;
  private final String title;
  private final Axis x;
  private final Axis y;
  private final List<Series> series = new ArrayList<>();
  private final List<Annotation> annotations = new ArrayList<>();
  private final List<Band> bands = new ArrayList<>();
  private final List<VerticalMark> marks = new ArrayList<>();
  private List<LegendEntry> legend;
  private String subtitle = "";
  private String noData = "No data for this chart";
  private int height = HEIGHT;

  /**
   * @param id a name unique within the page, for SVG element ids (letters, digits, '-')
   */
  public SvgChart(String id, String title, Axis x, Axis y) {
    this.id = id;
    this.title = title;
    this.x = x;
    this.y = y;
  }

  public SvgChart subtitle(String text) {
    this.subtitle = text;
    return this;
  }

  public SvgChart add(Series s) {
    series.add(s);
    return this;
  }

  public SvgChart annotate(Annotation a) {
    annotations.add(a);
    return this;
  }

  /** Shades a stretch of the x axis; the axis widens to show it whole. */
  public SvgChart shade(Band b) {
    bands.add(b);
    return this;
  }

  /** Draws a vertical mark; the axis widens to show it. */
  public SvgChart mark(VerticalMark m) {
    marks.add(m);
    return this;
  }

  /**
   * A chart shorter (or taller) than the default 460 px, e.g. one of two panels over one time axis.
   */
  public SvgChart height(int pixels) {
    this.height = pixels;
    return this;
  }

  /** Replaces the legend derived from the series' labels. */
  public SvgChart legend(List<LegendEntry> entries) {
    this.legend = List.copyOf(entries);
    return this;
  }

  /**
   * What the chart says in place of its plot when no series has a point (e.g. why a quantity was
   * not recorded); "No data for this chart" unless set.
   */
  public SvgChart noData(String text) {
    this.noData = text;
    return this;
  }

  /** The series added so far, in order. */
  public List<Series> series() {
    return List.copyOf(series);
  }

  public boolean hasData() {
    return series.stream().anyMatch(s -> !s.points().isEmpty());
  }

  /** A chart as drawn: its SVG document and data ({@link ChartData}). Immutable, thread-safe. */
  public record Drawing(String svg, ChartData data) {}

  /** The SVG document and the data it plots, taken from the same fitted axes. */
  public Drawing draw() {
    String svg = render();
    boolean drawn = hasData();
    return new Drawing(
        svg,
        new ChartData(
            title,
            subtitle,
            RIGHT - LEFT,
            bottom() - TOP,
            x.view(drawn),
            y.view(drawn),
            drawn ? series : List.of(),
            drawn ? bands : List.of(),
            drawn ? marks : List.of(),
            drawn ? annotations : List.of(),
            drawn ? legend() : List.of()));
  }

  /** The legend set, else the one derived from the series' labels. */
  private List<LegendEntry> legend() {
    return legend != null
        ? legend
        : series.stream().filter(s -> s.label() != null).map(LegendEntry::of).toList();
  }

  public String render() {
    StringBuilder svg = new StringBuilder();
    svg.append(
        fmt(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                + "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\" %s>%n",
            WIDTH, height, WIDTH, height, escape(title), FONT));
    svg.append(fmt("<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n", WIDTH, height));
    text(svg, LEFT, 26, 17, "#1a1a1a", "start", BOLD, title);
    if (!subtitle.isEmpty()) {
      text(svg, LEFT, 46, 12.5, "#555", "start", "", subtitle);
    }
    if (!hasData()) {
      text(svg, (LEFT + RIGHT) / 2.0, (TOP + bottom()) / 2.0, 14, "#777", "middle", "", noData);
      return svg.append("</svg>\n").toString();
    }
    fitAxes();
    drawGridAndTicks(svg);
    drawBands(svg);
    drawSeries(svg);
    drawMarks(svg);
    drawAnnotations(svg);
    drawLegend(svg);
    return svg.append("</svg>\n").toString();
  }

  private void fitAxes() {
    DoubleSummaryStatistics xs = new DoubleSummaryStatistics();
    DoubleSummaryStatistics ys = new DoubleSummaryStatistics();
    for (Series s : series) {
      s.points().forEach(p -> xs.accept(p.x()));
      s.points().forEach(p -> ys.accept(p.y()));
    }
    for (Band b : bands) {
      xs.accept(b.fromX());
      xs.accept(b.toX());
    }
    marks.forEach(m -> xs.accept(m.x()));
    x.fit(xs.getMin(), xs.getMax());
    y.fit(ys.getMin(), ys.getMax());
  }

  private double px(double v) {
    return LEFT + x.position(v) * (RIGHT - LEFT);
  }

  private double py(double v) {
    return bottom() - y.position(v) * (bottom() - TOP);
  }

  /** The plot frame's lower edge. */
  private int bottom() {
    return height - BELOW_PLOT;
  }

  private void drawGridAndTicks(StringBuilder svg) {
    svg.append(
        fmt(
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" "
                + "stroke=\"#bbb\"/>%n",
            LEFT, TOP, RIGHT - LEFT, bottom() - TOP));
    for (Tick t : y.ticks()) {
      double yy = py(t.value());
      if (yy < TOP - 0.5 || yy > bottom() + 0.5) {
        continue;
      }
      line(svg, LEFT, yy, RIGHT, yy, t.major() ? "#ddd" : "#eee");
      text(svg, LEFT - 8, yy + 4, 12, t.major() ? "#333" : "#888", "end", "", t.label());
    }
    for (Tick t : x.ticks()) {
      double xx = px(t.value());
      if (xx < LEFT - 0.5 || xx > RIGHT + 0.5) {
        continue;
      }
      line(svg, xx, TOP, xx, bottom(), t.major() ? "#ddd" : "#eee");
      text(svg, xx, bottom() + 18, 12, t.major() ? "#333" : "#888", "middle", "", t.label());
    }
    text(svg, (LEFT + RIGHT) / 2.0, height - 18, 13, "#222", "middle", BOLD, x.title());
    double midY = (TOP + bottom()) / 2.0;
    String rotated = BOLD + fmt(" transform=\"rotate(-90 22 %.1f)\"", midY);
    text(svg, 22, midY, 13, "#222", "middle", rotated, y.title());
  }

  private void drawSeries(StringBuilder svg) {
    String clip = "clip-" + id;
    svg.append(
        fmt(
            "<clipPath id=\"%s\"><rect x=\"%d\" y=\"%d\" width=\"%d\" "
                + "height=\"%d\"/></clipPath>%n<g clip-path=\"url(#%s)\">%n",
            clip, LEFT - 6, TOP - 6, RIGHT - LEFT + 12, bottom() - TOP + 12, clip));
    for (Series s : series) {
      if (s.line() != LineStyle.NONE && s.points().size() > 1) {
        StringBuilder d = new StringBuilder();
        for (Series.Point p : s.points()) {
          d.append(d.length() == 0 ? "M" : " L").append(fmt("%.1f %.1f", px(p.x()), py(p.y())));
        }
        svg.append(
            fmt(
                "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
                    + "stroke-linejoin=\"round\"%s/>%n",
                d, s.colour(), s.line().width, dash(s.line())));
      }
      for (Series.Point p : s.points()) {
        svg.append(s.marker().svg(px(p.x()), py(p.y()), s.colour(), p.size()));
      }
      svg.append('\n');
    }
    svg.append("</g>\n");
  }

  private void drawBands(StringBuilder svg) {
    for (Band b : bands) {
      double from = Math.max(LEFT, px(Math.min(b.fromX(), b.toX())));
      double to = Math.min(RIGHT, px(Math.max(b.fromX(), b.toX())));
      svg.append(
          fmt(
              "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
                  + "fill=\"%s\" fill-opacity=\"0.6\"/>%n",
              from, TOP, Math.max(0, to - from), bottom() - TOP, Band.FILL));
      text(svg, (from + to) / 2, TOP + 14, 11, "#555", "middle", "", b.label());
    }
  }

  private void drawMarks(StringBuilder svg) {
    for (int i = 0; i < marks.size(); i++) {
      VerticalMark m = marks.get(i);
      double mx = px(m.x());
      svg.append(
          fmt(
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
                  + "stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>%n",
              mx, TOP, mx, bottom(), m.colour()));
      double ly = TOP + 30 + 13 * (i % MARK_LABEL_ROWS);
      boolean left = mx > RIGHT - 90;
      double tx = left ? mx - 4 : mx + 4;
      text(svg, tx, ly, 10.5, m.colour(), left ? "end" : "start", HALO, m.label());
    }
  }

  private void drawAnnotations(StringBuilder svg) {
    for (Annotation a : annotations) {
      double ax = px(a.x());
      double ay = py(a.y());
      svg.append(
          fmt(
              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"10\" fill=\"none\" "
                  + "stroke=\"%s\" stroke-width=\"2.5\"/>%n",
              ax, ay, a.colour()));
      // The label stays inside: left of the ring near the right edge, below it near the top.
      boolean left = ax > RIGHT - 140;
      double tx = left ? ax - 14 : ax + 14;
      double ty = ay < TOP + 30 ? ay + 24 : ay - 12;
      text(svg, tx, ty, 12, a.colour(), left ? "end" : "start", BOLD + " " + HALO, a.text());
    }
  }

  private void drawLegend(StringBuilder svg) {
    double lx = RIGHT + 22;
    double ly = TOP + 6;
    for (LegendEntry e : legend()) {
      if (e.colour() == null) {
        text(svg, lx, ly + 4, 12, "#222", "start", BOLD, e.label());
      } else {
        if (e.line() != LineStyle.NONE) {
          svg.append(
              fmt(
                  "<path d=\"M%.1f %.1f h30\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>",
                  lx, ly, e.colour(), e.line().width, dash(e.line())));
        }
        svg.append(e.marker().svg(lx + 15, ly, e.colour(), 1));
        text(svg, lx + 40, ly + 4, 12, "#222", "start", "", e.label());
      }
      ly += 20;
    }
  }

  /**
   * {@link String#format} in {@link Locale#ROOT}: decimals with a '.' whatever the machine's locale
   * (SVG reads no other, and the report's text stays the same everywhere).
   */
  public static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  private static String dash(LineStyle style) {
    return style.dashArray.isEmpty() ? "" : " stroke-dasharray=\"" + style.dashArray + "\"";
  }

  private static void line(
      StringBuilder svg, double x1, double y1, double x2, double y2, String colour) {
    svg.append(
        fmt(
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
            x1, y1, x2, y2, colour));
  }

  private static void text(
      StringBuilder svg,
      double x,
      double y,
      double size,
      String colour,
      String anchor,
      String extra,
      String content) {
    svg.append(
        fmt(
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" "
                + "text-anchor=\"%s\" %s>%s</text>%n",
            x, y, size, colour, anchor, extra, escape(content)));
  }

  public static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
