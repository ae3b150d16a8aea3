package io.github.ycsbdocsearch.report.charts.svg;

/**
 * A labelled position on an axis, in data units. Immutable, thread-safe.
 *
 * @param value the data value
 * @param label what is printed
 * @param major whether a grid line is drawn bolder
 */
public record Tick(double value, String label, boolean major) {}
