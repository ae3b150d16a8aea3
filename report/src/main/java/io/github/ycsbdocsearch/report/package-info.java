/**
 * Derived files of a results folder (see docs/results-format.md): per-step summaries computed from YCSB's
 * HdrHistogram interval logs ({@link io.github.ycsbdocsearch.report.StepSummarizer}), and the run-level
 * {@code summary.csv}, {@code summary.json}, percentile files, SVG charts and offline {@code report.html}
 * ({@link io.github.ycsbdocsearch.report.ReportWriter}). Everything here is rebuilt from raw files alone.
 */
package io.github.ycsbdocsearch.report;

import io.github.ycsbdocsearch.resultsformat.*;
import io.github.ycsbdocsearch.report.chart.*;
