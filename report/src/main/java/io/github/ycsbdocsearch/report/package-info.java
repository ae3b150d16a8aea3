/**
 * The report: every derived file of a results folder (see docs/results-format.md), rebuilt from its
 * raw files and each step's summary.json, read through the results-format module. {@link
 * ReportMain} is the command ({@code bin/docsearch report}); {@link ReportWriter} writes the files
 * in order. By concern: {@code charts} (every chart, drawn with the SVG writer in {@code
 * charts.svg}), {@code html} (the offline {@code report.html}).
 */
package io.github.ycsbdocsearch.report;
