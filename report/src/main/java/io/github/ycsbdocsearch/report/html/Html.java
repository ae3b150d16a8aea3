package io.github.ycsbdocsearch.report.html;

import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/** Small HTML helpers: escaping and a store's colour swatch. Stateless, thread-safe. */
public final class Html {

  private Html() {}

  static String esc(String s) {
    return s == null ? "" : SvgChart.escape(s);
  }

  /** The store's name after a dot of its chart colour. */
  static String store(String name, StorePalette palette) {
    return "<span class=\"swatch\" style=\"background:"
        + palette.colour(name)
        + "\"></span>"
        + esc(name);
  }

  /** Opens a section of the page: its anchor id, heading and a short muted introduction (HTML). */
  static String section(String id, String heading, String introHtml) {
    return "<section id=\""
        + id
        + "\"><h2>"
        + esc(heading)
        + "</h2>\n<p class=\"muted\">"
        + introHtml
        + "</p>\n";
  }

  /** A section with its body, closed; "" when the body is empty (sections only some runs have). */
  static String section(String id, String heading, String introHtml, CharSequence body) {
    return body.isEmpty() ? "" : section(id, heading, introHtml) + body + "</section>\n";
  }

  static String cell(String content) {
    return "<td>" + content + "</td>";
  }

  static String num(String content) {
    return "<td class=\"n\">" + content + "</td>";
  }

  /** A text file among this package's resources, which the build puts in the report's jar. */
  static String resource(String name) {
    try (InputStream in = Html.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is not in the report's jar (report/pom.xml)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A latency for people ({@link Numbers#micros}), or a dash when there is none. */
  static String micros(Long us) {
    return orDash(us, v -> Numbers.micros(v));
  }

  /** A value in words, or a dash when there is none. */
  static <T> String orDash(T value, Function<? super T, String> words) {
    return value == null ? "–" : words.apply(value);
  }
}
