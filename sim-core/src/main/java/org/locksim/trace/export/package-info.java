/**
 * Exporters of a {@link org.locksim.trace.TraceFile} to formats other tools read: Chrome Trace
 * Event JSON for Perfetto ({@link org.locksim.trace.export.ChromeTraceExporter}) and CSV for
 * spreadsheets ({@link org.locksim.trace.export.CsvExporter}).
 *
 * <p>This is the only part of the trace code that touches Jackson (a report writer, in the
 * architecture's terms); the format package below it depends on the JDK alone. Both exporters
 * stream: they visit the trace block by block and never hold the whole output in memory.
 */
package org.locksim.trace.export;
