package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Why: a chart is what goes into a paper or a mailing-list post; it must be a well-formed SVG or
 * a PNG of the size asked, show each figure against the varied field with one series per
 * variant, and a wrong file name must cost no simulation.
 */
class PlotTest {
  static final String V2 = Path.of("..", "scenarios", "v2-linux-adaptive-spin.json").toString();

  @TempDir
  Path dir;

  static String[] sweep(String... more) {
    List<String> a = new ArrayList<>(List.of("sweep", V2, "-q", "--set", "run.warmupMs=0",
        "--set", "run.durationMs=2", "--vary", "workload.tasks=16,48", "--repeat", "3", "--jobs", "1"));
    a.addAll(Arrays.asList(more));
    return a.toArray(String[]::new);
  }

  static Document xml(Path svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    return f.newDocumentBuilder().parse(svg.toFile());
  }

  /** The {@code <g class="panel">} elements of an SVG chart. */
  static List<Element> panels(Document doc) {
    List<Element> panels = new ArrayList<>();
    NodeList gs = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "g");
    for (int i = 0; i < gs.getLength(); i++) {
      Element g = (Element) gs.item(i);
      if (g.getAttribute("class").equals("panel")) {
        panels.add(g);
      }
    }
    return panels;
  }

  static String child(Element panel, String tag) {
    return panel.getElementsByTagNameNS("http://www.w3.org/2000/svg", tag).item(0).getTextContent();
  }

  @Test
  void aSweepDrawsAPanelPerFigureWithASeriesPerVariant() throws Exception {
    Path svg = dir.resolve("sweep.svg");
    Outcome o = MainTest.run(sweep("--figure", "ops,contextSwitches", "--plot", svg.toString()));
    assertEquals(0, o.status(), o.err());
    Outcome plain = MainTest.run(sweep("--figure", "ops,contextSwitches"));
    assertEquals(plain.out(), o.out(), "the chart changes nothing on standard output");

    Document doc = xml(svg);
    Element root = doc.getDocumentElement();
    assertEquals("svg", root.getLocalName());
    assertEquals("900px", root.getAttribute("width"));
    assertEquals("840px", root.getAttribute("height"), "420 pixels per figure");
    List<Element> panels = panels(doc);
    assertEquals(2, panels.size(), "one panel per figure");
    String[] units = {"ops/s", "context-switches"};
    for (int i = 0; i < 2; i++) {
      Element p = panels.get(i);
      assertEquals("v2-linux-adaptive-spin: " + units[i] + " (mean of 3 runs, 95% interval by Student's t)",
          child(p, "title"));
      assertEquals("x axis: workload.tasks\ny axis: " + units[i]
          + "\nseries: no-owner-spin\nseries: owner-spin\n", child(p, "desc"));
      assertTrue(p.getElementsByTagNameNS("*", "path").getLength() > 20, "the panel is drawn");
    }
    Set<String> clips = new HashSet<>();
    NodeList defs = doc.getElementsByTagNameNS("*", "clipPath");
    for (int i = 0; i < defs.getLength(); i++) {
      assertTrue(clips.add(((Element) defs.item(i)).getAttribute("id")), "clip ids are unique");
    }
  }

  @Test
  void aPngHasTheSizeAskedAndIsDrawn() throws Exception {
    Path png = dir.resolve("ops.png");
    Outcome o = MainTest.run(sweep("--figure", "ops", "--plot", png.toString(), "--plot-size", "640x480"));
    assertEquals(0, o.status(), o.err());
    BufferedImage image = ImageIO.read(png.toFile());
    assertNotNull(image, "ImageIO reads it");
    assertEquals(640, image.getWidth());
    assertEquals(480, image.getHeight());
    Set<Integer> colours = new HashSet<>();
    for (int y = 0; y < image.getHeight(); y += 3) {
      for (int x = 0; x < image.getWidth(); x += 3) {
        colours.add(image.getRGB(x, y));
      }
    }
    assertTrue(colours.size() > 10, "lines, text and series colours, not a blank image: " + colours.size());
  }

  @Test
  void namesAreCategoriesAndASecondFieldMakesTheSeries() throws Exception {
    Path svg = dir.resolve("machines.svg");
    Outcome o = MainTest.run("sweep", MainTest.V1, "-q", "--variant", "spin-xchg-up", "--vary",
        "machine=pentium4,pentium3", "--vary", "kernel.smp=false,true", "--figure", "cyclesPerOp",
        "--plot", svg.toString());
    assertEquals(0, o.status(), o.err());
    List<Element> panels = panels(xml(svg));
    assertEquals(1, panels.size());
    assertEquals("v1-pentium4: cycles/op (one run each)", child(panels.get(0), "title"));
    assertEquals("x axis: machine\ny axis: cycles/op\nseries: spin-xchg-up, kernel.smp=false\n"
        + "series: spin-xchg-up, kernel.smp=true\n", child(panels.get(0), "desc"));
    assertTrue(java.awt.GraphicsEnvironment.isHeadless(), "drawn without a display");
  }

  @Test
  void compareDrawsOneBoxPerScenario() throws Exception {
    Path svg = dir.resolve("compare.svg");
    Outcome o = MainTest.run("compare", V2, "-q", "--set", "run.warmupMs=0", "--set", "run.durationMs=2",
        "--repeat", "3", "--plot", svg.toString());
    assertEquals(0, o.status(), o.err());
    List<Element> panels = panels(xml(svg));
    assertEquals(1, panels.size());
    assertTrue(child(panels.get(0), "title").startsWith("v2-linux-adaptive-spin: ops/s, 3 runs each"),
        child(panels.get(0), "title"));
    assertEquals("x axis: scenario\ny axis: ops/s\nseries: v2-linux-adaptive-spin/no-owner-spin\n"
        + "series: v2-linux-adaptive-spin/owner-spin\n", child(panels.get(0), "desc"));
  }

  List<String> listing() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(Path::toString).sorted().toList();
    }
  }

  void refused(String expected, String... args) throws IOException {
    List<String> before = listing();
    Outcome o = MainTest.run(args);
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().startsWith("locksim: " + expected), o.err());
    assertFalse(o.err().contains("Exception"), o.err());
    assertEquals("", o.out(), "refused before any run");
    assertEquals(before, listing(), "nothing written");
  }

  @Test
  void anUnknownExtensionIsRefusedBeforeAnyRun() throws IOException {
    Path pdf = dir.resolve("chart.pdf");
    Path sgv = dir.resolve("chart.sgv");
    refused("--plot: " + pdf + ": cannot tell the chart's format from the extension \".pdf\"; expected a"
        + " file name ending in .svg or .png", sweep("--plot", pdf.toString()));
    refused("--plot: " + sgv + ": cannot tell the chart's format from the extension \".sgv\"; expected a"
        + " file name ending in .svg or .png (did you mean \"chart.svg\"?)", sweep("--plot", sgv.toString()));
    refused("--plot: " + dir.resolve("chart") + ": cannot tell the chart's format from no extension",
        "compare", V2, "--plot", dir.resolve("chart").toString());
  }

  @Test
  void aBadSizeOrAChartOntoTheCsvIsRefused() throws IOException {
    Path svg = dir.resolve("x.svg");
    refused("--plot-size: expected WIDTHxHEIGHT in pixels, e.g. 1200x800, got \"big\"",
        sweep("--plot", svg.toString(), "--plot-size", "big"));
    refused("--plot-size: a chart of 3 figures takes from 100 to 10000 pixels wide and from 300 to 10000"
        + " high, got 800x200", sweep("--plot", svg.toString(), "--plot-size", "800x200"));
    refused("--plot-size: --plot-size sizes the chart of --plot", sweep("--plot-size", "800x600"));
    Path csv = dir.resolve("x.csv");
    refused("--plot: " + csv + ": cannot tell", sweep("--csv", csv.toString(), "--plot", csv.toString()));
    Path both = dir.resolve("same.svg");
    refused("--plot: " + both + " is also the output of --output",
        sweep("--csv", both.toString(), "--plot", both.toString()));
  }
}
