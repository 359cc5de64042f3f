//! Fuzzes the Lights Out board reader: any bytes, read with sizes read from the input
//! (size lines, blocks of rows of 4 pieces read ahead as 4x4 boards or one board, other blocks)
//! and with sizes given, from a slice and from a stream, must give the same boards and errors
//! without a panic; every board read has cells of the alphabet's colours and a size within the
//! limits; inline boards likewise.
#![no_main]

use flipblox::lights_out::{Alphabet, Board, BoardReader, BoardSize};
use libfuzzer_sys::fuzz_target;

/// A board read (rows, columns, cells), or the message of one that could not be.
type Read = Result<(usize, usize, Vec<u8>), String>;

/// Every board or error message a reader gives.
fn read_all<S: flipblox::text::LineSource>(
    mut reader: BoardReader<S>,
    board: &mut Board,
    colours: u8,
) -> Vec<Read> {
    let mut out = Vec::new();
    if let Some((_, position)) = reader.read_count_line() {
        assert!(position.line >= 1);
    }
    while let Some(result) = reader.read_into(board) {
        out.push(result.map_err(|e| e.to_string()).map(|()| {
            assert!(board.rows() <= BoardSize::MAX_SIDE && board.cols() <= BoardSize::MAX_SIDE);
            assert!(board.cells().iter().all(|&c| c < colours));
            (board.rows(), board.cols(), board.cells().to_vec())
        }));
    }
    out
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&selector, text)) = bytes.split_first() else { return };
    let alphabet = match selector % 4 {
        0 => Alphabet::default_for(2),
        1 => Alphabet::new("01", 2).unwrap(),
        2 => Alphabet::new(".X", 2).unwrap(),
        _ => Alphabet::default_for(3),
    };
    let colours = alphabet.colours();
    let mut board = Board::new(1, 1);
    let from_slice = read_all(BoardReader::inferring(text, &alphabet), &mut board, colours);
    let stream = std::io::Cursor::new(text.to_vec());
    let from_stream =
        read_all(BoardReader::from_reader_inferring(stream, &alphabet), &mut board, colours);
    assert_eq!(from_slice, from_stream);
    let size =
        BoardSize::new(usize::from(selector >> 5) + 1, usize::from(selector >> 2 & 7) + 1).unwrap();
    let mut fixed = Board::new(size.rows(), size.cols());
    let from_slice = read_all(BoardReader::new(text, size, &alphabet), &mut fixed, colours);
    let stream = std::io::Cursor::new(text.to_vec());
    let from_stream =
        read_all(BoardReader::from_reader(stream, size, &alphabet), &mut fixed, colours);
    assert_eq!(from_slice, from_stream);
    let inline = String::from_utf8_lossy(text);
    if let Ok(board) = Board::parse_any_size(&inline, &alphabet) {
        assert!(board.cells().iter().all(|&c| c < colours));
    }
    let _ = Board::parse(&inline, size, &alphabet);
});
