/*
 * Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
 * in compliance with the License. You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software distributed under the License
 * is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express
 * or implied. See the License for the specific language governing permissions and limitations under
 * the License.
 */
package dev.flinkgeometry.benchmarks.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * A horizontal grouped bar chart, drawn headless with Java2D: one group of bars per row label, one
 * bar per series, each labelled with its value. Optionally on a log scale, since Kryo and WKB are
 * one to three orders of magnitude slower than the rest.
 */
final class BarChart {
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0x17becf), new Color(0xff7f0e), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x2ca02c), new Color(0x7f7f7f), new Color(0xbcbd22),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x393b79), new Color(0x637939)
    };
    private static final int WIDTH = 1000;
    private static final int BAR = 13;
    private static final int GROUP_GAP = 12;
    private static final int LEFT = 190;
    private static final int RIGHT = 90;
    private static final int TOP = 60;

    private final String title;
    private final String axis;
    private final List<String> groups;
    private final List<String> series;
    private final double[][] values;
    private final boolean log;

    /** {@code values[group][series]}; {@code NaN} where there is no result. */
    BarChart(
            String title,
            String axis,
            List<String> groups,
            List<String> series,
            double[][] values,
            boolean log) {
        this.title = title;
        this.axis = axis;
        this.groups = groups;
        this.series = series;
        this.values = values;
        this.log = log;
    }

    void write(Path png) throws IOException {
        int rows = 0;
        for (double[] group : values) {
            for (double v : group) {
                rows += Double.isNaN(v) ? 0 : 1;
            }
        }
        int legendHeight = 24;
        int height = TOP + legendHeight + rows * BAR + groups.size() * GROUP_GAP + 50;
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(
                    RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            draw(g, height, legendHeight);
        } finally {
            g.dispose();
        }
        if (!ImageIO.write(image, "png", png.toFile())) {
            throw new IOException("no PNG writer");
        }
    }

    private void draw(Graphics2D g, int height, int legendHeight) {
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString(title, 10, 22);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        int x = 10;
        for (int s = 0; s < series.size(); s++) {
            g.setColor(PALETTE[s % PALETTE.length]);
            g.fillRect(x, 36, 10, 10);
            g.setColor(Color.BLACK);
            g.drawString(series.get(s), x + 14, 45);
            x += 18 + g.getFontMetrics().stringWidth(series.get(s)) + 12;
        }
        double max = 0;
        double min = Double.MAX_VALUE;
        for (double[] group : values) {
            for (double v : group) {
                if (!Double.isNaN(v) && v > 0) {
                    max = Math.max(max, v);
                    min = Math.min(min, v);
                }
            }
        }
        if (max == 0) {
            return;
        }
        double low = log ? Math.pow(10, Math.floor(Math.log10(min))) : 0;
        double high = log ? Math.pow(10, Math.ceil(Math.log10(max))) : max * 1.05;
        int plotWidth = WIDTH - LEFT - RIGHT;
        int y = TOP + legendHeight - 10;
        int plotTop = y;
        for (int group = 0; group < groups.size(); group++) {
            int groupTop = y;
            for (int s = 0; s < series.size(); s++) {
                double v = values[group][s];
                if (Double.isNaN(v)) {
                    continue;
                }
                int length = (int) Math.round(plotWidth * fraction(v, low, high));
                g.setColor(PALETTE[s % PALETTE.length]);
                g.fillRect(LEFT, y, Math.max(1, length), BAR - 2);
                g.setColor(Color.DARK_GRAY);
                g.drawString(format(v), LEFT + Math.max(1, length) + 4, y + BAR - 3);
                y += BAR;
            }
            g.setColor(Color.BLACK);
            g.drawString(groups.get(group), 10, (groupTop + y) / 2 + 4);
            y += GROUP_GAP;
        }
        g.setColor(Color.GRAY);
        g.setStroke(new BasicStroke(1));
        g.drawLine(LEFT, plotTop, LEFT, y);
        g.drawLine(LEFT, y, LEFT + plotWidth, y);
        g.setColor(Color.BLACK);
        if (log) {
            for (double tick = low; tick <= high * 1.0001; tick *= 10) {
                int tx = LEFT + (int) Math.round(plotWidth * fraction(tick, low, high));
                g.drawLine(tx, y, tx, y + 4);
                g.drawString(format(tick), tx - 10, y + 16);
            }
        } else {
            g.drawString("0", LEFT - 3, y + 16);
            g.drawString(format(high), LEFT + plotWidth - 20, y + 16);
        }
        g.drawString(axis + (log ? " (log scale)" : ""), LEFT + plotWidth / 2 - 60, height - 12);
    }

    private double fraction(double v, double low, double high) {
        if (log) {
            return (Math.log10(v) - Math.log10(low)) / (Math.log10(high) - Math.log10(low));
        }
        return v / high;
    }

    static String format(double v) {
        if (v >= 100) {
            return String.format("%,.0f", v);
        }
        if (v >= 10) {
            return String.format("%.1f", v);
        }
        return String.format("%.2f", v);
    }
}
