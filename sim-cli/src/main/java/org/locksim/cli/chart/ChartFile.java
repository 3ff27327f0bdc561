package org.locksim.cli.chart;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.knowm.xchart.internal.chartpart.Chart;
import org.locksim.report.AtomicOutput;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Writes charts as one image, one panel above the other, each panel the full width and an equal
 * share of the height. The file is written to a temporary file and renamed ({@link
 * AtomicOutput}), as every output of the command line is. Rendering needs no display: the
 * property {@code java.awt.headless} is set when nobody has set it.
 *
 * <p>An SVG is XChart's drawing through VectorGraphics2D, one {@code <g class="panel">} per
 * chart with a {@code <title>} (the chart's title) and a {@code <desc>} (its axes and series), so
 * that a screen reader or a script can tell what it shows although the text is drawn as
 * outlines; its clip ids are numbered in order, so the same charts give the same bytes.
 */
public final class ChartFile {
  private static final String SVG_NS = "http://www.w3.org/2000/svg";
  private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d{3,}");

  private ChartFile() {
  }

  /** Writes {@code panels} to {@code out} in {@code format}, {@code width} x {@code height} pixels. */
  public static void write(Path out, ChartFormat format, List<? extends Chart<?, ?>> panels,
      int width, int height) throws IOException {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
    AtomicOutput.writeBytes(out, bytes -> {
      if (format == ChartFormat.PNG) {
        png(bytes, panels, width, height);
      } else {
        svg(bytes, panels, width, height);
      }
    });
  }

  /** The top of panel {@code i} of {@code n} in an image {@code height} high. */
  private static int top(int i, int n, int height) {
    return (int) ((long) height * i / n);
  }

  private static void png(OutputStream out, List<? extends Chart<?, ?>> panels, int width, int height)
      throws IOException {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, width, height);
      int n = panels.size();
      for (int i = 0; i < n; i++) {
        int y = top(i, n, height);
        int h = top(i + 1, n, height) - y;
        Graphics2D panel = (Graphics2D) g.create(0, y, width, h);
        try {
          panels.get(i).paint(panel, width, h);
        } finally {
          panel.dispose();
        }
      }
    } finally {
      g.dispose();
    }
    if (!ImageIO.write(image, "png", out)) {
      throw new IOException("no PNG writer in this Java runtime");
    }
  }

  private static void svg(OutputStream out, List<? extends Chart<?, ?>> panels, int width, int height)
      throws IOException {
    try {
      DocumentBuilder parser = parser();
      Document doc = parser.newDocument();
      Element root = doc.createElementNS(SVG_NS, "svg");
      root.setAttribute("width", width + "px");
      root.setAttribute("height", height + "px");
      root.setAttribute("viewBox", "0 0 " + width + " " + height);
      root.setAttribute("version", "1.1");
      doc.appendChild(root);
      int n = panels.size();
      int clips = 0;
      for (int i = 0; i < n; i++) {
        int y = top(i, n, height);
        int h = top(i + 1, n, height) - y;
        Chart<?, ?> chart = panels.get(i);
        Element g = doc.createElementNS(SVG_NS, "g");
        g.setAttribute("class", "panel");
        g.setAttribute("transform", "translate(0 " + y + ")");
        g.appendChild(text(doc, "title", chart.getTitle()));
        g.appendChild(text(doc, "desc", describe(chart)));
        Element drawn = parser.parse(new ByteArrayInputStream(draw(chart, width, h))).getDocumentElement();
        clips = renumberClips(drawn, clips);
        roundPaths(drawn);
        NodeList children = drawn.getChildNodes();
        for (int c = 0; c < children.getLength(); c++) {
          g.appendChild(doc.importNode(children.item(c), true));
        }
        root.appendChild(g);
      }
      Transformer t = TransformerFactory.newInstance().newTransformer();
      t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      t.transform(new DOMSource(doc), new StreamResult(out));
    } catch (ParserConfigurationException | SAXException | TransformerException e) {
      throw new IOException("cannot make the SVG: " + e.getMessage(), e);
    }
  }

  /** One chart as VectorGraphics2D draws it, an SVG document of its own. */
  private static byte[] draw(Chart<?, ?> chart, int width, int height) throws IOException {
    VectorGraphics2D g = new VectorGraphics2D();
    chart.paint(g, width, height);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, width, height)).writeTo(bytes);
    return bytes.toByteArray();
  }

  /** Gives the clip paths under {@code e} the ids {@code clip(from + 1)}, ..., in order. */
  private static int renumberClips(Element e, int from) {
    NodeList defs = e.getElementsByTagNameNS("*", "clipPath");
    int n = from;
    for (int i = 0; i < defs.getLength(); i++) {
      Element clip = (Element) defs.item(i);
      String old = "url(#" + clip.getAttribute("id") + ")";
      String id = String.format(Locale.ROOT, "clip%d", ++n);
      clip.setAttribute("id", id);
      NodeList all = e.getElementsByTagNameNS("*", "*");
      for (int k = 0; k < all.getLength(); k++) {
        Element user = (Element) all.item(k);
        if (old.equals(user.getAttribute("clip-path"))) {
          user.setAttribute("clip-path", "url(#" + id + ")");
        }
      }
    }
    return n;
  }

  /**
   * Rounds the coordinates of every path under {@code e} to a hundredth of a pixel: the glyph
   * outlines come with up to nine decimals, which made a three-chart image a megabyte.
   */
  private static void roundPaths(Element e) {
    NodeList paths = e.getElementsByTagNameNS("*", "path");
    for (int i = 0; i < paths.getLength(); i++) {
      Element path = (Element) paths.item(i);
      Matcher m = DECIMAL.matcher(path.getAttribute("d"));
      StringBuilder sb = new StringBuilder();
      while (m.find()) {
        String r = BigDecimal.valueOf(Double.parseDouble(m.group())).setScale(2, RoundingMode.HALF_EVEN)
            .stripTrailingZeros().toPlainString();
        m.appendReplacement(sb, r.equals("-0") ? "0" : r);
      }
      m.appendTail(sb);
      path.setAttribute("d", sb.toString());
    }
  }

  /** What a panel shows, in words: its axes and its series, one per line. */
  static String describe(Chart<?, ?> chart) {
    StringBuilder sb = new StringBuilder();
    sb.append("x axis: ").append(chart.getXAxisTitle()).append('\n');
    sb.append("y axis: ").append(chart.getYAxisTitle()).append('\n');
    for (String series : chart.getSeriesMap().keySet()) {
      sb.append("series: ").append(series).append('\n');
    }
    return sb.toString();
  }

  private static Node text(Document doc, String tag, String content) {
    Element e = doc.createElementNS(SVG_NS, tag);
    e.setTextContent(content);
    return e;
  }

  /** A namespace-aware parser that never fetches the DTD VectorGraphics2D names. */
  private static DocumentBuilder parser() throws ParserConfigurationException {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    return f.newDocumentBuilder();
  }
}
