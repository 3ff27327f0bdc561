/**
 * Progress of long commands on standard error, never on standard output: a bar with the time
 * left when standard error is a terminal ({@link org.locksim.cli.progress.BarProgress}, drawn
 * by the progressbar library), a plain line every few seconds when it is a file or a pipe
 * ({@link org.locksim.cli.progress.LineProgress}), nothing with {@code -q}.
 * {@link org.locksim.cli.progress.ProgressOptions} is the {@code -q} option each long command
 * mixes in, and chooses between them.
 */
package org.locksim.cli.progress;
