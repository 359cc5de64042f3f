//! A distance histogram as a bar chart: states per distance, and the Impossible ones apart.

use svg::node::element::{Group, Line};

use super::draw::{self, Anchor, Build};
use super::drawing::Drawing;
use super::error::RenderError;
use super::palette;
use super::text::fitted;

/// A histogram to draw: how many states lie at each distance, and how many have none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistogramPicture {
    /// `counts[d]` states lie at distance `d` (moves or presses), for `d` in `0..counts.len()`.
    pub counts: Vec<u64>,
    /// States with no distance, drawn as a separate bar at the right (0: no bar).
    pub impossible: u64,
    /// The chart's title. Each text is drawn cut to what the chart's width can show.
    pub title: String,
    /// The label of the horizontal axis.
    pub x_label: String,
    /// The label of the vertical axis.
    pub y_label: String,
    /// The label under the separate bar.
    pub impossible_label: String,
}

impl HistogramPicture {
    /// A histogram with the usual labels: `Distance histogram`, `distance (moves)`, `states`
    /// and `Impossible`.
    pub fn new(counts: Vec<u64>, impossible: u64) -> HistogramPicture {
        HistogramPicture {
            counts,
            impossible,
            title: "Distance histogram".to_owned(),
            x_label: "distance (moves)".to_owned(),
            y_label: "states".to_owned(),
            impossible_label: "Impossible".to_owned(),
        }
    }
}

/// The size of the chart, in user units.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
/// The plot area: its left, top, right and bottom edges.
const LEFT: f64 = 84.0;
const TOP: f64 = 40.0;
const RIGHT: f64 = WIDTH - 16.0;
const BOTTOM: f64 = HEIGHT - 52.0;

/// [`HistogramPicture::draw`].
pub(crate) fn draw_histogram(histogram: &HistogramPicture) -> Result<Drawing, RenderError> {
    let impossible_slots = if histogram.impossible > 0 { 2 } else { 0 };
    let slots = histogram.counts.len() + impossible_slots;
    if slots == 0 {
        return Err(RenderError::Invalid("expected at least one count, found none".to_owned()));
    }
    let largest = histogram.counts.iter().copied().chain([histogram.impossible]).max().unwrap_or(0);
    let step = draw::nice_step(largest, 5);
    let top_value = largest.div_ceil(step).max(1) * step;
    let plot_h = BOTTOM - TOP;
    let slot = (RIGHT - LEFT) / slots as f64;
    let bar_w = slot * 0.8;
    let height_of = |count: u64| count as f64 / top_value as f64 * plot_h;

    let title = fitted(&histogram.title, WIDTH, 15.0);
    let x_label = fitted(&histogram.x_label, WIDTH, 12.0);
    let y_label = fitted(&histogram.y_label, HEIGHT, 12.0);
    let impossible_label = fitted(&histogram.impossible_label, WIDTH, 11.0);
    let text_chars = [&title, &x_label, &y_label, &impossible_label]
        .iter()
        .map(|text| text.chars().count() as u64)
        .sum();

    let mut axes = Group::new().set("class", "axes");
    for tick in draw::ticks(top_value, 5) {
        let y = BOTTOM - height_of(tick);
        axes = axes.add(line(LEFT, y, RIGHT, y, palette::GRID, "grid")).add(draw::label(
            &thousands(tick),
            LEFT - 6.0,
            y + 4.0,
            11.0,
            Anchor::End,
        ));
    }
    axes = axes.add(line(LEFT, TOP, LEFT, BOTTOM, palette::INK, "axis")).add(line(
        LEFT,
        BOTTOM,
        RIGHT,
        BOTTOM,
        palette::INK,
        "axis",
    ));

    let mut bars = Group::new().set("class", "bars");
    let every = draw::nice_step(histogram.counts.len().saturating_sub(1) as u64, 16) as usize;
    for (d, &count) in histogram.counts.iter().enumerate() {
        let x = LEFT + d as f64 * slot + (slot - bar_w) / 2.0;
        let h = height_of(count);
        bars = bars.add(
            draw::rect("bar", x, BOTTOM - h, bar_w, h, palette::BAR)
                .set("data-distance", d)
                .set("data-count", count),
        );
        if d % every == 0 {
            bars = bars.add(draw::label(
                &d.to_string(),
                x + bar_w / 2.0,
                BOTTOM + 15.0,
                11.0,
                Anchor::Middle,
            ));
        }
    }
    if histogram.impossible > 0 {
        let x = LEFT + (slots - 1) as f64 * slot + (slot - bar_w) / 2.0;
        let h = height_of(histogram.impossible);
        bars = bars
            .add(
                draw::rect("bar impossible", x, BOTTOM - h, bar_w, h, palette::BAR_IMPOSSIBLE)
                    .set("data-count", histogram.impossible),
            )
            .add(draw::label(
                &impossible_label,
                x + bar_w / 2.0,
                BOTTOM + 15.0,
                11.0,
                Anchor::Middle,
            ));
    }

    let y_mid = (TOP + BOTTOM) / 2.0;
    let labels = Group::new()
        .set("class", "labels")
        .add(draw::label(&title, WIDTH / 2.0, 24.0, 15.0, Anchor::Middle).set("class", "title"))
        .add(
            draw::label(&x_label, (LEFT + RIGHT) / 2.0, HEIGHT - 14.0, 12.0, Anchor::Middle)
                .set("class", "x-label"),
        )
        .add(
            draw::label(&y_label, 20.0, y_mid, 12.0, Anchor::Middle)
                .set("class", "y-label")
                .set("transform", format!("rotate(-90 20 {y_mid})")),
        );
    let title = format!("{}: {} distances", histogram.title, histogram.counts.len());
    let mut drawing = Drawing::new(WIDTH, HEIGHT, title);
    drawing.text_chars = text_chars;
    drawing.add(axes);
    drawing.add(bars);
    drawing.add(labels);
    Ok(drawing)
}

impl HistogramPicture {
    /// The bar chart of a histogram, 640 x 360 user units.
    ///
    /// The plot area runs from x = 84 to 624 and from y = 40 (top) to 308 (the horizontal axis).
    /// One `<rect class="bar">` per distance, with `data-distance` and `data-count`, standing on
    /// the axis (its `y + height` is 308) with `height = count / top * 268`, where `top` is the
    /// value of the highest tick of the vertical axis (a round number at least the largest count);
    /// a bar of 0 has height 0. When `impossible > 0`, one more `<rect class="bar impossible">`
    /// after a gap of one bar. Horizontal grid lines and labels at round values, distance labels
    /// under the bars, and the axis labels.
    ///
    /// # Errors
    ///
    /// [`RenderError::Invalid`] when there is nothing to draw: no counts and no impossible states.
    pub fn draw(&self) -> Result<Drawing, RenderError> {
        draw_histogram(self)
    }
}

/// A thin line with a class.
fn line(x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, class: &str) -> Line {
    Line::new()
        .set("class", class)
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("stroke", stroke)
        .set("stroke-width", 1)
}

/// `n` with a comma between groups of three digits: `1,048,576`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(65_536), "65,536");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }
}
