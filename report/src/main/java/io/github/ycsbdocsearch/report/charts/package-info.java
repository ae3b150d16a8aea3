/**
 * Every chart of the report, each an SVG file under {@code charts/} and a figure in report.html:
 * latency against offered load and against throughput, service time against intended latency,
 * throughput against threads, the full percentile spectrum, and per store how its capacity was
 * estimated (the share over the bound against offered rate, {@link CapacityChart}); one colour per
 * store everywhere ({@link StorePalette}). Drawn with {@code charts.svg}.
 */
package io.github.ycsbdocsearch.report.charts;
