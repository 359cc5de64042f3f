//! The contact sheet of a level pack: one HTML page with a thumbnail and the answer of every
//! level, openable from the disk without a server.

use std::fmt::Write as _;

use html_escape::{encode_double_quoted_attribute, encode_text};

use super::error::RenderError;
use super::text::well_formed;

/// `value` as the text of an element: escaped, and only characters XML allows
/// ([`well_formed`]).
fn text(value: &str) -> String {
    encode_text(&well_formed(value)).into_owned()
}

/// `value` as a double-quoted attribute's value, as [`text`].
fn attr(value: &str) -> String {
    encode_double_quoted_attribute(&well_formed(value)).into_owned()
}

/// What the solver said about a level.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Solved in this many moves.
    Moves(u64),
    /// No sequence of moves reaches the goal.
    Impossible,
    /// The level could not be read or searched; the message says why.
    Error(String),
}

/// One level of the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SheetEntry {
    /// The level's 1-based number in its pack.
    pub level: usize,
    /// Rows of the level (0 when unknown, for a level that could not be read).
    pub rows: usize,
    /// Columns of the level (0 when unknown).
    pub cols: usize,
    /// The answer.
    pub outcome: Outcome,
    /// States the search explored, when it ran.
    pub states_explored: Option<u64>,
    /// The level's picture, relative to the page (`level-0001.svg`); the thumbnail links to it
    /// and, unless [`SheetEntry::thumbnail`] is set, shows it. `None` when there is no picture
    /// (a level that could not be read).
    pub image: Option<String>,
    /// A picture to show in the thumbnail instead of [`SheetEntry::image`], relative to the page:
    /// one without a legend (`LevelOptions { legend: false, .. }`) shows a small level larger.
    /// Ignored without an image.
    pub thumbnail: Option<String>,
    /// Further pictures linked under the thumbnail, as (words, relative reference):
    /// `("path", "level-0001-path.svg")`.
    pub links: Vec<(String, String)>,
    /// The level's title ([`Level::title`](crate::bloxorz::Level::title)), if any.
    pub title: Option<String>,
}

/// A pack's contact sheet.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ContactSheet {
    /// The page's title and heading (the pack's file name, say).
    pub title: String,
    /// The levels, in pack order.
    pub entries: Vec<SheetEntry>,
}

/// Checks that `reference` is relative: no scheme, not absolute, no backslash, not empty, so
/// that the page works wherever its directory is copied.
fn check_relative(level: usize, reference: &str) -> Result<(), RenderError> {
    let first = reference.split('/').next().unwrap_or("");
    if reference.is_empty() || first.is_empty() || first.contains(':') || reference.contains('\\') {
        return Err(RenderError::Invalid(format!(
            "level {level}: expected a relative reference such as level-0001.svg, found {reference:?}"
        )));
    }
    Ok(())
}

/// [`ContactSheet::html`].
pub(crate) fn contact_sheet_html(sheet: &ContactSheet) -> Result<String, RenderError> {
    for entry in &sheet.entries {
        let links = entry.links.iter().map(|(_, r)| r);
        for reference in entry.image.iter().chain(&entry.thumbnail).chain(links) {
            check_relative(entry.level, reference)?;
        }
    }
    let count = |f: fn(&Outcome) -> bool| sheet.entries.iter().filter(|e| f(&e.outcome)).count();
    let solved = count(|o| matches!(o, Outcome::Moves(_)));
    let impossible = count(|o| matches!(o, Outcome::Impossible));
    let errors = count(|o| matches!(o, Outcome::Error(_)));
    let size = ContactSheet::THUMBNAIL_SIZE;
    let mut page = String::with_capacity(600 + 500 * sheet.entries.len());
    let title = text(&sheet.title);
    // Writing to a String cannot fail.
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n\
         <meta charset=\"utf-8\"/>\n\
         <title>{title}</title>\n<style>\n\
         body {{ font-family: \"Noto Sans\", \"DejaVu Sans\", Arial, sans-serif; margin: 16px; \
         color: #1b1f24; background: #f6f7f9; }}\n\
         main {{ display: grid; grid-template-columns: repeat(auto-fill, {cell}px); gap: 12px; }}\n\
         figure {{ margin: 0; padding: 8px; background: #ffffff; border: 1px solid #d0d4d9; \
         border-radius: 4px; }}\n\
         figure.impossible {{ border-color: #9aa0a6; }}\n\
         figure.error {{ border-color: #c0392b; }}\n\
         img.thumb, div.no-image {{ display: block; width: {size}px; height: {size}px; \
         object-fit: contain; background: #ffffff; }}\n\
         div.no-image {{ color: #c0392b; text-align: center; line-height: {size}px; }}\n\
         figcaption {{ font-size: 12px; margin-top: 6px; overflow-wrap: anywhere; }}\n\
         figure {{ position: relative; }}\n\
         span.badge {{ position: absolute; top: 4px; right: 4px; padding: 1px 6px; \
         border-radius: 8px; font-size: 11px; font-weight: bold; color: #ffffff; z-index: 1; }}\n\
         span.badge.impossible {{ background: #5f6368; }}\n\
         span.badge.error {{ background: #c0392b; }}\n\
         span.title {{ font-style: italic; }}\n\
         #controls {{ margin: 0 0 12px 0; font-size: 13px; }}\n\
         </style>\n</head>\n<body>\n<h1>{title}</h1>\n\
         <p id=\"summary\">{levels} level{s}: {solved} solved, {impossible} Impossible, \
         {errors} error{es}</p>\n{controls}<main>\n",
        controls = CONTROLS,
        cell = size + 18,
        levels = sheet.entries.len(),
        s = if sheet.entries.len() == 1 { "" } else { "s" },
        es = if errors == 1 { "" } else { "s" },
    );
    for entry in &sheet.entries {
        let n = entry.level;
        let (class, answer) = match &entry.outcome {
            Outcome::Moves(m) => ("solved", format!("{m} move{}", if *m == 1 { "" } else { "s" })),
            Outcome::Impossible => ("impossible", "Impossible".to_owned()),
            Outcome::Error(message) => ("error", format!("Error: {message}")),
        };
        let moves = match &entry.outcome {
            Outcome::Moves(m) => m.to_string(),
            _ => String::new(),
        };
        let states = entry.states_explored.map_or(String::new(), |s| s.to_string());
        let _ = writeln!(
            page,
            "<figure class=\"level {class}\" id=\"level-{n}\" data-level=\"{n}\" \
             data-moves=\"{moves}\" data-states=\"{states}\" data-outcome=\"{class}\">"
        );
        match &entry.outcome {
            Outcome::Impossible => {
                page.push_str("<span class=\"badge impossible\">Impossible</span>\n");
            }
            Outcome::Error(_) => page.push_str("<span class=\"badge error\">Error</span>\n"),
            Outcome::Moves(_) => {}
        }
        match &entry.image {
            Some(image) => {
                let shown = attr(entry.thumbnail.as_ref().unwrap_or(image));
                let _ = writeln!(
                    page,
                    "<a href=\"{}\"><img id=\"thumb-{n}\" class=\"thumb\" src=\"{shown}\" \
                     width=\"{size}\" height=\"{size}\" alt=\"level {n}\"/></a>",
                    attr(image)
                );
            }
            None => {
                let _ = writeln!(page, "<div class=\"no-image\">no picture</div>");
            }
        }
        let _ = write!(page, "<figcaption><b>Level {n}</b>");
        if let Some(title) = &entry.title {
            let _ = write!(page, " <span class=\"title\">{}</span>", text(title));
        }
        if entry.rows > 0 {
            let _ = write!(page, " · {} x {}", entry.rows, entry.cols);
        }
        let _ = write!(page, "<br/>{}", text(&answer));
        if let Some(states) = entry.states_explored {
            let _ = write!(page, "<br/>{states} states explored");
        }
        for (words, reference) in &entry.links {
            let _ = write!(page, "<br/><a href=\"{}\">{}</a>", attr(reference), text(words));
        }
        page.push_str("</figcaption>\n</figure>\n");
    }
    page.push_str("</main>\n");
    page.push_str(SCRIPT);
    page.push_str("</body>\n</html>\n");
    Ok(page)
}

impl ContactSheet {
    /// The side of the square each thumbnail is drawn in, in CSS pixels: every `<img>` has
    /// `width` and `height` set to it (the picture is scaled to fit, keeping its proportions), so
    /// the page's layout does not wait for the images and a test knows where each one is.
    pub const THUMBNAIL_SIZE: u32 = 160;

    /// The contact sheet as an HTML5 page (UTF-8, one inline style sheet, one inline script that
    /// sorts and filters the levels, nothing loaded but the levels' pictures). The page is also
    /// well-formed XML (polyglot markup: void elements closed with `/>`, no named entities, the
    /// script in a commented CDATA section), so tests and scripts can read it with an XML parser.
    ///
    /// After a heading, a summary line (`<p id="summary">`: levels, solved, Impossible, errors) and
    /// the controls (`<select id="sort">`, `<select id="filter">`), one `<figure class="level
    /// solved|impossible|error" id="level-N" data-level="N" data-moves="M" data-states="S"
    /// data-outcome="solved|impossible|error">` per entry, in order (`data-moves` and
    /// `data-states` empty when unknown), holding:
    ///
    /// - for an Impossible level or one that could not be read, a badge: `<span class="badge
    ///   impossible">Impossible</span>` or `<span class="badge error">Error</span>`;
    /// - `<a href="IMAGE"><img id="thumb-N" class="thumb" src="THUMBNAIL" width="160"
    ///   height="160" alt="..."/></a>` when the entry has a picture (`THUMBNAIL` is the image when
    ///   the entry has no thumbnail), else `<div class="no-image">` of the same size;
    /// - a `<figcaption>`: `Level N`, the title (`<span class="title">`) when there is one,
    ///   `R x C`, `M moves` / `Impossible` / the error message, `S states explored`, and the
    ///   further links.
    ///
    /// The script orders the figures by the sort chosen (`pack`: level order; `moves-asc` and
    /// `moves-desc`: by par, the levels without one after; `states-desc`: most states explored
    /// first; `impossible-first`, `errors-first`: those levels first, each group in level order) and
    /// hides those the filter leaves out (`all`, `solved`, `impossible`, `error`). The page's
    /// address fragment chooses them when it opens (`index.html#sort=moves-desc&filter=solved`),
    /// and follows the controls.
    ///
    /// Every `src` and `href` is the entry's own reference, escaped; nothing else is referenced.
    /// Thumbnails load eagerly (no lazy loading), so a screenshot of the page shows them all.
    ///
    /// # Errors
    ///
    /// [`RenderError::Invalid`] for a reference that is not relative (a scheme such as `http:`, a
    /// leading `/`, a backslash, or empty).
    pub fn html(&self) -> Result<String, RenderError> {
        contact_sheet_html(self)
    }
}

/// The sort and filter controls of the sheet.
const CONTROLS: &str = "<form id=\"controls\"><label>Sort: <select id=\"sort\">\
<option value=\"pack\">level order</option>\
<option value=\"moves-asc\">par, lowest first</option>\
<option value=\"moves-desc\">par, highest first</option>\
<option value=\"states-desc\">states explored, most first</option>\
<option value=\"impossible-first\">Impossible first</option>\
<option value=\"errors-first\">errors first</option>\
</select></label> <label>Show: <select id=\"filter\">\
<option value=\"all\">all levels</option>\
<option value=\"solved\">solved</option>\
<option value=\"impossible\">Impossible</option>\
<option value=\"error\">errors</option>\
</select></label></form>\n";

/// The script that sorts and filters the figures (see [`ContactSheet::html`]); it reads and
/// writes the choice in the address fragment.
const SCRIPT: &str = r##"<script>
//<![CDATA[
(function () {
  var main = document.querySelector("main");
  var figures = Array.prototype.slice.call(main.querySelectorAll("figure"));
  var sort = document.getElementById("sort");
  var filter = document.getElementById("filter");
  function number(figure, key) {
    var value = figure.getAttribute("data-" + key);
    return value === "" ? null : Number(value);
  }
  function rank(figure, first) {
    return figure.getAttribute("data-outcome") === first ? 0 : 1;
  }
  var keys = {
    "pack": function (a, b) { return 0; },
    "moves-asc": function (a, b) {
      var x = number(a, "moves"), y = number(b, "moves");
      if (x === null || y === null) { return (x === null) - (y === null); }
      return x - y;
    },
    "moves-desc": function (a, b) {
      var x = number(a, "moves"), y = number(b, "moves");
      if (x === null || y === null) { return (x === null) - (y === null); }
      return y - x;
    },
    "states-desc": function (a, b) {
      var x = number(a, "states"), y = number(b, "states");
      if (x === null || y === null) { return (x === null) - (y === null); }
      return y - x;
    },
    "impossible-first": function (a, b) { return rank(a, "impossible") - rank(b, "impossible"); },
    "errors-first": function (a, b) { return rank(a, "error") - rank(b, "error"); }
  };
  function apply() {
    var key = keys[sort.value] || keys.pack;
    var sorted = figures.slice().sort(function (a, b) {
      return key(a, b) || number(a, "level") - number(b, "level");
    });
    sorted.forEach(function (figure) {
      var outcome = figure.getAttribute("data-outcome");
      figure.style.display = filter.value === "all" || filter.value === outcome ? "" : "none";
      main.appendChild(figure);
    });
    history.replaceState(null, "", "#sort=" + sort.value + "&filter=" + filter.value);
  }
  location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
    var parts = pair.split("=");
    if (parts[0] === "sort" && keys[parts[1]]) { sort.value = parts[1]; }
    if (parts[0] === "filter") { filter.value = parts[1]; }
  });
  if (!filter.value) { filter.value = "all"; }
  sort.addEventListener("change", apply);
  filter.addEventListener("change", apply);
  apply();
})();
//]]>
</script>
"##;
