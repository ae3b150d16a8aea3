/**
 * The offline report.html: one self-contained page (inline CSS and SVG, no script) with the
 * headline, warnings (stores whose answers are not proven identical), the summary table, the
 * charts, the per-store verification and capacity tables and the environment from the manifest.
 */
package io.github.ycsbdocsearch.report.html;
