//! The designer's pictures (issue 28): the contact sheet's badges, titles, sorting and filtering
//! (in headless Chromium, `FLIPBLOX_CHROMIUM`), path pictures whose step numbers never overlap,
//! grid lines and titles.

use std::path::Path;

use roxmltree::Document;

use crate::common::bloxorz::replay;
use crate::common::{flipblox, read_text, stderr, stdout, write_file};

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A pack of eight levels: solved with pars 4, 1, 8 and 1 (states explored differing), three
/// Impossible ones, one that cannot be read, titles on some.
const PACK: &str = "; Four moves\n1 7\nX.....O\n1 3\nXXO\n; Impossible\n1 4\nX#.O\n\
                    3 10\nX.........\n..........\n.........O\n1 2\nXq\n; One\n1 4\n.XXO\n\
                    1 4\nXX#O\n1 3\nX.O\n";

/// A figure of the sheet: its level, outcome, moves, states explored, and whether it is shown.
type Figure = (usize, String, Option<u64>, Option<u64>, bool);

/// The contact sheet's page (polyglot HTML: XML with a doctype) parsed.
fn html(page: &str) -> Document<'_> {
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    Document::parse_with_options(page, options).unwrap_or_else(|e| panic!("{e}\n{page}"))
}

/// The figures of a contact sheet's page, in document order: (level, outcome, moves, states,
/// shown).
fn figures(page: &str) -> Vec<Figure> {
    let doc = html(page);
    doc.descendants()
        .filter(|n| n.has_tag_name("figure"))
        .map(|f| {
            let number = |key: &str| f.attribute(key).and_then(|v| v.parse::<u64>().ok());
            let hidden = f.attribute("style").is_some_and(|s| s.contains("display: none"));
            (
                number("data-level").unwrap() as usize,
                f.attribute("data-outcome").unwrap().to_owned(),
                number("data-moves"),
                number("data-states"),
                !hidden,
            )
        })
        .collect()
}

/// Renders [`PACK`] into `dir/sheet/` and returns the page's path.
fn sheet(dir: &Path) -> std::path::PathBuf {
    let pack = dir.join("pack.txt");
    write_file(&pack, PACK);
    let out_dir = dir.join("sheet");
    let out =
        flipblox(&["render", "bloxorz", arg(&pack), "-o", &format!("{}/", arg(&out_dir))], b"");
    assert_eq!(out.status.code(), Some(1), "one level cannot be read: {}", stderr(&out));
    out_dir.join("index.html")
}

#[test]
fn the_contact_sheet_has_badges_titles_and_the_data_its_script_sorts_by() {
    let dir = tempfile::tempdir().unwrap();
    let page = read_text(sheet(dir.path()));
    let found = figures(&page);
    // The data are `flipblox bloxorz --json`'s.
    let out = flipblox(&["bloxorz", "--json"], PACK.as_bytes());
    let records: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(found.len(), records.len());
    for ((level, outcome, moves, states, shown), record) in found.iter().zip(&records) {
        assert_eq!(*level as u64, record["index"].as_u64().unwrap());
        assert_eq!(*moves, record["distance"].as_u64());
        assert_eq!(*states, record["states_explored"].as_u64());
        let expected = match (record["error"].is_null(), record["distance"].is_null()) {
            (false, _) => "error",
            (true, true) => "impossible",
            (true, false) => "solved",
        };
        assert_eq!(outcome, expected);
        assert!(shown);
    }
    let doc = html(&page);
    let badges: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("badge ")))
        .map(|n| {
            let figure = n.ancestors().find(|a| a.has_tag_name("figure")).unwrap();
            (figure.attribute("id").unwrap().to_owned(), n.text().unwrap().to_owned())
        })
        .collect();
    let expected: Vec<(String, String)> = [
        ("level-3", "Impossible"),
        ("level-5", "Error"),
        ("level-7", "Impossible"),
        ("level-8", "Impossible"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(badges, expected);
    let titles: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("title"))
        .map(|n| n.text().unwrap().to_owned())
        .collect();
    assert_eq!(titles, ["Four moves", "Impossible", "One"]);
    // Nothing is loaded from elsewhere: the script is inline.
    assert!(!page.contains("<script src") && !page.contains("<link"));
    for node in doc.descendants() {
        for reference in [node.attribute("src"), node.attribute("href")].into_iter().flatten() {
            assert!(reference.starts_with("level-"), "{reference}");
        }
    }
}

/// The figures of the page at `page` after Chromium ran its script with the address fragment
/// `fragment`.
fn sorted_in_chromium(page: &Path, fragment: &str) -> Vec<Figure> {
    let browser = match std::env::var("FLIPBLOX_CHROMIUM") {
        Ok(path) if !path.is_empty() => path,
        _ => panic!(
            "FLIPBLOX_CHROMIUM is not set while the tests run, but it was when they were built"
        ),
    };
    let url = format!("file://{}#{fragment}", page.display());
    let args = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", &url];
    let out = std::process::Command::new(&browser)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {browser} (FLIPBLOX_CHROMIUM): {e}"));
    assert!(out.status.success(), "{}", crate::common::describe(&browser, &args, &out));
    // Chromium writes the DOM as HTML: the figures' start tags are what is read.
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let tags: String = dom
        .match_indices("<figure")
        .map(|(at, _)| {
            let end = dom[at..].find('>').unwrap();
            format!("{}></figure>", &dom[at..at + end])
        })
        .collect();
    figures(&format!("<main>{tags}</main>"))
}

#[test]
#[cfg_attr(
    not(flipblox_chromium),
    ignore = "needs a browser: set FLIPBLOX_CHROMIUM to a Chromium binary (README; .ci/run installs Debian's chromium)"
)]
fn the_contact_sheet_sorts_and_filters_in_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let page = sheet(dir.path());
    let all = figures(&read_text(&page));
    let order = |figures: &[Figure]| -> Vec<usize> { figures.iter().map(|f| f.0).collect() };
    // The orders the page promises, worked out here from its data.
    let by = |key: &dyn Fn(&Figure) -> (u64, i64)| {
        let mut sorted = all.clone();
        sorted.sort_by_key(|f| (key(f), f.0));
        order(&sorted)
    };
    let missing_last = |v: Option<u64>, sign: i64| match v {
        Some(v) => (0, sign * v as i64),
        None => (1, 0),
    };
    let cases: Vec<(&str, Vec<usize>)> = vec![
        ("sort=pack&filter=all", order(&all)),
        ("sort=moves-asc&filter=all", by(&|f| missing_last(f.2, 1))),
        ("sort=moves-desc&filter=all", by(&|f| missing_last(f.2, -1))),
        ("sort=states-desc&filter=all", by(&|f| missing_last(f.3, -1))),
        ("sort=impossible-first&filter=all", by(&|f| (u64::from(f.1 != "impossible"), 0))),
        ("sort=errors-first&filter=all", by(&|f| (u64::from(f.1 != "error"), 0))),
    ];
    for (fragment, expected) in &cases {
        let found = sorted_in_chromium(&page, fragment);
        assert_eq!(order(&found), *expected, "{fragment}");
        assert!(found.iter().all(|f| f.4), "{fragment}: every level shown");
    }
    // The par really orders them: 8, 4, 1, 1 moves, then the Impossible and the broken levels.
    let found = sorted_in_chromium(&page, "sort=moves-desc&filter=all");
    assert_eq!(order(&found), [4, 1, 2, 6, 3, 5, 7, 8]);
    for filter in ["solved", "impossible", "error"] {
        let found = sorted_in_chromium(&page, &format!("sort=pack&filter={filter}"));
        for f in &found {
            assert_eq!(f.4, f.1 == filter, "filter {filter}: level {}", f.0);
        }
    }
}

/// The step-number labels of a path picture: (text, x, y, font size).
fn step_numbers(svg: &str) -> Vec<(String, f64, f64, f64)> {
    let doc = Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("step-number"))
        .map(|n| {
            let number = |key: &str| n.attribute(key).unwrap().parse::<f64>().unwrap();
            (n.text().unwrap().to_owned(), number("x"), number("y"), number("font-size"))
        })
        .collect()
}

#[test]
fn path_numbers_never_overlap_and_every_move_is_numbered() {
    // A level whose solution goes back and forth over the same cells: 8x8 from the generator.
    let out = flipblox(
        &["generate", "bloxorz", "--size", "8x8", "--seed", "3", "--iterations", "4000"],
        b"",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let pack = stdout(&out);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pack.txt");
    write_file(&file, &pack);
    let svg = dir.path().join("path.svg");
    let args =
        ["render", "bloxorz", arg(&file), "--level", "1", "--path", "--grid", "-o", arg(&svg)];
    let out = flipblox(&args, b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = read_text(&svg);
    let labels = step_numbers(&text);
    // Boxes: a digit or comma about 0.6 of the size wide, the line the size high; each label
    // must stay in the cell whose centre is nearest, and no two may meet.
    let boxes: Vec<(f64, f64, f64, f64)> = labels
        .iter()
        .map(|(t, x, y, size)| {
            let (w, h) = (0.6 * size * t.len() as f64, *size);
            let top = y - 0.35 * size - h / 2.0;
            (x - w / 2.0, top, x + w / 2.0, top + h)
        })
        .collect();
    for (i, a) in boxes.iter().enumerate() {
        let cell = ((a.0 + a.2) / 2.0 / 24.0).floor();
        assert!(
            a.0 >= cell * 24.0 - 0.5 && a.2 <= (cell + 1.0) * 24.0 + 0.5,
            "{:?} leaves its cell",
            labels[i]
        );
        for (j, b) in boxes.iter().enumerate().skip(i + 1) {
            let apart = a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1;
            assert!(apart, "{:?} and {:?} overlap", labels[i], labels[j]);
        }
    }
    // Every move from 0 to the par is numbered, and the path replays.
    let mut numbered: Vec<usize> = labels
        .iter()
        .flat_map(|(t, ..)| t.split(',').map(|n| n.parse::<usize>().unwrap()).collect::<Vec<_>>())
        .collect();
    numbered.sort_unstable();
    let grid = &crate::common::bloxorz::read_pack(
        &pack.lines().filter(|l| !l.starts_with(';')).collect::<Vec<_>>().join("\n"),
    )[0];
    let out = flipblox(&["bloxorz", "--path", arg(&file)], b"");
    let line = stdout(&out);
    let par = replay(grid, line.trim()).unwrap() as usize;
    assert_eq!(numbered, (0..=par).collect::<Vec<_>>());
    // Some cell carries several numbers: the level revisits cells.
    assert!(labels.iter().any(|(t, ..)| t.contains(',')), "no revisited cell");
    // The grid lines are there.
    assert!(text.contains("class=\"grid-lines\""));
}

#[test]
fn a_picture_can_carry_the_level_title_or_another() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pack.txt");
    write_file(&file, "; The corridor\n1 7\nX.....O\n");
    let svg = dir.path().join("level.svg");
    let heading = |svg: &str| -> Vec<String> {
        let doc = Document::parse(svg).unwrap();
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("heading"))
            .map(|n| n.text().unwrap().to_owned())
            .collect()
    };
    let render = |extra: &[&str]| {
        let mut args = vec!["render", "bloxorz", arg(&file), "--level", "1", "-o", arg(&svg)];
        args.extend_from_slice(extra);
        let out = flipblox(&args, b"");
        assert!(out.status.success(), "{}", stderr(&out));
        read_text(&svg)
    };
    let plain = render(&[]);
    assert!(heading(&plain).is_empty());
    assert!(plain.contains("<title>Bloxorz level, 1 x 7: The corridor</title>"), "{plain}");
    assert_eq!(heading(&render(&["--title"])), ["The corridor"]);
    assert_eq!(heading(&render(&["--title", "Corridor, by me", "--path"])), ["Corridor, by me"]);
    assert!(!render(&[]).contains("grid-lines"));
}
