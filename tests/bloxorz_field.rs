//! `flipblox export bloxorz`: the distance-to-goal field of a level, checked state by state.
//!
//! Three independent ways agree with every field:
//!
//! - the forward solver (`Solver::solve_from`) started from every legal state, run to the goal;
//! - the Bellman equations of shortest paths written with the test model of
//!   `tests/common/bloxorz.rs` (which shares no code with the library): -2 (illegal) on every
//!   state the box may not rest in, 0 standing on the goal, and `1 + min` over the legal roll-neighbours with a
//!   distance elsewhere (-1 when there is none). These determine the field: a state joined to the
//!   goal by rolls gets a distance (walk from the goal outwards), and a set of states holding
//!   distances without the goal would need a smallest one, which cannot be `1 +` a smaller one;
//! - at the start, the expected answers of the packs' `.expected` files, the plain reference BFS
//!   and `flipblox bloxorz` itself.
//!
//! Then every export format is read back and compared, NumPy loads the `.npy`, `inspect` reads
//! the binary files, and bad level numbers and bad levels are refused.

use std::path::Path;

use crate::common::bloxorz::{Grid, ROLLS, Rng, random_grid, read_pack, reference_distance, roll};
use crate::common::{
    POJ_PACKS, flipblox, flipblox_ok, project, python, python_in, read_bytes, read_dir_sorted,
    read_text, stderr, stdout, write_file,
};
use flipblox::bloxorz::{DistanceField, Level, Limits, Orientation, PackReader, Placement, Solver};
use flipblox::table_file::{Loaded, NpyTable, Table, load};

/// The cells the box covers in orientation `o` with its anchor at `(r, c)`, sorted as the test
/// model keeps them.
fn cubes(r: i64, c: i64, o: usize) -> [(i64, i64); 2] {
    match o {
        0 => [(r, c), (r, c)],
        1 => [(r, c), (r, c + 1)],
        _ => [(r, c), (r + 1, c)],
    }
}

/// The field entry for the box on `cubes`, which must be inside the field.
fn entry_of(field: &DistanceField<'_>, [a, b]: [(i64, i64); 2]) -> i32 {
    let o = match (b.0 - a.0, b.1 - a.1) {
        (0, 0) => 0,
        (0, 1) => 1,
        _ => 2,
    };
    field.get(a.0 as u32, a.1 as u32, o).expect("inside the field")
}

/// The Bellman equations with the independent test model (see the module docs).
fn check_bellman(grid: &Grid, field: &DistanceField<'_>) {
    assert_eq!((i64::from(field.rows()), i64::from(field.cols())), (grid.height(), grid.width()));
    let goal = (0..grid.height())
        .flat_map(|r| (0..grid.width()).map(move |c| (r, c)))
        .find(|&(r, c)| grid.at(r, c) == b'O')
        .unwrap();
    assert_eq!(field.goal(), (goal.0 as u32, goal.1 as u32));
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            for o in 0..3 {
                let box_ = cubes(r, c, o);
                let d = field.get(r as u32, c as u32, o).unwrap();
                let expected = if !grid.can_rest(box_) {
                    -2
                } else if box_ == [goal, goal] {
                    0
                } else {
                    ROLLS
                        .iter()
                        .map(|&(_, dir)| roll(box_, dir))
                        .filter(|&next| grid.can_rest(next))
                        .map(|next| entry_of(field, next))
                        .filter(|&e| e >= 0)
                        .min()
                        .map_or(-1, |m| m + 1)
                };
                assert_eq!(d, expected, "({r}, {c}, {o})\n{}", grid.to_text());
            }
        }
    }
}

/// For every legal state, the forward solver's distance from it to the goal equals the field
/// (-1 exactly when it says Impossible); every illegal state is -2. Returns how many legal
/// states were searched.
fn check_forward(level: &Level, field: &DistanceField<'_>, solver: &mut Solver) -> usize {
    let mut legal = 0;
    for row in 0..level.rows() {
        for col in 0..level.cols() {
            for orientation in Orientation::ALL {
                let p = Placement { row, col, orientation };
                let entry = field.at(p);
                if !level.can_rest(p) {
                    assert_eq!(entry, -2, "{p}\n{level}");
                    continue;
                }
                legal += 1;
                let distance = solver.solve_from(level, p, Limits::default()).unwrap().moves;
                assert_eq!(entry, distance.map_or(-1, |d| d as i32), "from {p}\n{level}");
            }
        }
    }
    legal
}

/// The library's field of every level of `pack` (all must read).
fn fields_of(pack: &str) -> Vec<(Level, DistanceField<'static>)> {
    let mut solver = Solver::new();
    PackReader::new(pack.as_bytes())
        .map(|level| {
            let level = level.unwrap_or_else(|e| panic!("{e}"));
            let field = solver.distance_field(&level).unwrap();
            (level, field)
        })
        .collect()
}

/// `flipblox bloxorz` on `pack`: one line per level.
fn cli_answers(pack: &[u8]) -> Vec<String> {
    let out = flipblox_ok(&["bloxorz"], pack);
    stdout(&out).lines().map(str::to_string).collect()
}

/// An answer line (`N` or `Impossible`) as a field entry.
fn as_entry(line: &str) -> i32 {
    if line == "Impossible" { -1 } else { line.parse().unwrap() }
}

/// Checks every level of `pack` every way: forward solver from every legal state, Bellman with
/// the test model, and at the start the reference BFS and `flipblox bloxorz`. Returns the start
/// entries and how many legal states the forward solver was started from.
fn check_pack(pack: &str) -> (Vec<i32>, usize) {
    let grids = read_pack(pack);
    let fields = fields_of(pack);
    assert_eq!(grids.len(), fields.len());
    let answers = cli_answers(pack.as_bytes());
    assert_eq!(answers.len(), fields.len());
    let mut solver = Solver::new();
    let (mut starts, mut legal) = (Vec::new(), 0);
    for ((grid, (level, field)), answer) in grids.iter().zip(&fields).zip(&answers) {
        check_bellman(grid, field);
        legal += check_forward(level, field, &mut solver);
        let start = field.at(level.start());
        assert_eq!(start, reference_distance(grid).map_or(-1, |d| d as i32), "{level}");
        assert_eq!(start, as_entry(answer), "{level}");
        starts.push(start);
    }
    (starts, legal)
}

#[test]
fn thousands_of_generated_levels_agree_state_by_state() {
    let mut rng = Rng(0xF1E1_D5EE);
    let grids: Vec<Grid> = (0..2000).map(|_| random_grid(&mut rng)).collect();
    let pack: String = grids.iter().map(Grid::to_text).collect::<String>() + "0 0\n";
    let (starts, legal) = check_pack(&pack);
    let solvable = starts.iter().filter(|&&d| d >= 0).count();
    assert!(solvable > 400 && starts.len() - solvable > 400, "solvable {solvable}");
    assert!(legal > 50_000, "{legal} legal states searched");
}

#[test]
fn the_poj_packs_agree_state_by_state_and_with_their_expected_answers() {
    // (data/bloxorz/mechanics.txt has switches and split switches: no field, see the test below.)
    let mut packs = 0;
    for path in POJ_PACKS.map(project) {
        let text = read_text(&path);
        if text.len() > 1_000_000 {
            continue; // large-500.txt: see the next test
        }
        let (starts, legal) = check_pack(&text);
        assert!(legal >= starts.len(), "{}", path.display());
        let expected = read_text(path.with_extension("expected"));
        let expected: Vec<i32> = expected.lines().map(as_entry).collect();
        assert_eq!(starts, expected, "{}", path.display());
        packs += 1;
    }
    assert_eq!(packs, 3, "the sample, mixed-small and the standing-start trap");
}

#[test]
fn the_500x500_fields_answer_the_expected_and_satisfy_bellman() {
    let text = read_text(project("tests/data/bloxorz/large-500.txt"));
    let expected = read_text(project("tests/data/bloxorz/large-500.expected"))
        .lines()
        .map(as_entry)
        .collect::<Vec<_>>();
    let grids = read_pack(&text);
    let fields = fields_of(&text);
    let mut rng = Rng(500);
    let mut solver = Solver::new();
    for (i, ((grid, (level, field)), want)) in grids.iter().zip(&fields).zip(&expected).enumerate()
    {
        assert_eq!(field.at(level.start()), *want, "level {}", i + 1);
        check_bellman(grid, field);
        // The forward solver from a few random legal states of each level.
        let mut searched = 0;
        while searched < 4 {
            let p = Placement {
                row: rng.below(500) as usize,
                col: rng.below(500) as usize,
                orientation: Orientation::ALL[rng.below(3) as usize],
            };
            if level.can_rest(p) {
                let d = solver.solve_from(level, p, Limits::default()).unwrap().moves;
                assert_eq!(field.at(p), d.map_or(-1, |d| d as i32), "{p}");
                searched += 1;
            }
        }
    }
    assert_eq!(fields.len(), 8);
}

#[test]
fn generated_packs_agree_state_by_state() {
    // The generator's kinds (tests/data/README.md).
    for (kind, seed) in [("open", 3), ("maze", 4), ("snake", 5), ("field", 6), ("mixed", 7)] {
        let name = format!("tests/data/bloxorz/generated/{kind}-12-9x13-seed{seed}.txt");
        let (starts, legal) = check_pack(&read_text(project(&name)));
        assert_eq!(starts.len(), 12, "{kind}");
        assert!(legal > 12 * 20, "{kind}: {legal} legal states searched");
    }
}

/// Runs `flipblox export bloxorz PACK --level N --format FORMAT [-o OUT]`.
fn export(pack: &Path, level: usize, format: &str, out: Option<&Path>) -> std::process::Output {
    let level = level.to_string();
    let mut args = vec!["export", "bloxorz", pack.to_str().unwrap(), "--level", &level];
    args.extend(["--format", format]);
    if let Some(out) = out {
        args.extend(["-o", out.to_str().unwrap()]);
    }
    flipblox(&args, b"")
}

/// Reads a CSV export with the `csv` crate and compares every record with `field`.
fn check_csv(bytes: &[u8], field: &DistanceField<'_>) {
    let mut reader = csv::Reader::from_reader(bytes);
    assert_eq!(reader.headers().unwrap(), vec!["row", "col", "orientation", "distance"]);
    let mut count = 0;
    for (i, record) in reader.records().enumerate() {
        let record = record.unwrap();
        let n = |k: usize| record[k].parse::<u32>().unwrap();
        let (row, col, o) = (n(0), n(1), n(2) as usize);
        assert_eq!((row * field.cols() + col) as usize * 3 + o, i, "records in C order");
        let d = field.get(row, col, o).unwrap();
        assert_eq!(&record[3], d.to_string(), "({row}, {col}, {o})");
        count += 1;
    }
    assert_eq!(count, field.distances().len());
}

/// Reads a JSON export with serde_json and compares the metadata and every distance.
fn check_json(bytes: &[u8], field: &DistanceField<'_>) {
    let v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    assert_eq!(v["puzzle"], "bloxorz");
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(7), Some(7)));
    assert_eq!(v["shape"], serde_json::json!([7, 7, 3]));
    assert_eq!(v["goal"], serde_json::json!([2, 5]));
    assert_eq!((v["impossible_value"].as_i64(), v["illegal_value"].as_i64()), (Some(-1), Some(-2)));
    let (counts, impossible, illegal) = field.histogram();
    assert!(impossible > 0 && illegal > 0, "the sample has both kinds of sentinel");
    assert_eq!(v["histogram"], serde_json::json!(counts));
    assert_eq!(
        (v["impossible"].as_u64(), v["illegal"].as_u64()),
        (Some(impossible), Some(illegal))
    );
    let rows = v["distances"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().unwrap();
        assert_eq!(cells.len(), 7);
        for (c, cell) in cells.iter().enumerate() {
            for o in 0..3 {
                let d = field.get(r as u32, c as u32, o).unwrap();
                assert_eq!(cell[o].as_i64(), Some(i64::from(d)), "({r}, {c}, {o})");
            }
        }
    }
}

/// The POJ sample's field, from the library.
fn poj_sample_field() -> DistanceField<'static> {
    let text = read_text(project("data/bloxorz/poj-sample.txt"));
    fields_of(&text).remove(0).1
}

#[test]
fn every_format_round_trips_through_export_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let pack = project("data/bloxorz/poj-sample.txt");
    let field = poj_sample_field();
    assert_eq!(field.get(1, 3, 0), Some(10), "the start answers 10");
    for format in ["bincode", "npy", "csv", "json", "raw"] {
        let path = dir.path().join(format!("field.{format}"));
        let out = export(&pack, 1, format, Some(&path));
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{format}");
        let bytes = read_bytes(&path);
        match format {
            "bincode" => {
                let Loaded::TableFile(file) = load(&bytes).unwrap() else { panic!("table file") };
                assert_eq!(file.table(), &Table::Bloxorz(field.clone()));
                assert_eq!(file.header().shape, [7, 7, 3]);
                assert_eq!(file.header().sentinel, -1);
                assert_eq!(file.header().histogram, field.histogram().into());
            }
            "npy" => {
                let Loaded::Npy(file) = load(&bytes).unwrap() else { panic!(".npy") };
                assert_eq!(file.table(), &NpyTable::Bloxorz(field.clone()));
                assert_eq!(file.descr(), "<i4");
                assert_eq!(file.shape(), [7, 7, 3]);
            }
            "csv" => check_csv(&bytes, &field),
            "json" => check_json(&bytes, &field),
            "raw" => {
                let entries: Vec<i32> = bytes
                    .chunks_exact(4)
                    .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
                    .collect();
                assert_eq!(entries, field.distances());
            }
            _ => unreachable!(),
        }
        // Standard output, by default and with `-o -`, carries the same bytes, and so does the
        // pack read from standard input.
        let out = export(&pack, 1, format, None);
        assert_eq!(out.stdout, bytes, "{format} on stdout");
        let out = export(&pack, 1, format, Some(Path::new("-")));
        assert_eq!(out.stdout, bytes, "{format} with -o -");
        let args = ["export", "bloxorz", "-", "--level", "1", "--format", format];
        let out = flipblox(&args, &read_bytes(&pack));
        assert_eq!(out.stdout, bytes, "{format} from stdin");
        // As `bloxorz` and `convert`: no FILE reads standard input too, and `fbt` names the
        // table file as `bincode` does.
        let args = ["export", "bloxorz", "--level", "1", "--format", format];
        let out = flipblox(&args, &read_bytes(&pack));
        assert_eq!(out.stdout, bytes, "{format} from stdin without -");
        if format == "bincode" {
            let args = ["export", "bloxorz", "--level", "1", "--format", "fbt"];
            let out = flipblox(&args, &read_bytes(&pack));
            assert_eq!(out.stdout, bytes, "fbt is bincode");
        }
    }
}

#[test]
#[cfg_attr(
    not(flipblox_numpy),
    ignore = "needs NumPy: set FLIPBLOX_PYTHON to a Python that has it, or run .ci/run (README)"
)]
fn numpy_loads_the_field_as_int32_rows_cols_3_with_the_right_values() {
    let dir = tempfile::tempdir().unwrap();
    let pack = project("data/bloxorz/poj-sample.txt");
    let npy = dir.path().join("field.npy");
    let out = export(&pack, 1, "npy", Some(&npy));
    assert!(out.status.success(), "{}", stderr(&out));
    let script = r#"
import sys, numpy
f = numpy.load(sys.argv[1])
assert f.dtype == numpy.int32 and f.dtype.byteorder in "<=", f.dtype
print(f.shape, int(f[1, 3, 0]), int(f[2, 5, 0]), int((f >= 0).sum()))
print(" ".join(str(int(v)) for v in f.ravel()))
"#;
    let printed = python(script, &[&npy]);
    let field = poj_sample_field();
    let reachable = field.distances().iter().filter(|&&d| d >= 0).count();
    let values: Vec<String> = field.distances().iter().map(i32::to_string).collect();
    assert_eq!(printed, format!("(7, 7, 3) 10 0 {reachable}\n{}\n", values.join(" ")));
    // The snippets of the README and of docs/FORMATS.md, as a reader types them.
    let run = |snippet: &str| python_in(dir.path(), &format!("import numpy\n{snippet}"), &[]);
    let snippet = |doc: &str, first: &str| {
        let text = read_text(project(doc));
        let start = text.find(first).unwrap_or_else(|| panic!("{first:?} in {doc}"));
        let code = &text[start..];
        code[..code.find("```").unwrap()].to_string()
    };
    let readme = snippet("docs/TABLES.md", "import numpy\nf = numpy.load(\"field.npy\")");
    assert_eq!(run(&readme), "(7, 7, 3) 10 0\n");
    let formats = snippet("docs/FORMATS.md", "f = numpy.load(\"field.npy\")");
    assert_eq!(run(&formats), "10 [[2 5 0]]\n");
}

#[test]
fn inspect_reads_the_bincode_and_npy_fields_and_prints_the_goal() {
    let dir = tempfile::tempdir().unwrap();
    let pack = project("data/bloxorz/poj-sample.txt");
    let field = poj_sample_field();
    let (counts, impossible, illegal) = field.histogram();
    let mut lines =
        String::from("sentinels: -1 = impossible, -2 = illegal\nhistogram (distance count):\n");
    for (d, n) in counts.iter().enumerate() {
        lines += &format!("{d} {n}\n");
    }
    lines += &format!("Impossible {impossible}\nIllegal {illegal}\n");
    for format in ["bincode", "npy"] {
        let path = dir.path().join(format!("field.{format}"));
        let out = export(&pack, 1, format, Some(&path));
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        let out = flipblox(&["inspect", path.to_str().unwrap()], b"");
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("puzzle: Bloxorz level of 7x7 cells"), "{text}");
        assert!(text.contains("goal: row 2, col 5 (0-based)"), "{text}");
        assert!(text.ends_with(&lines), "{format}:\n{text}");
        // The same facts as one JSON object.
        let out = flipblox(&["inspect", "--json", path.to_str().unwrap()], b"");
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["file"], path.to_str().unwrap());
        assert!(v["error"].is_null());
        assert_eq!(v["format"], if format == "npy" { "npy" } else { "flipblox table file" });
        assert_eq!(
            (v["puzzle"].as_str(), v["rows"].as_u64(), v["cols"].as_u64()),
            (Some("bloxorz"), Some(7), Some(7))
        );
        assert_eq!(
            (v["shape"].clone(), v["goal"].clone(), v["dtype"].clone()),
            (serde_json::json!([7, 7, 3]), serde_json::json!([2, 5]), serde_json::json!("<i4"))
        );
        assert_eq!(
            (v["impossible_value"].as_i64(), v["illegal_value"].as_i64()),
            (Some(-1), Some(-2))
        );
        assert_eq!(v["histogram"], serde_json::json!(counts));
        assert_eq!(
            (v["impossible"].as_u64(), v["illegal"].as_u64()),
            (Some(impossible), Some(illegal))
        );
        assert_eq!(v["max_distance"].as_u64(), Some(counts.len() as u64 - 1));
    }
}

#[test]
fn a_level_is_exported_even_when_other_levels_of_its_pack_are_bad() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    // Level 1 has a bad cell, level 3 is a stray line where a header belongs.
    write_file(&pack, "3 3\nX.O\n.q.\n...\n1 4\n.XXO\nstray\n2 2\nXO\n..\n1 3\nXXO\n");
    let out = export(&pack, 2, "csv", None);
    assert!(out.status.success(), "{}", stderr(&out));
    let level = PackReader::new(b"1 4\n.XXO\n").next().unwrap().unwrap();
    let field = Solver::new().distance_field(&level).unwrap();
    check_csv(&out.stdout, &field);
    assert_eq!(field.get(0, 1, 1), Some(1));
    let out = export(&pack, 3, "csv", None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(":7:1: level 3: expected the number of rows"),
        "{}",
        stderr(&out)
    );
    for (level, goal) in [(4, [0, 1]), (5, [0, 2])] {
        let out = export(&pack, level, "json", None);
        assert!(out.status.success(), "level {level}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["goal"], serde_json::json!(goal));
    }
}

#[test]
fn bad_level_numbers_and_bad_levels_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "3 3\nX.O\n.q.\n...\n1 4\n.XXO\n0 0\n1 3\nXXO\n");
    let name = pack.to_str().unwrap();
    let fails = |level: usize, args: &[&str], message: &str| {
        let out = flipblox(
            &[&["export", "bloxorz", name, "--level", &level.to_string()], args].concat(),
            b"",
        );
        assert_eq!(out.status.code(), Some(1), "level {level}: {}", stderr(&out));
        assert_eq!(stderr(&out), format!("{message}\n"));
        assert!(out.stdout.is_empty());
    };
    fails(
        1,
        &["--format", "npy"],
        &format!(
            "{name}:3:2: level 1: expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found 'q'"
        ),
    );
    fails(
        3,
        &["--format", "npy"],
        &format!("flipblox: {name}: level 3 is out of range: the pack has 2 levels (1 to 2)"),
    );
    // 1x4: the search needs 16 * 5 * 8 = 640 bytes, the field and its payload 2 * 48 more.
    fails(
        2,
        &["--format", "json", "--max-memory", "735"],
        &format!(
            "{name}:5:1: level 2: a level of 1 x 4 cells needs 736 bytes to export its distance \
             field, more than the memory limit of 735 bytes (--max-memory)"
        ),
    );
    let out = export(&pack, 2, "json", None);
    assert!(out.status.success(), "level 2 reads: {}", stderr(&out));
    let args =
        ["export", "bloxorz", name, "--level", "2", "--format", "raw", "--max-memory", "736"];
    assert!(flipblox(&args, b"").status.success(), "736 bytes are enough");
    let missing = dir.path().join("missing.txt");
    let out = export(&missing, 1, "npy", None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("missing.txt: cannot read"), "{}", stderr(&out));
    // Usage errors: exit code 2, nothing written.
    for args in [
        &["export", "bloxorz", name, "--format", "npy"][..],
        &["export", "bloxorz", name, "--level", "0", "--format", "npy"],
        &["export", "bloxorz", name, "--level", "two", "--format", "npy"],
        &["export", "bloxorz", name, "--level", "-1", "--format", "npy"],
        &["export", "bloxorz", name, "--level", "1"],
        &["export", "bloxorz", name, "--level", "1", "--format", "xml"],
        &["export", "bloxorz", name, "--level", "1", "--format", "npy", "--max-memory", "lots"],
    ] {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
    // No FILE reads standard input, as `bloxorz` does: an empty one has no level 1.
    let out = flipblox(&["export", "bloxorz", "--level", "1", "--format", "npy"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("<stdin>: level 1 is out of range"), "{}", stderr(&out));
    let out = flipblox(&["export", "bloxorz", name, "--level", "0", "--format", "npy"], b"");
    assert!(stderr(&out).contains("levels are numbered from 1"), "{}", stderr(&out));
}

#[test]
fn the_output_is_created_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let pack = project("data/bloxorz/poj-sample.txt");
    let out = export(&pack, 1, "npy", Some(Path::new("/nonexistent/dir/f.npy")));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("flipblox: /nonexistent/dir/f.npy: cannot create: "),
        "{}",
        stderr(&out)
    );
    // A level out of range is found after the output was opened: nothing appears at the path
    // (the result goes to a temporary file that is renamed into place only on success).
    let path = dir.path().join("f.npy");
    let out = export(&pack, 2, "npy", Some(&path));
    assert_eq!(out.status.code(), Some(1));
    assert!(!path.exists());
    let left = read_dir_sorted(dir.path());
    assert!(left.is_empty(), "no temporary file is left: {left:?}");
}

/// Bytes that are mostly levels: generated levels with a few bytes overwritten by pack-ish
/// characters, so some levels break, some stay whole, and some headers change.
fn damaged_packs() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    use proptest::prelude::*;
    let edit = (any::<prop::sample::Index>(), prop::sample::select(b".EO#X 0123\n\r9q".to_vec()));
    (any::<u64>(), 1usize..5, prop::collection::vec(edit, 0..4)).prop_map(|(seed, n, edits)| {
        let mut rng = Rng(seed);
        let mut bytes: Vec<u8> =
            (0..n).flat_map(|_| random_grid(&mut rng).to_text().into_bytes()).collect();
        for (at, b) in edits {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        bytes
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1500))]

    /// Whatever the bytes and the level number: no panic; level N exports exactly when the
    /// parser reads it and its field fits the limit; past the last level it is out of range;
    /// and a field's start entry is the solver's answer.
    #[test]
    fn any_level_of_any_pack_exports_or_is_refused_without_panicking(
        bytes in proptest::prop_oneof![
            4 => damaged_packs(),
            1 => proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
        ],
        number in proptest::prop_oneof![4 => 1usize..4, 1 => 0usize..7],
        limit in proptest::prop_oneof![3 => proptest::strategy::Just(1u64 << 20), 1 => 0u64..3000],
    ) {
        use flipblox::bloxorz::FieldError;
        let (read_level, field_bytes_needed) = (DistanceField::read_level, DistanceField::bytes_needed);
        let parsed: Vec<_> = PackReader::new(&bytes).max_memory(limit).collect();
        match read_level(&bytes, number, limit) {
            Ok(level) => {
                proptest::prop_assert!(number >= 1 && number <= parsed.len());
                proptest::prop_assert_eq!(parsed[number - 1].as_ref().ok(), Some(&level));
                let needed = field_bytes_needed(level.rows() as u64, level.cols() as u64);
                proptest::prop_assert!(needed.is_some_and(|n| n <= limit));
                let field = Solver::new().distance_field(&level).unwrap();
                let moves = Solver::new().solve(&level, Limits::default()).unwrap().moves;
                proptest::prop_assert_eq!(
                    field.at(level.start()),
                    moves.map_or(-1, |d| d as i32)
                );
            }
            Err(FieldError::OutOfRange { level, levels }) => {
                proptest::prop_assert_eq!((level, levels), (number, parsed.len()));
                proptest::prop_assert!(number == 0 || number > parsed.len());
            }
            Err(FieldError::Level(e)) => {
                proptest::prop_assert_eq!(parsed[number - 1].as_ref().err(), Some(&e));
            }
            Err(FieldError::TooLarge { level, rows, cols, .. }) => {
                proptest::prop_assert_eq!(level, number);
                let needed = field_bytes_needed(rows, cols);
                proptest::prop_assert!(needed.is_none_or(|n| n > limit));
            }
            Err(e) => proptest::prop_assert!(false, "unexpected {e}"),
        }
    }
}

/// Levels with switches or split switches (issue 5) have states a field of block placements
/// cannot describe: `export bloxorz` refuses them by name and writes nothing.
#[test]
fn levels_with_switches_or_split_switches_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("switch.txt");
    write_file(&pack, "1 7\nXS.-..O\nswitch 1 2: on 1 4\n1 4\nX..O\n0 0\n");
    let target = dir.path().join("field.npy");
    let out = export(&pack, 1, "npy", Some(&target));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "{}:2:2: level 1: the level has switches or split switches (the first at row 1, \
             column 2); distance fields describe POJ 3322 levels (without them) only\n",
            pack.display()
        )
    );
    assert!(!target.exists());
    // The plain level beside it still exports.
    let out = export(&pack, 2, "npy", Some(&target));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(target.exists());
    // A split switch after a comment is named at its own line and column.
    let text = "1 4\nX..O\n; a split\n2 4\nX..O\n..V.\nsplit 2 3: 1 2, 1 3\n0 0\n";
    write_file(&pack, text);
    let out = export(&pack, 2, "csv", None);
    assert_eq!(out.status.code(), Some(1));
    let want = format!(
        "{}:6:3: level 2: the level has switches or split switches (the first at row 2, column 3);",
        pack.display()
    );
    assert!(stderr(&out).starts_with(&want), "{}", stderr(&out));
}
