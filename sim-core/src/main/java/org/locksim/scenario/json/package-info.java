/**
 * A strict, location-aware JSON reading layer for scenario files.
 *
 * <p>{@link org.locksim.scenario.json.JsonTree} parses a file with Jackson's streaming parser
 * into an immutable tree of {@link org.locksim.scenario.json.JsonValue}s, each of which
 * remembers the file, its JSON path ({@code $.locks[2].algorithm}) and the line and column of
 * its first token; duplicate keys and trailing content are rejected. The scenario loader then
 * walks the tree with {@link org.locksim.scenario.json.ObjectReader}, which converts fields to
 * typed values with ranges and defaults and, on {@code finish()}, rejects every field nobody
 * asked for. {@link org.locksim.scenario.json.Overrides} applies the CLI's
 * {@code --set path=value} assignments to a tree before it is read. Whatever goes wrong with
 * the user's input surfaces as one {@link org.locksim.scenario.json.InputError} that names the
 * file, path, line and column, what was expected and, for a misspelt name, the closest valid
 * one ({@link org.locksim.scenario.json.Names}), so bad input never shows a stack trace.
 *
 * <p>This is the only package besides report writers that touches Jackson; the rest of the
 * simulator sees typed values.
 */
package org.locksim.scenario.json;
