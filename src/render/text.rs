//! Text from outside (a level's title, `--title`, a histogram's labels, a sheet's messages) as
//! pictures hold it: only characters XML 1.0 allows, and no more of it than can show.

use std::borrow::Cow;

/// The character put in place of one that XML cannot hold.
pub(crate) const REPLACEMENT: char = '\u{FFFD}';

/// Whether XML 1.0 allows `c` in a document's text (its `Char` production): not the C0
/// controls other than tab, line feed and carriage return, nor U+FFFE and U+FFFF.
fn allowed(c: char) -> bool {
    !matches!(c, '\0'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}')
}

/// `text` with every character XML 1.0 cannot hold replaced by U+FFFD: what every drawn text,
/// every `<title>` and the contact sheet's text go through, so that a picture always parses.
pub(crate) fn well_formed(text: &str) -> Cow<'_, str> {
    if text.chars().all(allowed) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| if allowed(c) { c } else { REPLACEMENT }).collect())
}

/// The narrowest a drawn character that advances the line is, as a fraction of the font size
/// (the narrowest glyphs of the fonts pictures name, the thin spaces, are wider than this).
const NARROWEST: f64 = 0.1;

/// The most characters a line of `width` user units at font size `size` can show: at least one.
pub(crate) fn max_chars(width: f64, size: f64) -> usize {
    // `as` saturates: a width of no number gives 1, an endless one `usize::MAX`.
    ((width / (size * NARROWEST)).ceil() as usize).max(1)
}

/// `text` (as [`well_formed`]) cut to what a line of `width` user units at font size `size` can
/// show ([`max_chars`] characters, the last of a cut text `…`). The cost of drawing a text (its
/// layout, its glyphs in a PNG) then grows with the picture, not with the text.
pub(crate) fn fitted(text: &str, width: f64, size: f64) -> Cow<'_, str> {
    let limit = max_chars(width, size);
    match text.char_indices().nth(limit) {
        None => well_formed(text),
        Some(_) => {
            let end = text.char_indices().nth(limit - 1).map_or(text.len(), |(at, _)| at);
            let mut cut = well_formed(&text[..end]).into_owned();
            cut.push('…');
            Cow::Owned(cut)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_other_than_tab_and_line_breaks_are_replaced() {
        assert_eq!(well_formed("a\tb\nc\rd"), "a\tb\nc\rd");
        assert!(matches!(well_formed("plain"), Cow::Borrowed(_)));
        assert_eq!(
            well_formed("\u{1b}]0;x\u{7}\u{1}\u{c}\u{0}"),
            "\u{fffd}]0;x\u{fffd}\u{fffd}\u{fffd}\u{fffd}"
        );
        assert_eq!(well_formed("\u{fffe}\u{ffff}\u{fffd}\u{85}"), "\u{fffd}\u{fffd}\u{fffd}\u{85}");
    }

    #[test]
    fn fitted_text_is_bounded_by_the_width() {
        let long = "é".repeat(10_000);
        let cut = fitted(&long, 100.0, 10.0);
        assert_eq!(cut.chars().count(), max_chars(100.0, 10.0));
        assert!(cut.ends_with('…'));
        assert_eq!(fitted("short", 100.0, 10.0), "short");
        let exact = "x".repeat(max_chars(100.0, 10.0));
        assert_eq!(fitted(&exact, 100.0, 10.0), exact);
        assert_eq!(fitted("ab\u{7}", 0.0, 10.0), "…");
        assert_eq!(fitted("ab\u{7}", 2.0, 10.0), "a…");
        assert_eq!(max_chars(f64::NAN, 10.0), 1);
    }

    /// What XML cannot hold, as a title or label might bring it.
    const HOSTILE: &str = "a\u{1b}]0;set\u{7} \u{1}\u{c}\u{0}\u{fffe}\u{ffff} <&> z";

    /// Every text of `xml` (text nodes and attribute values) holds only characters XML allows,
    /// and the document parses.
    fn check_parses(xml: &str) {
        let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
        let doc = roxmltree::Document::parse_with_options(xml, options)
            .unwrap_or_else(|e| panic!("not well-formed XML: {e}"));
        assert!(doc.descendants().count() > 2);
    }

    /// The text of the first `<text>` element of class `class` in `svg`.
    fn text_of(svg: &str, class: &str) -> String {
        let doc = roxmltree::Document::parse(svg).unwrap();
        let node = doc
            .descendants()
            .find(|n| n.has_tag_name("text") && n.attribute("class") == Some(class))
            .unwrap_or_else(|| panic!("no text of class {class}"));
        node.text().unwrap_or("").to_owned()
    }

    #[test]
    fn every_picture_with_control_characters_in_its_text_is_well_formed() {
        use crate::render::{
            ContactSheet, HistogramPicture, LevelOptions, LevelPicture, Outcome, PngOptions,
            SheetEntry,
        };
        let mut level = LevelPicture::from_rows(&["X.E#", "..EO"]).unwrap();
        level.title = Some(HOSTILE.to_owned());
        let options = LevelOptions { heading: true, ..LevelOptions::default() };
        let drawing = level.draw(&options).unwrap();
        let svg = drawing.to_svg();
        check_parses(&svg);
        assert_eq!(text_of(&svg, "heading"), well_formed(HOSTILE));
        drawing.to_png(&PngOptions::default()).unwrap();

        let mut histogram = HistogramPicture::new(vec![1, 4, 2], 3);
        histogram.title = HOSTILE.to_owned();
        histogram.x_label = HOSTILE.to_owned();
        histogram.y_label = HOSTILE.to_owned();
        histogram.impossible_label = HOSTILE.to_owned();
        let drawing = histogram.draw().unwrap();
        check_parses(&drawing.to_svg());
        drawing.to_png(&PngOptions::default()).unwrap();

        let entry = SheetEntry {
            level: 1,
            rows: 2,
            cols: 4,
            outcome: Outcome::Error(HOSTILE.to_owned()),
            states_explored: None,
            image: Some("level-0001.svg".to_owned()),
            thumbnail: None,
            links: vec![(HOSTILE.to_owned(), "level-0001-path.svg".to_owned())],
            title: Some(HOSTILE.to_owned()),
        };
        let sheet = ContactSheet { title: HOSTILE.to_owned(), entries: vec![entry] };
        let html = sheet.html().unwrap();
        check_parses(&html);
        assert!(!html.contains('\u{1b}') && !html.contains('\u{ffff}'));
    }

    #[test]
    fn a_long_heading_is_cut_to_the_pictures_width_and_counted() {
        use crate::render::{HistogramPicture, LevelOptions, LevelPicture, PngOptions};
        let mut level = LevelPicture::from_rows(&["X.E#", "..EO"]).unwrap();
        let options = LevelOptions { heading: true, ..LevelOptions::default() };
        level.title = Some("short".to_owned());
        let short = level.draw(&options).unwrap();
        level.title = Some(";".repeat(200_000));
        let long = level.draw(&options).unwrap();
        assert_eq!(long.width(), short.width());
        let heading = text_of(&long.to_svg(), "heading");
        let limit = max_chars(long.width(), 15.0);
        assert!(heading.chars().count() <= limit, "{} > {limit}", heading.chars().count());
        assert!(heading.ends_with('…'));
        // The `<title>` keeps the whole title; the PNG counts the glyphs drawn.
        assert!(long.to_svg().contains(&";".repeat(200_000)));
        let png = PngOptions::default();
        let glyphs = heading.chars().count() as u64 - "short".len() as u64;
        assert_eq!(
            long.png_bytes(&png).unwrap(),
            short.png_bytes(&png).unwrap() + glyphs * crate::render::drawing::GLYPH_BYTES
        );

        let mut histogram = HistogramPicture::new(vec![1, 4, 2], 0);
        histogram.title = "x".repeat(100_000);
        let svg = histogram.draw().unwrap().to_svg();
        assert!(text_of(&svg, "title").chars().count() <= max_chars(640.0, 15.0));
    }
}
