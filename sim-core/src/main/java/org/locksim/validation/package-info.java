/**
 * The published results locksim reproduces (VALIDATION.md's rows): each
 * {@link org.locksim.validation.Reproduction} runs its bundled scenario and compares the
 * simulated figures with the published ones and their bands. {@code locksim validate} prints
 * the table and writes docs/validation.md from the same rows.
 */
package org.locksim.validation;
