//! The 4x4 fast path of `flipblox flip FILE` (issue 15): its output, stderr and exit code equal
//! the general reader's (`--method table`, which the fast path does not take, reads the same
//! file with the positioned reader alone) byte for byte on random files with every kind of
//! irregularity mixed in, with and without `--path` and `--json`, and its answers equal a brute
//! force over press sets written here (its paths replayed here). The fast path's own functions
//! are checked in `src/lights_out/tests/fast.rs`.

use crate::common::{Rng, flipblox, project, read_text, stderr, stdout, write_file};

/// The minimum presses from every 4x4 state to a uniform board (`None`: impossible), by a brute
/// force over all 2^16 press sets with a press written here: bit `4r + c` is the piece at
/// (r, c), a press flips it and its orthogonal neighbours.
fn brute_distances() -> Vec<Option<u32>> {
    let toggle = |p: usize| {
        let (r, c) = ((p / 4) as i32, (p % 4) as i32);
        let mut mask = 0u16;
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (rr, cc) = (r + dr, c + dc);
            if (0..4).contains(&rr) && (0..4).contains(&cc) {
                mask |= 1 << (4 * rr + cc);
            }
        }
        mask
    };
    let mut best: Vec<Option<u32>> = vec![None; 1 << 16];
    for set in 0u32..1 << 16 {
        let flipped = (0..16).filter(|&p| set >> p & 1 == 1).fold(0u16, |m, p| m ^ toggle(p));
        // Pressing `set` on `flipped` (or its complement) reaches all white (or all black).
        for state in [flipped, !flipped] {
            let slot = &mut best[usize::from(state)];
            if slot.is_none_or(|b| set.count_ones() < b) {
                *slot = Some(set.count_ones());
            }
        }
    }
    best
}

fn rows_of(state: u16) -> [Vec<u8>; 4] {
    std::array::from_fn(|r| {
        (0..4).map(|c| if state >> (4 * r + c) & 1 == 1 { b'b' } else { b'w' }).collect()
    })
}

/// A board in the common layout: four rows, each ended by `\n`.
fn board_text(state: u16) -> Vec<u8> {
    rows_of(state).iter().flat_map(|r| [&r[..], b"\n"].concat()).collect()
}

/// A random file of 4x4 boards with irregularities that keep the reader in step (CRLF, trailing
/// blanks, pieces separated by spaces, blank lines, bad characters, short and long rows, a
/// block of fewer than 4 rows between blank lines, a leading count line, no final line ending),
/// and the answer line expected for each board from `brute` (`?` for the block of fewer rows).
fn random_file(rng: &mut Rng, brute: &[Option<u32>]) -> (Vec<u8>, String) {
    let boards = rng.below(80) as usize;
    let mut text = Vec::new();
    let mut expected = String::new();
    if rng.chance(0.15) {
        // A count line, right or wrong (a wrong one is a warning on stderr).
        let count = if rng.chance(0.5) { boards as u64 } else { rng.below(100) };
        text.extend_from_slice(format!("{count}\n").as_bytes());
    }
    for _ in 0..boards {
        let state = rng.next() as u16;
        let mut rows = rows_of(state);
        let mut ends: Vec<&[u8]> = vec![b"\n"; 4];
        let mut readable = true;
        let row = rng.below(4) as usize;
        if rng.chance(0.4) {
            match rng.below(10) {
                0 if rng.chance(0.5) => ends = vec![b"\r\n"; 4],
                0 => ends[row] = b"\r\n",
                1 => rows[row].extend_from_slice(rng.pick(&[&b" "[..], b"\t", b"  \t", b" \r"])),
                2 => rows[row] = rows[row].iter().flat_map(|&p| [p, b' ']).collect(),
                3 => text.extend_from_slice(rng.pick(&[&b"\n"[..], b"\n\n", b" \n", b"\r\n"])),
                4 => {
                    let col = rng.below(4) as usize;
                    rows[row][col] = rng.pick(&[b'x', b'X', b' ', b'\t', 0, 0xFF, 0xC3, b'.']);
                    // A tab or space inside the row may read as separated pieces; the general
                    // reader decides, and the comparison below checks the fast path agrees.
                    readable = false;
                }
                5 => {
                    rows[row].truncate(1 + rng.below(3) as usize);
                    readable = false;
                }
                6 => {
                    rows[row].push(rng.pick(b"bwx"));
                    readable = false;
                }
                7 => {
                    // A block of 1 to 3 rows of 4 pieces, set apart by blank lines: one board
                    // of its rows (answered as the general reader answers it, checked above).
                    let kept = 1 + rng.below(3) as usize;
                    text.push(b'\n');
                    for r in &rows[..kept] {
                        text.extend_from_slice(r);
                        text.push(b'\n');
                    }
                    text.push(b'\n');
                    expected.push_str("?\n");
                    continue;
                }
                8 => text.push(b'\n'),
                _ => ends[row] = b"\t\r\n",
            }
        }
        for (r, end) in rows.iter().zip(&ends) {
            text.extend_from_slice(r);
            text.extend_from_slice(end);
        }
        if rng.chance(0.1) {
            text.extend_from_slice(rng.pick(&[&b"\n"[..], b"\r\n"]));
        }
        expected.push_str(&match (readable, brute[usize::from(state)]) {
            (false, _) => "Error".to_string(),
            (true, Some(d)) => d.to_string(),
            (true, None) => "Impossible".to_string(),
        });
        expected.push('\n');
    }
    if rng.chance(0.2) {
        while text.last() == Some(&b'\n') {
            text.pop();
        }
    }
    (text, expected)
}

#[test]
fn the_fast_path_prints_what_the_general_reader_prints_on_irregular_files() {
    let brute = brute_distances();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(1753);
    for case in 0..60 {
        let (text, expected) = random_file(&mut rng, &brute);
        let path = dir.path().join(format!("boards-{case}.txt"));
        write_file(&path, &text);
        let path = path.to_str().unwrap();
        let shown = String::from_utf8_lossy(&text);
        // `--path` and `--json` take the fast path too (and print the same whatever their order).
        for options in [&[][..], &["--path"], &["--json"], &["--path", "--json"]] {
            let fast = flipblox(&[&["flip"], options, &[path]].concat(), b"");
            let general =
                flipblox(&[&["flip", "--method", "table"], options, &[path]].concat(), b"");
            assert_eq!(stdout(&fast), stdout(&general), "case {case} {options:?}:\n{shown}");
            assert_eq!(stderr(&fast), stderr(&general), "case {case} {options:?}:\n{shown}");
            assert_eq!(fast.status.code(), general.status.code(), "case {case} {options:?}");
        }
        let fast = flipblox(&["flip", path], b"");
        // Every board the generator knows to be unreadable printed `Error`; the others the
        // brute force's answer (a bad character that still reads, e.g. a separating space, is
        // allowed to be answered only if the general reader answered it too: checked above).
        for (i, (got, want)) in stdout(&fast).lines().zip(expected.lines()).enumerate() {
            if want != "Error" && want != "?" {
                assert_eq!(got, want, "case {case}, board {}:\n{shown}", i + 1);
            }
        }
        assert_eq!(stdout(&fast).lines().count(), expected.lines().count(), "case {case}");
        let errors = stdout(&fast).lines().any(|l| l == "Error");
        assert_eq!(fast.status.success(), !errors, "case {case}");
    }
}

#[test]
fn old_mac_text_is_read_by_the_general_reader_whatever_follows() {
    // A file whose start has lone `\r` line ends is old Mac text: a later `\n` ends no line, so
    // boards after it are not clean boards (found by review: the fast path answered them).
    let dir = tempfile::tempdir().unwrap();
    let board = b"bwwb\nbbwb\nbwwb\nbwww\n";
    let cr_board = b"bwwb\rbbwb\rbwwb\rbwww\r\r";
    let files: [Vec<u8>; 3] = [
        [&b"\r".repeat(70_000)[..], board].concat(),
        [&cr_board.repeat(3_300)[..], board, board].concat(),
        [&cr_board.repeat(3_300)[..], b"\n\n", b"bwwb\r\nbbwb\r\nbwwb\r\nbwww\r\n"].concat(),
    ];
    for (i, text) in files.iter().enumerate() {
        let path = dir.path().join(format!("mac-{i}.txt"));
        write_file(&path, text);
        let path = path.to_str().unwrap();
        let fast = flipblox(&["flip", path], b"");
        let general = flipblox(&["flip", "--method", "table", path], b"");
        assert_eq!(stdout(&fast), stdout(&general), "file {i}");
        assert_eq!(stderr(&fast), stderr(&general), "file {i}");
        assert_eq!(fast.status.code(), general.status.code(), "file {i}");
        assert_eq!(fast.status.code(), Some(1), "file {i}: its last boards are not boards there");
    }
}

#[test]
fn the_fast_path_answers_the_shipped_boards_and_many_more_than_one_buffer() {
    let path = project("data/flip/boards-1000.txt");
    let out = flipblox(&["flip", path.to_str().unwrap()], b"");
    assert_eq!(stdout(&out), read_text(project("data/flip/boards-1000.expected")));
    // 450,000 boards that cannot be solved: 4.95 MB of `Impossible` lines, more than the fast
    // path's 4 MiB output buffer holds, and one bad board right after the first flush.
    let brute = brute_distances();
    let state = (0..=u16::MAX).find(|&s| brute[usize::from(s)].is_none()).unwrap();
    let board = board_text(state);
    let mut text = board.repeat(390_000);
    let mut bad = board.clone();
    bad[0] = b'x';
    text.extend_from_slice(&bad);
    text.extend_from_slice(&board.repeat(60_000));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("impossible.txt");
    write_file(&file, &text);
    let out = flipblox(&["flip", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let mut expected = "Impossible\n".repeat(390_000);
    expected.push_str("Error\n");
    expected.push_str(&"Impossible\n".repeat(60_000));
    assert!(stdout(&out) == expected, "the answers differ");
    assert_eq!(
        stderr(&out),
        format!(
            "{}:1560001:1: board 390001: expected 'b' or 'w', found 'x'\n",
            file.to_str().unwrap()
        )
    );
}

/// `N (r,c)(r,c)...` (or `Impossible`) read back: the distance and the 0-based presses.
fn parse_path_line(line: &str) -> Option<(u32, Vec<(usize, usize)>)> {
    if line == "Impossible" {
        return None;
    }
    let (distance, presses) = line.split_once(' ').unwrap_or((line, ""));
    let presses = presses
        .strip_prefix('(')
        .map(|p| p.strip_suffix(')').unwrap())
        .map(|p| {
            p.split(")(")
                .map(|rc| {
                    let (r, c) = rc.split_once(',').unwrap();
                    (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1)
                })
                .collect()
        })
        .unwrap_or_default();
    Some((distance.parse().unwrap(), presses))
}

#[test]
fn the_fast_path_prints_the_general_paths_and_records_for_every_state() {
    // Every 4x4 state, a bad board, then every state again: the fast path's `--path` lines and
    // `--json` records (formatted once per state, then copied) equal the general reader's byte
    // for byte across several output buffers and around the board it cannot read; every path
    // is replayed here and is as long as the brute force's minimum.
    let brute = brute_distances();
    let mut text = Vec::new();
    for s in 0..=u16::MAX {
        text.extend(board_text(s));
    }
    let mut bad = board_text(0);
    bad[7] = b'x';
    text.extend(&bad);
    for s in (0..=u16::MAX).rev() {
        text.extend(board_text(s));
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("every-state.txt");
    write_file(&file, &text);
    let path = file.to_str().unwrap();
    for options in [&["--path"][..], &["--json"]] {
        let fast = flipblox(&[&["flip"], options, &[path]].concat(), b"");
        let general = flipblox(&[&["flip", "--method", "table"], options, &[path]].concat(), b"");
        assert!(stdout(&fast) == stdout(&general), "{options:?}: the outputs differ");
        assert_eq!(stderr(&fast), stderr(&general), "{options:?}");
        assert_eq!(
            stderr(&fast),
            format!("{path}:262146:3: board 65537: expected 'b' or 'w', found 'x'\n")
        );
        assert_eq!(fast.status.code(), Some(1), "{options:?}");
        assert_eq!(stdout(&fast).lines().count(), 2 * 65_536 + 1, "{options:?}");
    }
    let fast = flipblox(&["flip", "--path", path], b"");
    let states = (0..=u16::MAX).map(Some).chain([None]).chain((0..=u16::MAX).rev().map(Some));
    for (line, state) in stdout(&fast).lines().zip(states) {
        let Some(state) = state else {
            assert_eq!(line, "Error");
            continue;
        };
        let want = brute[usize::from(state)];
        let Some((distance, presses)) = parse_path_line(line) else {
            assert_eq!(want, None, "state {state:#06x}: {line}");
            continue;
        };
        assert_eq!(Some(distance), want, "state {state:#06x}: {line}");
        assert_eq!(presses.len(), distance as usize, "state {state:#06x}: {line}");
        let mut after = state;
        for (r, c) in presses {
            for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                if (0..4).contains(&rr) && (0..4).contains(&cc) {
                    after ^= 1 << (4 * rr + cc);
                }
            }
        }
        assert!(after == 0 || after == u16::MAX, "state {state:#06x}: {line} ends at {after:#06x}");
    }
}

#[test]
fn json_records_of_a_file_with_a_long_name_to_escape_equal_the_general_readers() {
    // The fast path copies a short head (`{"file":NAME,"index":`) whole and a long one in
    // pieces: a name of 150 bytes with quotes and a non-ASCII letter takes the second way.
    let dir = tempfile::tempdir().unwrap();
    let long =
        dir.path().join("d".repeat(60)).join(format!("{}\"quoted\"-\u{e9}.txt", "b".repeat(70)));
    std::fs::create_dir_all(long.parent().unwrap()).unwrap();
    write_file(&long, read_text(project("data/flip/boards-1000.txt")).as_bytes());
    let path = long.to_str().unwrap();
    let fast = flipblox(&["flip", "--json", path], b"");
    let general = flipblox(&["flip", "--json", "--method", "table", path], b"");
    assert_eq!(stdout(&fast), stdout(&general));
    assert_eq!(stdout(&fast).lines().count(), 1000);
    assert!(stdout(&fast).starts_with("{\"file\":\""), "{}", stdout(&fast));
    assert!(fast.status.success());
}
