/**
 * Charts of {@code sweep} and {@code compare} ({@code --plot OUT.svg|OUT.png}), drawn by XChart:
 * a sweep's figures against its first varied value, one line per variant (and per value of the
 * other varied fields) with the 95% Student's t interval of each mean as error bars; a
 * comparison's runs as box plots side by side. Both render headless.
 */
package org.locksim.cli.chart;
