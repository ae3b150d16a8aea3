package io.github.ycsbdocsearch.report.charts.svg;

/**
 * A point singled out with a ring and a short text, e.g. a store's peak step. Immutable,
 * thread-safe.
 *
 * @param x data x
 * @param y data y
 * @param colour ring and text colour
 * @param text label drawn beside the ring
 */
public record Annotation(double x, double y, String colour, String text) {}
