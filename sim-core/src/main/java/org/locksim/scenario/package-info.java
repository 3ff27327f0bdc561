/**
 * Scenario files: strict JSON loading into a checked {@link org.locksim.scenario.Scenario}.
 * Every bad input is one {@link org.locksim.scenario.json.InputError} naming the file, the
 * JSON path, the line and column, what was expected and, for a misspelt name, the closest
 * valid one; nothing runs before the whole scenario has been checked. The format is documented
 * field by field in docs/scenario-format.md, and scenarios/reference.json spells out every
 * default.
 */
package org.locksim.scenario;
