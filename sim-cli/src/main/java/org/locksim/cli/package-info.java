/**
 * The {@code locksim} command (picocli): {@code run}, {@code compare}, {@code validate},
 * {@code export}, {@code diff-folded}, {@code models}, {@code locks}, {@code check-lock}; lock
 * plugins with {@code --plugin} ({@link org.locksim.cli.PluginOption}). Bad input prints one
 * located error and exits with status 2; an internal fault exits with status 1.
 */
package org.locksim.cli;
