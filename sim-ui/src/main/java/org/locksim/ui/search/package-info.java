/**
 * Finding things by name, as Perfetto's omnibox does: {@link org.locksim.ui.search.Search}
 * matches a query against task, lock and CPU names and the kernel functions the trace records,
 * marks the matching lanes, and steps to the next or previous occurrence in time (a matching
 * task starting to run, a matching lock being taken, a CPU entering a matching function). No
 * JavaFX.
 */
package org.locksim.ui.search;
