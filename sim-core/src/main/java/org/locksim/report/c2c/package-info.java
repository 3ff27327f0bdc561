/**
 * Core-to-core latency tables ({@code locksim c2c}): the matrix and summary as text, in the
 * layout of the core-to-core-latency tool, and as CSV and JSON.
 */
package org.locksim.report.c2c;
