package io.github.ycsbdocsearch.report.charts.svg;

/**
 * A dashed vertical line at one x over the whole plot height with a short label (a few words) at
 * the top, e.g. a background event on a time axis. Immutable, thread-safe.
 */
public record VerticalMark(double x, String colour, String label) {}
