//! The 4x4 fast path's functions: every clean board read whole and every single-byte corruption
//! refused (LF and CRLF), and the answers of a run resumed after a full buffer equal the brute
//! force over press sets. `tests/flip_fast.rs` compares the whole fast path with the general
//! reader through the command-line tool.

use super::rng::Rng;
use crate::lights_out::fast::{
    CleanRun, answer_clean_boards, clean_board_state, clean_crlf_board_state,
};
use crate::lights_out::table::bfs::IMPOSSIBLE;
use crate::lights_out::table::brute::brute_force_table;
use crate::lights_out::{Alphabet, Board, DistanceTable};

/// The board of `state` in the common layout: four rows, each ended by `\n`.
fn board_text(state: u16) -> Vec<u8> {
    let board = Board::from_state(4, 4, 2, u64::from(state));
    (board.to_text(&Alphabet::default_for(2)).replace('/', "\n") + "\n").into_bytes()
}

#[test]
fn a_clean_board_is_read_whole_and_every_single_byte_corruption_refused_lf_and_crlf() {
    let mut rng = Rng(42);
    for _ in 0..200 {
        let state = rng.next() as u16;
        let board: [u8; 20] = board_text(state).try_into().unwrap();
        assert_eq!(clean_board_state(&board), Some(state));
        for at in 0..20 {
            for byte in 0..=u8::MAX {
                let mut bad = board;
                bad[at] = byte;
                let ok = if at % 5 == 4 { byte == b'\n' } else { matches!(byte, b'b' | b'w') };
                let want = ok.then(|| {
                    let mut s = state;
                    if at % 5 != 4 {
                        let bit = 4 * (at / 5) + at % 5;
                        s = s & !(1 << bit) | u16::from(byte == b'b') << bit;
                    }
                    s
                });
                assert_eq!(clean_board_state(&bad), want, "byte {byte:#04x} at {at}");
            }
        }
        // The same board with CRLF line endings.
        let crlf: Vec<u8> = board_text(state)
            .iter()
            .flat_map(|&b| if b == b'\n' { vec![b'\r', b'\n'] } else { vec![b] })
            .collect();
        let crlf: [u8; 24] = crlf.try_into().unwrap();
        assert_eq!(clean_crlf_board_state(&crlf), Some(state));
        for at in 0..24 {
            for byte in 0..=u8::MAX {
                let mut bad = crlf;
                bad[at] = byte;
                let ok = match at % 6 {
                    4 => byte == b'\r',
                    5 => byte == b'\n',
                    _ => matches!(byte, b'b' | b'w'),
                };
                let want = ok.then(|| {
                    let mut s = state;
                    if at % 6 < 4 {
                        let bit = 4 * (at / 6) + at % 6;
                        s = s & !(1 << bit) | u16::from(byte == b'b') << bit;
                    }
                    s
                });
                assert_eq!(clean_crlf_board_state(&bad), want, "CRLF: byte {byte:#04x} at {at}");
            }
        }
    }
}

#[test]
fn answer_clean_boards_resumes_where_a_full_buffer_stopped_it() {
    let brute = brute_force_table(4, 4);
    let table = DistanceTable::embedded();
    let mut rng = Rng(7);
    let mut text = Vec::new();
    let mut expected = String::new();
    for _ in 0..20_000 {
        let state = rng.next() as u16;
        text.extend(board_text(state));
        if rng.chance(0.2) {
            text.push(b'\n');
        }
        expected.push_str(&match brute[usize::from(state)] {
            IMPOSSIBLE => "Impossible".to_string(),
            d => d.to_string(),
        });
        expected.push('\n');
    }
    let (mut offset, mut boards, mut block_rows, mut out) = (0, 0, 0, Vec::new());
    while offset < text.len() {
        let limit = out.len() + 7;
        let run = answer_clean_boards(&text, offset, block_rows, table.as_bytes(), &mut out, limit);
        assert!(run.end > offset || run.boards > 0, "no progress at {offset}");
        let CleanRun { end, boards: n, .. } = run;
        (offset, boards, block_rows) = (end, boards + n, run.block_rows);
    }
    assert_eq!(boards, 20_000);
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}
