/**
 * The published results locksim reproduces (VALIDATION.md's rows): each
 * {@link org.locksim.validation.Reproduction} runs its bundled scenario and compares the
 * simulated figures with the published ones and their bands. Every
 * {@link org.locksim.validation.Row} says whether it is a prediction, an input (true by
 * construction) or a fit, naming the {@link org.locksim.validation.FittedParameter} set to hit
 * it (VALIDATION.md, "Calibration and prediction"). {@code locksim validate} prints the table
 * and writes docs/validation.md from the same rows, and docs/calibration.md from the fits and
 * the {@link org.locksim.validation.SensitivityRuns}, which rerun each fitted reproduction with
 * the parameter moved by 10% either way through the scenario overrides.
 */
package org.locksim.validation;
