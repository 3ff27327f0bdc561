/**
 * Plugin jars: lock algorithms written outside locksim, found with {@link java.util.ServiceLoader}
 * in a jar given on the command line ({@code --plugin PATH.jar}) and registered by name beside
 * the bundled ones. It sits beside {@code scenario}: it reads user input (a jar) and reports what
 * is wrong with it as an {@link org.locksim.scenario.json.InputError} naming the jar and the
 * class, never a stack trace.
 */
package org.locksim.plugin;
