//! A property-based byte fuzzer for the pack parser and the runner (run in CI; the libFuzzer target
//! in `fuzz/` runs the same checks for longer, see the README). Whatever the bytes: no panic, one
//! report per level numbered 1, 2, 3, ..., and every solved level's path replays on the level the
//! parser read. Levels with switches, bridges and split switches are replayed by the independent
//! model (`tests/common/extended.rs`) on the level as the library writes it back, which checks
//! that writing too. The Flash importer gets the same treatment, and generated JavaScript ports
//! must give the stages JavaScript's values make (`tests/common/javascript.rs`).

use crate::common::checks::{check_flash, check_pack, check_pack_jobs};
use proptest::prelude::*;

/// The memory limit of the checks: it keeps every level cheap to search.
const LIMIT: u64 = 1 << 20;

/// `pack` with the byte at `change.0` replaced by `change.1`, when there is a change.
fn with_change(mut pack: Vec<u8>, change: Option<(prop::sample::Index, u8)>) -> Vec<u8> {
    if let Some((i, b)) = change {
        let i = i.index(pack.len());
        pack[i] = b;
    }
    pack
}

/// Bytes that look like packs: headers, cells, blank lines, CRLF, definition lines, comments, and
/// some noise.
fn packish() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        4 => proptest::sample::select(vec![b'.', b'E', b'#', b'O', b'X']).prop_map(|b| vec![b]),
        2 => proptest::sample::select(vec![b'S', b'H', b'V', b'B', b'-']).prop_map(|b| vec![b]),
        1 => (0u8..7, 0u8..7, 0u8..7, 0u8..7, 0u8..3).prop_map(|(a, b, c, d, w)| {
            let word = ["on", "off", "toggle"][w as usize];
            format!("\nswitch {a} {b}: {word} {c} {d}\n").into_bytes()
        }),
        1 => (0u8..7, 0u8..7, 0u8..7, 0u8..7).prop_map(|(a, b, c, d)| {
            format!("\nsplit {a} {b}: {c} {d}, {d} {c}\n").into_bytes()
        }),
        1 => proptest::sample::select(vec![&b"switch "[..], b", ", b": ", b"; note\n", b"split"])
            .prop_map(|t| t.to_vec()),
        2 => (0u8..6, 0u8..6).prop_map(|(r, c)| format!("\n{r} {c}\n").into_bytes()),
        2 => Just(b"\n".to_vec()),
        1 => Just(b"\r\n".to_vec()),
        1 => Just(b" ".to_vec()),
        1 => Just(b"0 0\n".to_vec()),
        1 => any::<u8>().prop_map(|b| vec![b]),
        1 => Just(b"99999999999999999999 3\n".to_vec()),
    ];
    proptest::collection::vec(token, 0..120).prop_map(|t| t.concat())
}

/// `pack` (LF text) as it may also come: as is, in CRLF, with a byte-order mark, without its
/// last line ending, and cut off at a few places (mostly inside a level).
pub(crate) fn variants(pack: &[u8]) -> Vec<Vec<u8>> {
    let crlf: Vec<u8> =
        pack.iter().flat_map(|&b| if b == b'\n' { vec![b'\r', b'\n'] } else { vec![b] }).collect();
    let mut out = vec![pack.to_vec(), crlf, [b"\xEF\xBB\xBF", pack].concat()];
    out.push(pack.strip_suffix(b"\n").unwrap_or(pack).to_vec());
    for k in 1..5 {
        out.push(pack[..pack.len() * k / 5].to_vec());
    }
    out
}

#[test]
fn a_pack_with_errors_in_many_places_reads_the_same_in_chunks_and_with_two_jobs() {
    let pack =
        crate::common::read_bytes(crate::common::project("tests/data/bloxorz/errors-many.txt"));
    for variant in variants(&pack) {
        for max_levels in [1, 2, 256] {
            check_pack_jobs(&variant, LIMIT, max_levels);
        }
    }
}

/// Well-formed levels with switches, bridge tiles and split switches (the tests' generator), a
/// few of them with one byte changed, so that most levels are read and solved.
fn extended_levels() -> impl Strategy<Value = Vec<u8>> {
    let pack = (any::<u64>(), 1usize..6).prop_map(|(seed, n)| {
        let mut rng = crate::common::Rng(seed);
        (0..n)
            .map(|_| crate::common::extended::random_ext(&mut rng).to_text())
            .collect::<String>()
            .into_bytes()
    });
    let change = proptest::option::of((any::<prop::sample::Index>(), any::<u8>()));
    (pack, change).prop_map(|(pack, change)| with_change(pack, change))
}

/// A small Flash file in the game's layout, with one byte changed or a piece cut out.
fn flashish() -> impl Strategy<Value = Vec<u8>> {
    const FILE: &str = "skiptomenu = false;\r\n// MAPS:\r\nlevelab = [];\r\n\
        levelab.push(\"bbbsbbl e\");\r\nlevelab.push(\"vbbhfbbkb\");\r\n\
        levelab.push([0,0]);\r\n\
        levelab.push({swatch30: [[6,0,\"onoff\"],[7,1,\"off\"]], swatch31: [[6,0,\"on\"]]});\r\n\
        levelab.push({swatch01: [7,0,2,1]});\r\nlevelcd = [];\r\nlevelcd.push(\"bbe\");\r\n\
        levelcd.push([0,0]);\r\nlevels = [\"\", levelab, levelcd, levelab];\r\n\
        levelcodes = [\"\", \"1\", \"2\", \"3\"];\r\n";
    let bytes = FILE.as_bytes().to_vec();
    let len = bytes.len();
    prop_oneof![
        (any::<prop::sample::Index>(), any::<u8>())
            .prop_map(|change| with_change(FILE.as_bytes().to_vec(), Some(change))),
        (any::<prop::sample::Index>(), 0usize..40).prop_map(move |(i, n)| {
            let mut bytes = FILE.as_bytes().to_vec();
            let at = i.index(len);
            bytes.drain(at..(at + n).min(len));
            bytes
        }),
        Just(bytes),
    ]
}

/// Well-formed levels (random cells, one `O`, a standing or lying `X`), a few of them with one
/// byte changed, so that most levels are read and solved.
fn levels() -> impl Strategy<Value = Vec<u8>> {
    let level = (1usize..7, 1usize..7, any::<u64>()).prop_map(|(rows, cols, seed)| {
        let mut x = seed | 1;
        let mut next = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let mut cells: Vec<u8> = (0..rows * cols).map(|_| b".....EE##"[next(9)]).collect();
        let o = next(rows * cols);
        cells[o] = b'O';
        let x0 = next(rows * cols);
        if x0 != o {
            cells[x0] = b'X';
            let x1 = if next(2) == 0 { x0 + 1 } else { x0 + cols };
            if next(2) == 0 && x1 < rows * cols && x1 != o && (x1 % cols != 0 || x1 == x0 + cols) {
                cells[x1] = b'X';
            }
        }
        let mut text = format!("{rows} {cols}\n").into_bytes();
        for row in cells.chunks(cols) {
            text.extend_from_slice(row);
            text.push(b'\n');
        }
        text
    });
    let pack = proptest::collection::vec(level, 1..8).prop_map(|l| l.concat());
    let change = proptest::option::of((any::<prop::sample::Index>(), any::<u8>()));
    (pack, change).prop_map(|(pack, change)| with_change(pack, change))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check_pack(&bytes, 1, LIMIT);
    }

    #[test]
    fn well_formed_and_slightly_broken_levels_answer_with_replayable_paths(bytes in levels()) {
        check_pack(&bytes, 1, LIMIT);
        check_pack(&bytes, 3, LIMIT);
    }

    #[test]
    fn packs_read_in_chunks_and_with_two_jobs_read_as_one_by_one(
        bytes in prop_oneof![levels(), packish(), extended_levels()],
        max_levels in 1usize..4,
    ) {
        check_pack_jobs(&bytes, LIMIT, max_levels);
    }

    #[test]
    fn pack_shaped_bytes_never_panic_and_paths_replay(bytes in packish()) {
        check_pack(&bytes, 1, LIMIT);
        check_pack(&bytes, 2, LIMIT);
    }

    #[test]
    fn levels_with_switches_and_splits_answer_with_replayable_paths(bytes in extended_levels()) {
        check_pack(&bytes, 1, LIMIT);
        check_pack(&bytes, 2, LIMIT);
    }

    #[test]
    fn flash_files_never_panic_and_their_paths_replay(bytes in flashish()) {
        check_flash(&bytes, LIMIT);
    }

    #[test]
    fn javascript_ports_give_the_stages_javascript_makes(bytes in proptest::collection::vec(any::<u8>(), 0..160)) {
        let (program, play_order) = crate::common::javascript::program(&bytes);
        crate::common::javascript::check_stages(&program, &play_order, LIMIT);
        check_flash(program.as_bytes(), LIMIT);
    }

    #[test]
    fn arbitrary_bytes_as_a_flash_file_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check_flash(&bytes, LIMIT);
    }
}
