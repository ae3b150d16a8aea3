/**
 * A small SVG chart writer for the report: line/scatter series on linear, log10, log2 or percentile
 * ("nines") axes, with axis titles, tick labels, a legend and marked points. Written for this
 * project; no external library.
 */
package io.github.ycsbdocsearch.report.charts.svg;
