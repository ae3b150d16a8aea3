/**
 * The report's text outputs of each step: HdrHistogram's percentile distribution of each interval
 * log, merged after the warm-up ({@code steps/NN-.../percentiles/<log>.txt}). The run-level
 * summary.csv and summary.json are the results-format module's, written by {@link
 * io.github.ycsbdocsearch.report.ReportWriter} through it.
 */
package io.github.ycsbdocsearch.report.summary;
