/** The Markdown tables of docs/performance.md, made from JMH result files. */
package org.locksim.bench.report;
