//! A property-based byte fuzzer for the pack parser and the runner (run in CI; the libFuzzer target
//! in `fuzz/` runs the same checks for longer, see the README). Whatever the bytes: no panic, one
//! report per level numbered 1, 2, 3, ..., and every solved level's path replays on the level the
//! parser read.

use flipblox::bloxorz::{Level, PackReader, Report, RunOptions, Runner, roll};
use proptest::prelude::*;

/// Checks the invariants above for `bytes` with `jobs` workers.
fn check(bytes: &[u8], jobs: usize) -> Result<(), TestCaseError> {
    let levels: Vec<Option<Level>> = PackReader::new(bytes).map(Result::ok).collect();
    let mut runner = Runner::new(RunOptions { jobs, paths: true, max_memory: 1 << 20 });
    let mut reports: Vec<Report> = Vec::new();
    runner
        .run(bytes, |r| {
            reports.push(r);
            Ok::<(), ()>(())
        })
        .unwrap();
    prop_assert_eq!(reports.len(), levels.len());
    for (i, (report, level)) in reports.iter().zip(&levels).enumerate() {
        prop_assert_eq!(report.level, i + 1);
        prop_assert!(report.end_offset <= bytes.len());
        match (&report.result, level) {
            (Ok(answer), Some(level)) => {
                prop_assert_eq!(
                    answer.solution.moves.map(|n| n as usize),
                    answer.solution.moves.map(|_| answer.path.len())
                );
                let mut at = level.start();
                for &m in &answer.path {
                    let next = roll(level, at, m);
                    prop_assert!(next.is_some());
                    at = next.unwrap();
                }
                if answer.solution.moves.is_some() {
                    let (r, c) = level.target();
                    prop_assert_eq!(at, flipblox::bloxorz::Placement::standing(r, c));
                }
            }
            (Err(_), None) => {}
            _ => prop_assert!(false, "the runner and the parser disagree on level {}", i + 1),
        }
    }
    Ok(())
}

/// Bytes that look like packs: headers, cells, blank lines, CRLF, and some noise.
fn packish() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        4 => proptest::sample::select(vec![b'.', b'E', b'#', b'O', b'X']).prop_map(|b| vec![b]),
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
    (pack, proptest::option::of((any::<prop::sample::Index>(), any::<u8>()))).prop_map(
        |(mut pack, change)| {
            if let Some((i, b)) = change {
                let i = i.index(pack.len());
                pack[i] = b;
            }
            pack
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check(&bytes, 1)?;
    }

    #[test]
    fn well_formed_and_slightly_broken_levels_answer_with_replayable_paths(bytes in levels()) {
        check(&bytes, 1)?;
        check(&bytes, 3)?;
    }

    #[test]
    fn pack_shaped_bytes_never_panic_and_paths_replay(bytes in packish()) {
        check(&bytes, 1)?;
        check(&bytes, 2)?;
    }
}
