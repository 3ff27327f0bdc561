/**
 * The {@code locksim} command (picocli): {@code run}, {@code compare}, {@code validate},
 * {@code export}, {@code diff-folded}, {@code models}, {@code locks}. Bad input prints one
 * located error and exits with status 2; an internal fault exits with status 1.
 */
package org.locksim.cli;
