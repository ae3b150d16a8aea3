package io.github.ycsbdocsearch.report.charts.svg;

/**
 * A dashed vertical line at one x over the whole plot height with a short label at the top, e.g. a
 * background event on a time axis. Immutable, thread-safe.
 *
 * @param x data x
 * @param colour line and label colour
 * @param label short text (a few words)
 */
public record VerticalMark(double x, String colour, String label) {}
