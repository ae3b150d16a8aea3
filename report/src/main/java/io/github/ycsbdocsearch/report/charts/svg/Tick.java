package io.github.ycsbdocsearch.report.charts.svg;

/** A labelled position on an axis, in data units; a major one's grid line is drawn bolder. */
public record Tick(double value, String label, boolean major) {}
