//! Flip Game table files end to end: `flipblox table build` writes them, `flipblox flip --table`
//! answers from them in place (the same lines as GF(2) and the table built in memory, with
//! `--path` and `--json` too), `stats flip --table` counts them, and every bad table file is
//! refused with its reason and exit code 1, never a panic.

use std::path::{Path, PathBuf};

use crate::common::{
    Rng, file_of, flipblox, is_uniform, parse_moves_line, project, random_board, reachable_board,
    read_bytes, replay_rows, stderr, stdout, write_file,
};
use crate::common::{flip_entries, flip_table};
use flipblox::bloxorz::DistanceField;
use flipblox::lights_out::{BoardSize, DistanceTable, Solver};
use flipblox::table_file::{Check, Format, LoadError, ShapeError, Table, TableFile, export, load};

/// Runs `flipblox table build --size SIZE -o DIR/SIZE.fbt` and returns the file.
fn build(dir: &Path, size: &str) -> PathBuf {
    let path = dir.join(format!("{size}.fbt"));
    let out = flipblox(&["table", "build", "--size", size, "-o", path.to_str().unwrap()], b"");
    assert!(out.status.success(), "{size}: {}", stderr(&out));
    assert!(out.stdout.is_empty() && out.stderr.is_empty(), "a quiet build when not a terminal");
    path
}

/// `count` boards of `rows x cols`: every other one random (often impossible), the rest made
/// by random presses from all white (always solvable).
fn boards(rng: &mut Rng, rows: usize, cols: usize, count: usize) -> Vec<Vec<String>> {
    (0..count)
        .map(|i| {
            if i % 2 == 0 {
                random_board(rng, rows, cols)
            } else {
                reachable_board(rng, rows, cols)
            }
        })
        .collect()
}

/// The payload of a table file: everything after the header, at its 64-byte boundary.
fn payload(bytes: &[u8]) -> &[u8] {
    TableFile::parse(bytes, Check::Full).unwrap().payload()
}

#[test]
fn built_tables_answer_like_gf2_and_the_table_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(61);
    for (rows, cols, count) in [(2, 3, 100), (3, 3, 200), (4, 4, 300), (4, 5, 300), (5, 5, 300)] {
        let size = format!("{rows}x{cols}");
        let file = build(dir.path(), &size);
        let bytes = read_bytes(&file);
        assert!(payload(&bytes) == flip_table(rows, cols), "{size}: payload");
        let inspect = flipblox(&["inspect", file.to_str().unwrap()], b"");
        assert!(inspect.status.success(), "{size}: {}", stderr(&inspect));
        assert!(stdout(&inspect).contains(&format!("puzzle: Flip Game {size} (POJ 1753")));

        let input = file_of(&boards(&mut rng, rows, cols, count));
        let table = file.to_str().unwrap();
        for flags in [&[][..], &["--path"], &["--json"]] {
            let run = |extra: &[&str]| {
                let mut args = vec!["flip"];
                args.extend_from_slice(extra);
                args.extend_from_slice(flags);
                let out = flipblox(&args, input.as_bytes());
                assert!(out.status.success(), "{size} {extra:?} {flags:?}: {}", stderr(&out));
                assert!(out.stderr.is_empty(), "{size} {extra:?}: {}", stderr(&out));
                stdout(&out)
            };
            let from_file = run(&["--size", &size, "--table", table]);
            assert_eq!(from_file.lines().count(), count);
            assert_eq!(run(&["--size", &size, "--method", "gf2"]), from_file, "{size} {flags:?}");
            assert_eq!(run(&["--size", &size, "--method", "table"]), from_file, "{size} {flags:?}");
            assert_eq!(run(&["--table", table]), from_file, "{size}: the size from the file");
            assert_eq!(
                run(&["--size", &size, "--table", table, "--verify-table"]),
                from_file,
                "{size} {flags:?}"
            );
        }
    }
}

#[test]
fn printed_presses_from_a_table_file_replay_to_a_uniform_board() {
    let dir = tempfile::tempdir().unwrap();
    let file = build(dir.path(), "3x4");
    let mut rng = Rng(62);
    let boards = boards(&mut rng, 3, 4, 200);
    let out = flipblox(
        &["flip", "--path", "--table", file.to_str().unwrap()],
        file_of(&boards).as_bytes(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for (board, line) in boards.iter().zip(text.lines()) {
        if line == "Impossible" {
            continue;
        }
        let (n, presses) = parse_moves_line(line);
        assert_eq!(presses.len(), n);
        let rows: Vec<&str> = board.iter().map(String::as_str).collect();
        assert!(is_uniform(&replay_rows(&rows, &presses)), "{line}");
    }
    assert_eq!(text.lines().count(), boards.len());
}

#[test]
fn the_4x4_table_file_is_the_embedded_table_and_the_export() {
    let dir = tempfile::tempdir().unwrap();
    let file = build(dir.path(), "4x4");
    let bytes = read_bytes(&file);
    assert!(payload(&bytes) == DistanceTable::embedded().as_bytes());
    let exported = flipblox(&["export", "flip", "--format", "bincode"], b"");
    assert!(exported.stdout == bytes, "the whole file equals `export flip --format bincode`");
    let path = file.to_str().unwrap();
    let out = flipblox(&["inspect", path], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("histogram (distance count):\n0 2\n1 32\n2 228\n"));
    let out = flipblox(&["verify", "flip", path], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let sample = project("data/flip/poj-sample.txt");
    let sample = sample.to_str().unwrap();
    let out = flipblox(&["flip", "--path", "--table", path, sample], b"");
    assert_eq!(stdout(&out), "4 (1,1)(1,2)(2,2)(4,3)\n");
}

#[test]
fn table_build_writes_to_stdout_other_formats_and_fails_fast() {
    let dir = tempfile::tempdir().unwrap();
    let file = build(dir.path(), "3x3");
    let out = flipblox(&["table", "build", "--size", "3x3", "-o", "-"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout == read_bytes(&file), "-o - writes the same bytes");
    // Any format of `export`: the .npy holds the same entries after its own header.
    let out = flipblox(&["table", "build", "--size", "3x3", "--format", "npy", "-o", "-"], b"");
    assert!(out.stdout.starts_with(b"\x93NUMPY"));
    assert!(out.stdout.ends_with(&flip_table(3, 3)));
    // A bad path fails before the build, with the path named.
    let bad = dir.path().join("missing/t.fbt");
    let out = flipblox(&["table", "build", "--size", "5x5", "-o", bad.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with(&format!("flipblox: {}: cannot create: ", bad.display())),
        "{}",
        stderr(&out)
    );
    // Usage errors: over the limit, a bad size, no output.
    for args in [
        &["table", "build", "--size", "6x5", "-o", "-"][..],
        &["table", "build", "--size", "4x4", "--max-table-cells", "15", "-o", "-"],
        &["table", "build", "--size", "4y4", "-o", "-"],
        &["table", "build", "--size", "4x4"],
        &["flip", "--verify-table", "--board", "bwwb/bbwb/bwwb/bwww"],
    ] {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = flipblox(&["table", "build", "--size", "6x5", "-o", "-"], b"");
    assert!(
        stderr(&out).contains("--size 6x5: a table of 2^30 states is over --max-table-cells 25")
    );
}

#[test]
fn stats_flip_counts_a_table_file() {
    let dir = tempfile::tempdir().unwrap();
    for size in ["3x3", "5x5"] {
        let file = build(dir.path(), size);
        let from_file = flipblox(&["stats", "flip", "--table", file.to_str().unwrap()], b"");
        let built = flipblox(&["stats", "flip", "--size", size], b"");
        assert!(from_file.status.success(), "{}", stderr(&from_file));
        assert_eq!(stdout(&from_file), stdout(&built), "{size}");
    }
    let file = dir.path().join("3x3.fbt");
    let out = flipblox(&["stats", "flip", "--size", "4x4", "--table", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains("expected a Flip Game 4x4 table, but the file holds a Flip Game 3x3 table")
    );
}

#[test]
fn the_mapped_payload_is_answered_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = build(dir.path(), "4x5");
    let opened = std::fs::File::open(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    // SAFETY: the test's own file in its own temporary directory: nothing truncates it while
    // mapped (as `flipblox flip --table` maps it).
    let map = unsafe { memmap2::Mmap::map(&opened) }.unwrap();
    let bytes = &map[..];
    let Table::LightsOut(table) = TableFile::parse(bytes, Check::Header).unwrap().into_table()
    else {
        panic!("a Lights Out table")
    };
    assert_eq!(table.size(), BoardSize::new(4, 5).unwrap());
    let mut solver = Solver::with_table(table);
    // The solver's table is the file's payload in the map, not a copy of it.
    let map = bytes.as_ptr_range();
    let used = solver.table().expect("the file's table").as_bytes();
    assert!(map.contains(&used.as_ptr()) && used.as_ptr_range().end == map.end);
    assert_eq!(used.len(), 1 << 20);
    assert_eq!(used.as_ptr() as usize % 64, 0, "the payload is 64-byte aligned in the map");
    let board = solver.variant().board("bbwww/bwwww/wwwww/wwwww").unwrap();
    let answer = solver.solve(&board).unwrap();
    assert_eq!((answer.distance, answer.presses.as_slice()), (Some(1), &[(0, 1)][..]));
    assert!(answer.proven_minimal && answer.colour == Some(0));
}

/// Writes `bytes` to `DIR/name` and returns the path as a string.
fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    write_file(&path, bytes);
    path.to_str().unwrap().to_string()
}

/// Runs `flip` with `args` on the 3x3 board `bbw/bww/www`; checks that it failed with exit
/// code 1, answered nothing and did not panic; returns stderr.
fn refused(args: &[&str]) -> String {
    let mut all = vec!["flip", "--board", "bbw/bww/www"];
    all.extend_from_slice(args);
    let out = flipblox(&all, b"");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

#[test]
fn mismatched_corrupt_and_truncated_table_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = read_bytes(build(dir.path(), "3x3"));
    let payload_offset = good.len() - 512;
    let t = |name: &str, bytes: &[u8]| write(dir.path(), name, bytes);

    let five = build(dir.path(), "2x5");
    let five = five.to_str().unwrap();
    assert_eq!(
        refused(&["--size", "3x3", "--table", five]),
        format!(
            "flipblox: {five}: expected a Flip Game 3x3 table, but the file holds a \
             Flip Game 2x5 table\n"
        )
    );
    let field = DistanceField::new(1, 3, vec![0, -1, -1, -1, 1, -1, -1, -1, -1]).unwrap();
    let mut blox = Vec::new();
    export(&Table::Bloxorz(field), Format::Bincode, &mut blox).unwrap();
    let blox = t("field.fbt", &blox);
    assert!(
        refused(&["--table", &blox])
            .ends_with("expected a Flip Game table, but the file holds a Bloxorz 1x3 field\n")
    );

    let cut = t("cut.fbt", &good[..good.len() - 1]);
    assert!(refused(&["--table", &cut]).contains(&format!(
        "flipblox: {cut}: truncated: the payload needs bytes {payload_offset}..{}, but the file has {} bytes",
        good.len(),
        good.len() - 1
    )));
    let short = t("short.fbt", &good[..12]);
    assert!(refused(&["--table", &short]).contains("truncated: the lead needs bytes 0..20"));
    let empty = t("empty.fbt", b"");
    assert!(refused(&["--table", &empty]).contains("truncated: the lead needs bytes 0..20"));
    let long = t("long.fbt", &[&good[..], b"\0"].concat());
    assert!(refused(&["--table", &long]).contains("trailing bytes after the payload"));
    let mut header = good.clone();
    header[40] ^= 0x10;
    let header = t("header.fbt", &header);
    assert!(refused(&["--table", &header]).contains("header checksum mismatch"));
    let text = t("boards.txt", b"bbw\nbww\nwww\n");
    assert!(refused(&["--table", &text]).contains("not a flipblox table file"));
    let npy = flipblox(&["table", "build", "--size", "3x3", "--format", "npy", "-o", "-"], b"");
    let npy = t("t.npy", &npy.stdout);
    assert!(
        refused(&["--table", &npy])
            .contains("a NumPy .npy file, where a flipblox table file is needed")
    );
    let missing = dir.path().join("missing.fbt");
    assert!(refused(&["--table", missing.to_str().unwrap()]).contains("cannot read"));

    // A flipped payload byte passes the header check; --verify-table and stats catch it.
    let mut payload = good.clone();
    payload[payload_offset + 7] ^= 1;
    let payload = t("payload.fbt", &payload);
    let out = flipblox(&["flip", "--board", "bbw/bww/www", "--table", &payload], b"");
    assert!(out.status.success(), "the header check does not read the payload");
    assert!(
        refused(&["--table", &payload, "--verify-table"]).contains("payload checksum mismatch")
    );
    let out = flipblox(&["stats", "flip", "--table", &payload], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("payload checksum mismatch"));

    // `--table` with `--method gf2` is a usage error.
    let out = flipblox(&["flip", "--method", "gf2", "--table", &npy], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_table_that_lies_behind_valid_checksums_is_reported_not_panicked_on() {
    // 2x2 entries that claim distance 3 for every mixed state: consistent checksums and
    // histogram, but no press leads one move closer.
    let mut entries = vec![3u8; 16];
    entries[0] = 0;
    entries[15] = 0;
    let mut bytes = Vec::new();
    export(&Table::LightsOut(flip_entries(2, 2, &entries)), Format::Bincode, &mut bytes).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "liar.fbt", &bytes);
    let out = flipblox(&["flip", "--board", "bw/ww", "--table", &path], b"");
    assert_eq!(stdout(&out), "3\n", "a lookup alone trusts the table");
    // Its checksums and histogram are right, but the full check proves it holds no distances.
    let out = flipblox(&["flip", "--board", "bw/ww", "--table", &path, "--verify-table"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        format!(
            "flipblox: {path}: the payload is not the distance table of a Flip Game 2x2 \
             table: state 0x1 is at 3, but move 3 leads to state 0xf at 0, more than one closer\n"
        )
    );
    let out = flipblox(&["flip", "--path", "--board", "bw/ww", "--table", &path], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "flipblox: {path}: answering --board:1:1: board 1: the table is inconsistent at state \
             0x1: no press brings it one move closer\n"
        )
    );
}

#[test]
fn the_wrong_table_is_refused_with_both_named() {
    let t23 = flip_table(2, 3);
    let mut bytes = Vec::new();
    export(&Table::LightsOut(flip_entries(2, 3, &t23)), Format::Bincode, &mut bytes).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "t23.fbt", &bytes);
    let out = flipblox(&["flip", "--size", "3x2", "--table", &path, "--board", "bww/www"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "flipblox: {path}: {}\n",
            LoadError::Shape(ShapeError::WrongTable {
                expected: "a Flip Game 3x2 table".to_string(),
                found: "a Flip Game 2x3 table".to_string(),
            })
        )
    );
    let any = load(&bytes).unwrap();
    assert_eq!(any.flip_table(2, 3).unwrap().size(), BoardSize::new(2, 3).unwrap());
    let mut npy = Vec::new();
    export(&Table::LightsOut(flip_entries(2, 3, &t23)), Format::Npy, &mut npy).unwrap();
    let path = write(dir.path(), "t23.npy", &npy);
    let out = flipblox(&["flip", "--size", "2x3", "--table", &path, "--board", "bww/www"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), format!("flipblox: {path}: {}\n", LoadError::NpyNotTableFile));
}
