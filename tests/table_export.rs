//! `flipblox export flip`, `inspect` and `verify flip` end to end: a round trip for every
//! format, the frozen bincode layout, real NumPy as a consumer, and refused files.

use std::path::{Path, PathBuf};

use crate::common::{
    create_file, flipblox, flipblox_ok, project, python, python_in, read_bytes, read_text, stderr,
    stdout, write_file,
};
use crate::common::{flip_entries, flip_table};
use flipblox::lights_out::{Alphabet, Board, DistanceTable};

const IMPOSSIBLE: u8 = DistanceTable::IMPOSSIBLE;
use flipblox::table_file::{Format, Loaded, Table, export, load};

const FORMATS: [&str; 5] = ["bincode", "npy", "csv", "json", "raw"];

/// SHA-256 of `flipblox export flip --format bincode`. The table file is a frozen format: if
/// this changes, the change to the layout must be deliberate, with `FORMAT_VERSION` raised and
/// `docs/FORMATS.md` updated.
const GOLDEN_BINCODE_SHA256: &str =
    "680d1a1258fb4295c2aa1e5f61e31c0ce838d46a58c005c7faa3fc2f1d5cf8ca";

fn embedded() -> &'static [u8] {
    static BYTES: std::sync::LazyLock<Vec<u8>> =
        std::sync::LazyLock::new(|| DistanceTable::embedded().as_bytes().to_vec());
    &BYTES
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Exports the 4x4 table in `format` to a file in `dir` and returns the path.
fn export_to(dir: &Path, format: &str) -> PathBuf {
    let path = dir.join(format!("t.{format}"));
    let out = flipblox(&["export", "flip", "--format", format, "-o", path.to_str().unwrap()], b"");
    assert!(out.status.success(), "export {format}: {}", stderr(&out));
    assert!(out.stdout.is_empty(), "export {format} -o FILE printed to stdout");
    path
}

/// Reads a CSV export with the `csv` crate and checks every record against the table.
fn check_csv(bytes: &[u8], table: &[u8]) {
    let mut reader = csv::Reader::from_reader(bytes);
    assert_eq!(reader.headers().unwrap(), vec!["state", "board", "distance"]);
    let mut count = 0;
    for (i, record) in reader.records().enumerate() {
        let record = record.unwrap();
        let state: usize = record[0].parse().unwrap();
        assert_eq!(state, i);
        let wb = Alphabet::default_for(2);
        let board =
            Board::parse(&record[1], flipblox::lights_out::BoardSize::CLASSIC, &wb).unwrap();
        assert_eq!(board.state(2) as usize, state, "board {} of state {state}", &record[1]);
        let expected = match table[state] {
            IMPOSSIBLE => String::new(),
            d => d.to_string(),
        };
        assert_eq!(&record[2], expected, "state {state}");
        count += 1;
    }
    assert_eq!(count, 65_536);
}

/// Reads a JSON export with serde_json and checks the metadata and every distance.
fn check_json(bytes: &[u8], table: &[u8]) {
    let v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    assert_eq!(v["puzzle"], "flip-game");
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(4), Some(4)));
    assert_eq!(v["shape"], serde_json::json!([65_536]));
    assert_eq!(v["histogram"], serde_json::json!([2, 32, 228, 880, 1562, 1136, 256]));
    assert_eq!((v["impossible"].as_u64(), v["illegal"].as_u64()), (Some(61_440), Some(0)));
    assert!(
        v["impossible_value"].is_null() && v["illegal_value"].is_null(),
        "{}",
        v["impossible_value"]
    );
    assert_eq!(v["format_version"], 2);
    let distances = v["distances"].as_array().unwrap();
    assert_eq!(distances.len(), 65_536);
    for (state, d) in distances.iter().enumerate() {
        match table[state] {
            IMPOSSIBLE => assert!(d.is_null(), "state {state}: {d}"),
            t => assert_eq!(d.as_u64(), Some(u64::from(t)), "state {state}"),
        }
    }
}

#[test]
fn every_format_round_trips_through_export_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let table = embedded();
    for format in FORMATS {
        let path = export_to(dir.path(), format);
        let bytes = read_bytes(&path);
        match format {
            "bincode" => {
                let Loaded::TableFile(file) = load(&bytes).unwrap() else {
                    panic!("not a table file")
                };
                let Table::LightsOut(t) = file.table() else { panic!("not a Flip Game table") };
                assert_eq!((t.size().rows(), t.size().cols()), (4, 4));
                assert_eq!(t.as_bytes(), table);
                assert_eq!(file.header().histogram.impossible, 61_440);
            }
            "npy" => {
                let loaded = load(&bytes).unwrap();
                assert!(matches!(loaded, Loaded::Npy(_)));
                assert_eq!(loaded.flip_table(4, 4).unwrap().as_bytes(), table);
            }
            "csv" => check_csv(&bytes, table),
            "json" => check_json(&bytes, table),
            "raw" => assert_eq!(bytes, table),
            _ => unreachable!(),
        }
        // Standard output, by default and with `-o -`, carries the same bytes.
        let out = flipblox(&["export", "flip", "--format", format], b"");
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(out.stdout, bytes, "{format} on stdout");
        let out = flipblox(&["export", "flip", "--format", format, "-o", "-"], b"");
        assert_eq!(out.stdout, bytes, "{format} with -o -");
    }
}

#[test]
fn the_library_exporters_write_what_the_cli_writes() {
    let dir = tempfile::tempdir().unwrap();
    let table = Table::LightsOut(DistanceTable::embedded());
    for format in Format::ALL {
        let mut bytes = Vec::new();
        export(&table, format, &mut bytes).unwrap();
        let cli = read_bytes(export_to(dir.path(), format.name()));
        assert_eq!(bytes, cli, "{}", format.name());
    }
}

#[test]
fn the_bincode_table_file_layout_is_frozen() {
    let out = flipblox(&["export", "flip", "--format", "bincode"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout.len(), 65_728, "lead 20 + header 144 + padding 28 + payload 65,536");
    assert_eq!(sha256_hex(&out.stdout), GOLDEN_BINCODE_SHA256);
}

#[test]
#[cfg_attr(
    not(flipblox_numpy),
    ignore = "needs NumPy: set FLIPBLOX_PYTHON to a Python that has it, or run .ci/run (README)"
)]
fn numpy_loads_the_npy_export_with_the_right_dtype_shape_and_values() {
    let dir = tempfile::tempdir().unwrap();
    let npy = export_to(dir.path(), "npy");
    let raw = export_to(dir.path(), "raw");
    let script = r#"
import sys, numpy
a = numpy.load(sys.argv[1])
raw = numpy.fromfile(sys.argv[2], dtype=numpy.uint8)
assert a.dtype == numpy.uint8, a.dtype
assert a.shape == (65536,), a.shape
assert (a == raw).all()
print(a.dtype.str, a.shape[0], int(a[0]), int(a[0xFFFF]), int(a[1]))
print(" ".join(str(int(c)) for c in numpy.bincount(a[a != 255])), int((a == 255).sum()))
print(a[:8])
"#;
    let printed = python(script, &[&npy, &raw]);
    assert_eq!(
        printed,
        "|u1 65536 0 0 255\n2 32 228 880 1562 1136 256 61440\n[  0 255 255 255 255 255 255 255]\n"
    );
    // The README's example, as a newcomer types it.
    let one_liner = "import numpy; print(numpy.load('t.npy')[:8])";
    assert_eq!(python_in(dir.path(), one_liner, &[]), "[  0 255 255 255 255 255 255 255]\n");
}

#[test]
#[cfg_attr(
    not(flipblox_numpy),
    ignore = "needs NumPy: set FLIPBLOX_PYTHON to a Python that has it, or run .ci/run (README)"
)]
fn numpy_loads_a_bloxorz_field_as_int32_rows_cols_3() {
    use flipblox::bloxorz::DistanceField;
    let dir = tempfile::tempdir().unwrap();
    // A synthetic 2x3 field: goal standing at (1, 2); values chosen to be told apart.
    let mut entries = vec![-1; 18];
    entries[(3 + 2) * 3] = 0;
    entries[(3 + 1) * 3 + 1] = 1;
    entries[3] = 7;
    entries[2] = 5;
    let field = DistanceField::new(2, 3, entries.clone()).unwrap();
    let path = dir.path().join("field.npy");
    let mut file = create_file(&path);
    export(&Table::Bloxorz(field), Format::Npy, &mut file).unwrap();
    drop(file);
    let script = r#"
import sys, numpy
a = numpy.load(sys.argv[1])
assert a.dtype == numpy.int32 and a.dtype.byteorder in "<=", a.dtype
print(a.shape, int(a[1, 2, 0]), int(a[1, 1, 1]), int(a[0, 1, 0]), int(a[0, 0, 2]))
print(" ".join(str(int(v)) for v in a.ravel()))
"#;
    let printed = python(script, &[&path]);
    let values: Vec<String> = entries.iter().map(i32::to_string).collect();
    assert_eq!(printed, format!("(2, 3, 3) 0 1 7 5\n{}\n", values.join(" ")));
}

#[test]
fn inspect_prints_the_metadata_and_histogram_of_both_checked_formats() {
    let dir = tempfile::tempdir().unwrap();
    let bin = export_to(dir.path(), "bincode");
    let npy = export_to(dir.path(), "npy");
    let out = flipblox(&["inspect", bin.to_str().unwrap(), npy.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let histogram = "histogram (distance count):\n0 2\n1 32\n2 228\n3 880\n4 1562\n5 1136\n6 256\nImpossible 61440\n";
    assert_eq!(text.matches(histogram).count(), 2, "{text}");
    assert!(text.contains("format: flipblox table file, format version 2"), "{text}");
    assert!(text.contains("puzzle: Flip Game 4x4"), "{text}");
    assert!(text.contains("state layout: index = state; bit 4*row+col set"), "{text}");
    assert!(
        text.contains("payload: shape [65536], u8 entries, 65536 bytes at offset 192"),
        "{text}"
    );
    assert_eq!(text.matches("sentinels: 255 = impossible\n").count(), 2, "{text}");
    assert!(!text.contains("Illegal"), "a Flip Game table has no illegal states: {text}");
    assert!(text.contains("format: NumPy .npy, format version 1.0"), "{text}");
    assert!(
        text.contains("array: dtype |u1, shape (65536,), C order, data at offset 128"),
        "{text}"
    );
    // With --json, one object per file with the same facts; a file that fails is {file, error}.
    let missing = dir.path().join("missing.fbt");
    let (bin_name, npy_name, missing_name) =
        (bin.to_str().unwrap(), npy.to_str().unwrap(), missing.to_str().unwrap());
    let out = flipblox(&["inspect", "--json", bin_name, missing_name, npy_name], b"");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let records: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 3, "{}", stdout(&out));
    for (v, name, format, version, rows) in [
        (&records[0], bin_name, "flipblox table file", "2", Some(4)),
        (&records[2], npy_name, "npy", "1.0", None),
    ] {
        assert_eq!((v["file"].as_str(), v["format"].as_str()), (Some(name), Some(format)));
        assert_eq!((v["format_version"].as_str(), v["rows"].as_u64()), (Some(version), rows));
        assert!(v["error"].is_null() && v["goal"].is_null() && v["illegal_value"].is_null());
        assert_eq!((v["puzzle"].as_str(), v["dtype"].as_str()), (Some("flip-game"), Some("|u1")));
        assert_eq!(v["shape"], serde_json::json!([65_536]));
        assert_eq!(v["histogram"], serde_json::json!([2, 32, 228, 880, 1562, 1136, 256]));
        assert_eq!((v["impossible"].as_u64(), v["illegal"].as_u64()), (Some(61_440), Some(0)));
        assert_eq!(
            (v["impossible_value"].as_i64(), v["max_distance"].as_u64()),
            (Some(255), Some(6))
        );
    }
    assert_eq!(records[1]["file"], missing_name);
    assert!(records[1]["error"].as_str().unwrap().starts_with("cannot read: "), "{}", records[1]);
    assert_eq!(records[1].as_object().unwrap().len(), 2, "{}", records[1]);
    // Standard input is read too.
    let out = flipblox(&["inspect", "-"], &read_bytes(&bin));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("file: <stdin> (65728 bytes)\n"));
}

/// Runs `inspect` on `bytes` saved as a file; returns (exit code, stderr).
fn inspect_bytes(dir: &Path, name: &str, bytes: &[u8]) -> (Option<i32>, String) {
    let path = dir.join(name);
    write_file(&path, bytes);
    let out = flipblox(&["inspect", path.to_str().unwrap()], b"");
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{name}: {err}");
    (out.status.code(), err)
}

#[test]
fn truncated_corrupted_and_foreign_files_are_refused_with_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let bin = read_bytes(export_to(dir.path(), "bincode"));
    let npy = read_bytes(export_to(dir.path(), "npy"));
    let csv = read_bytes(export_to(dir.path(), "csv"));
    let mut cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "truncated: the lead needs bytes 0..20, but the file has 0 bytes"),
        ("cut-in-lead", bin[..5].to_vec(), "truncated: the lead"),
        ("cut-in-header", bin[..100].to_vec(), "truncated: the header needs bytes 20..164"),
        (
            "cut-in-payload",
            bin[..bin.len() - 1].to_vec(),
            "truncated: the payload needs bytes 192..65728",
        ),
        ("csv", csv, "not a flipblox table file or NumPy .npy file (it starts with \"state,bo\")"),
        ("png", b"\x89PNG\r\n\x1a\n....".to_vec(), "not a flipblox table file"),
        ("npy-cut", npy[..1000].to_vec(), "truncated: the npy data needs bytes 128..65664"),
        ("npy-long", [&npy[..], b"x"].concat(), "trailing bytes"),
    ];
    let mut flip = |name, at: usize, mask: u8, message| {
        let mut b = bin.clone();
        b[at] ^= mask;
        cases.push((name, b, message));
    };
    flip("magic", 0, 0x20, "not a flipblox table file");
    flip("version", 8, 3, "format version 1 is not supported (this flipblox reads version 2)");
    flip("header-bit", 40, 1, "header checksum mismatch");
    flip("padding", 170, 1, "padding byte at offset 170 is 0x01, expected 0");
    flip("payload-bit", 192 + 0x1234, 4, "payload checksum mismatch");
    let mut npy_bad = npy.clone();
    npy_bad[20] = b'?';
    cases.push(("npy-header", npy_bad, "bad .npy header at byte"));
    for (name, bytes, message) in cases {
        let (code, err) = inspect_bytes(dir.path(), name, &bytes);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(err.contains(message), "{name}: expected {message:?} in {err:?}");
        let path = dir.path().join(name);
        assert!(err.starts_with(&format!("flipblox: {}: ", path.display())), "{name}: {err}");
    }
}

#[test]
fn one_bad_file_does_not_stop_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let bin = export_to(dir.path(), "bincode");
    let missing = dir.path().join("missing.bin");
    let out = flipblox(&["inspect", missing.to_str().unwrap(), bin.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("missing.bin: cannot read"), "{}", stderr(&out));
    assert!(stdout(&out).contains("Impossible 61440"));
}

#[test]
fn export_fails_fast_on_a_bad_output_path() {
    let out = flipblox(&["export", "flip", "--format", "npy", "-o", "/nonexistent/dir/t.npy"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("flipblox: /nonexistent/dir/t.npy: cannot create: "),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
    let out = flipblox(&["export", "flip", "--format", "xml"], b"");
    assert_eq!(out.status.code(), Some(2), "an unknown format is a usage error");
}

#[test]
fn verify_flip_passes_on_the_embedded_table_and_exported_files() {
    let out = flipblox(&["verify", "flip"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("OK: the embedded table agrees"), "{}", stdout(&out));
    let dir = tempfile::tempdir().unwrap();
    for format in ["bincode", "npy"] {
        let path = export_to(dir.path(), format);
        let out = flipblox(&["verify", "flip", path.to_str().unwrap()], b"");
        assert!(out.status.success(), "{format}: {}", stdout(&out));
        assert!(stdout(&out).starts_with("OK: "), "{}", stdout(&out));
    }
}

#[test]
fn verify_flip_fails_on_a_corrupted_table_and_names_the_first_differences() {
    // A table file with valid checksums around a wrong table: only the comparison catches it
    // (the distances it invents are among the true ones, so a .npy passes the structural checks
    // of any table: a distance of 9 would leave 7 and 8 missing, and be refused on reading).
    let mut corrupted = embedded().to_vec();
    corrupted[0x0001] = 3;
    corrupted[0x8000] = 5;
    let table = flip_entries(4, 4, &corrupted);
    let dir = tempfile::tempdir().unwrap();
    for format in [Format::Bincode, Format::Npy] {
        let path = dir.path().join(format!("bad.{}", format.name()));
        let mut file = create_file(&path);
        export(&Table::LightsOut(table.clone()), format, &mut file).unwrap();
        drop(file);
        let out = flipblox(&["verify", "flip", path.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(1), "{}", format.name());
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "state 0x0001 (bwww/wwww/wwww/wwww): table 3, brute force Impossible");
        assert_eq!(lines[1], "state 0x8000 (wwww/wwww/wwww/wwwb): table 5, brute force Impossible");
        assert_eq!(lines[2], "2 of 65536 states differ");
        assert!(
            lines[3].starts_with("histogram differs: table [2, 32, 228, 881, 1562, 1137, 256]"),
            "{text}"
        );
        assert!(lines[4].starts_with("FAILED"), "{text}");
    }
    // A file that is not a 4x4 table is an error, not a comparison.
    let small = flip_table(2, 2);
    let path = dir.path().join("small.npy");
    let mut file = create_file(&path);
    let t = flip_entries(2, 2, &small);
    export(&Table::LightsOut(t), Format::Npy, &mut file).unwrap();
    drop(file);
    let out = flipblox(&["verify", "flip", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).ends_with(
            "small.npy: expected a Flip Game 4x4 table, but the file holds a Flip Game table of \
             2^4 states\n"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_output_extension_names_the_format_when_format_is_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let embedded = flipblox_ok(&["export", "flip", "--format", "raw"], b"").stdout;
    for (name, starts) in [
        ("t.npy", &b"\x93NUMPY"[..]),
        ("t.fbt", b"FLIPBLOX"),
        ("t.BIN", b"FLIPBLOX"),
        ("t.csv", b"state,board,distance\n"),
        ("t.json", b"{"),
        ("t.raw", &embedded[..16]),
    ] {
        let path = dir.path().join(name);
        flipblox_ok(&["export", "flip", "-o", path.to_str().unwrap()], b"");
        let written = read_bytes(&path);
        assert!(written.starts_with(starts), "{name}: {:?}", &written[..16.min(written.len())]);
        let given =
            flipblox_ok(&["export", "flip", "--format", "csv", "-o", path.to_str().unwrap()], b"");
        assert!(given.status.success());
        assert!(
            read_bytes(&path).starts_with(b"state,"),
            "{name}: --format wins over the extension"
        );
    }
    // No format given and none named: a usage error, nothing written.
    for args in [&["export", "flip"][..], &["export", "flip", "-o", "-"]] {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("give --format"), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
    let unnamed = dir.path().join("t.dat");
    let out = flipblox(&["export", "flip", "-o", unnamed.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the extension of -o"), "{}", stderr(&out));
    assert!(!unnamed.exists());
    // table build falls back on the table file.
    let table = dir.path().join("t2x2");
    flipblox_ok(&["table", "build", "--size", "2x2", "-o", table.to_str().unwrap()], b"");
    assert!(read_bytes(&table).starts_with(b"FLIPBLOX"));
    let npy = dir.path().join("t2x2.npy");
    flipblox_ok(&["table", "build", "--size", "2x2", "-o", npy.to_str().unwrap()], b"");
    assert!(read_bytes(&npy).starts_with(b"\x93NUMPY"));
}

/// A binary format is refused on a terminal (a pseudo-terminal made by util-linux's `script`,
/// which Debian always has); text formats are written to it.
#[cfg(target_os = "linux")]
#[test]
fn binary_formats_are_not_written_to_a_terminal() {
    use crate::common::process::on_terminal;
    for format in ["npy", "bincode", "raw"] {
        let (code, shown) = on_terminal(&format!("export flip --format {format}"));
        assert_eq!(code, Some(2), "{format}: {shown}");
        assert!(shown.contains("is binary and standard output is a terminal"), "{shown}");
    }
    let (code, shown) = on_terminal("export flip --format csv");
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.starts_with("state,board,distance"), "{shown}");
}

/// The README's NumPy lines, as a reader types them after its `export flip -o t.npy`.
#[test]
#[cfg_attr(
    not(flipblox_numpy),
    ignore = "needs NumPy: set FLIPBLOX_PYTHON to a Python that has it, or run .ci/run (README)"
)]
fn the_readme_s_numpy_lines_print_what_their_comment_says() {
    let dir = tempfile::tempdir().unwrap();
    let npy = dir.path().join("t.npy");
    flipblox_ok(&["export", "flip", "-o", npy.to_str().unwrap()], b"");
    let readme = read_text(project("README.md"));
    let start = readme.find("import numpy\nt = numpy.load(\"t.npy\")").expect("the README's lines");
    let code = &readme[start..];
    let code = &code[..code.find("```").unwrap()];
    assert!(code.contains("# the POJ 1753 sample: 4; 4096 solvable states"), "{code}");
    assert_eq!(python_in(dir.path(), code, &[]), "4 4096\n");
}

/// `--format fbt` names the table file, as the README calls it (`.fbt`); `bincode`, its old
/// name, still works; the usage error for a missing format names `fbt`.
#[test]
fn the_table_file_format_is_named_fbt_and_bincode_still_works() {
    let fbt = flipblox(&["export", "flip", "--format", "fbt"], b"");
    let bincode = flipblox(&["export", "flip", "--format", "bincode"], b"");
    assert!(fbt.status.success(), "{}", stderr(&fbt));
    assert!(fbt.stdout == bincode.stdout, "fbt and bincode write the same bytes");
    let help = stdout(&flipblox(&["export", "flip", "--help"], b""));
    assert!(help.contains("- fbt:"), "{help}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.unknown");
    let out = flipblox(&["export", "flip", "-o", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("give --format (fbt, npy, csv, json or raw)"),
        "{}",
        stderr(&out)
    );
}
