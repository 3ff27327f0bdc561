package org.locksim.ui;

public final class Launcher {
  public static void main(String[] args) {
  }
}
