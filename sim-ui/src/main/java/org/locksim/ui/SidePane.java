package org.locksim.ui;

import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * The pane beside the timelines: each run's perf stat block, and the statistics of the
 * selected interval (drag on the time axis) with a button that copies them as text.
 */
final class SidePane {
  /** Room for the text area's insets and its vertical scroll bar beside the longest line. */
  private static final double REPORT_PADDING_PX = 40;

  private final TextArea report = area("report");
  private final TextArea stats = area("stats");
  private final Tab statsTab;
  private final TabPane tabs = new TabPane();

  SidePane() {
    Button copy = new Button("Copy as text");
    copy.setId("copyStats");
    copy.setOnAction(e -> {
      ClipboardContent c = new ClipboardContent();
      c.putString(stats.getText());
      javafx.scene.input.Clipboard.getSystemClipboard().setContent(c);
    });
    copy.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
    Label hint = new Label("drag on the time axis: all lanes; shift-drag: those lanes; Esc clears");
    hint.setWrapText(true);
    HBox top = new HBox(8, copy, hint);
    top.setPadding(new Insets(4));
    BorderPane selection = new BorderPane(stats);
    selection.setTop(top);
    Tab perf = new Tab("perf stat", report);
    statsTab = new Tab("Selection", selection);
    statsTab.setId("selectionTab");
    tabs.getTabs().setAll(perf, statsTab);
    tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
    tabs.setMinWidth(0);
    stats.setText(SelectionStats.NONE);
  }

  TabPane node() {
    return tabs;
  }

  TextArea report() {
    return report;
  }

  /** Shows the selection's statistics and brings their tab forward. */
  void showStats(String text) {
    stats.setText(text);
    tabs.getSelectionModel().select(statsTab);
  }

  /**
   * Returns the width the perf stat block needs to show its longest line (the comment column
   * included) beside the text area's insets and scroll bar, pixels.
   */
  double reportWidth() {
    Text probe = new Text();
    probe.setFont(report.getFont());
    double widest = 0;
    for (String line : report.getText().split("\n")) {
      probe.setText(line);
      widest = Math.max(widest, probe.getLayoutBounds().getWidth());
    }
    return widest + REPORT_PADDING_PX;
  }

  String statsText() {
    return stats.getText();
  }

  private static TextArea area(String id) {
    TextArea a = new TextArea();
    a.setId(id);
    a.setEditable(false);
    a.setWrapText(false);
    a.setFont(Font.font("Monospaced", 11));
    return a;
  }
}
