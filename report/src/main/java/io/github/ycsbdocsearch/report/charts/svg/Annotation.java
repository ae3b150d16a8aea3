package io.github.ycsbdocsearch.report.charts.svg;

/** A point singled out with a ring and a short text beside it, e.g. a store's peak step. */
public record Annotation(double x, double y, String colour, String text) {}
