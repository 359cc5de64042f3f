//! `flipblox flip`: answer Flip Game boards (POJ 1753) from the embedded table.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::Outcome;
use super::output;
use flipblox::flip::{Board, BoardError, BoardReader, DistanceTable, GridBoard, SIDE};
use flipblox::input::{Input, Source};

/// Answer 4x4 Flip Game boards: the minimum number of moves to make every piece white or every
/// piece black, or `Impossible` (POJ 1753).
///
/// Input: boards in the POJ layout, 4 lines of 4 characters `b` (black) or `w` (white), with or
/// without blank lines between boards; CRLF and trailing spaces are fine. Output: one line per
/// board, in order; a board that could not be read prints `Error` and a PATH:LINE:COLUMN message
/// on stderr.
#[derive(Debug, Args)]
pub struct FlipArgs {
    /// Files of boards; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", conflicts_with = "board")]
    files: Vec<PathBuf>,

    /// Answer this board instead of reading files: `bwwb/bbwb/bwwb/bwww` or 16 characters
    /// row by row. May be given more than once.
    #[arg(long, value_name = "BOARD")]
    board: Vec<String>,

    /// Also print an optimal sequence of presses: `N (r,c)(r,c)...`, 1-based row and column.
    #[arg(long)]
    moves: bool,

    /// Print one JSON object per line: file, index, board, distance (null when impossible),
    /// moves ([[row, col], ...], 1-based; null when impossible), error (null unless unreadable).
    #[arg(long)]
    json: bool,
}

/// One answered (or unreadable) board, as printed by `--json`.
#[derive(Debug, Serialize)]
struct JsonAnswer<'a> {
    file: &'a str,
    index: usize,
    board: Option<String>,
    distance: Option<u8>,
    moves: Option<Vec<[u8; 2]>>,
    error: Option<String>,
}

struct Printer<W: Write> {
    out: W,
    table: DistanceTable<'static>,
    moves: bool,
    json: bool,
    line: String,
}

impl<W: Write> Printer<W> {
    fn answer(&mut self, file: &str, index: usize, board: Board) -> anyhow::Result<()> {
        let distance = self.table.distance(board);
        if self.json {
            let moves = self
                .table
                .optimal_presses(board)
                .map(|presses| presses.iter().map(|p| [p.row + 1, p.col + 1]).collect::<Vec<_>>());
            let answer = JsonAnswer {
                file,
                index,
                board: Some(board.to_string()),
                distance,
                moves,
                error: None,
            };
            serde_json::to_writer(&mut self.out, &answer)?;
            self.out.write_all(b"\n")?;
            return Ok(());
        }
        match distance {
            None => self.out.write_all(b"Impossible\n")?,
            Some(d) if !self.moves => writeln!(self.out, "{d}")?,
            Some(d) => {
                use std::fmt::Write as _;
                self.line.clear();
                write!(self.line, "{d}")?;
                if d > 0 {
                    self.line.push(' ');
                }
                let presses = self.table.optimal_presses(board).unwrap_or_default();
                for p in presses {
                    write!(self.line, "{p}")?;
                }
                writeln!(self.out, "{}", self.line)?;
            }
        }
        Ok(())
    }

    fn error(&mut self, file: &str, index: usize, error: &BoardError) -> anyhow::Result<()> {
        // Flush the answers before this board so stdout and stderr interleave in order.
        self.out.flush()?;
        eprintln!("{file}:{error}");
        if self.json {
            let answer = JsonAnswer {
                file,
                index,
                board: None,
                distance: None,
                moves: None,
                error: Some(error.to_string()),
            };
            serde_json::to_writer(&mut self.out, &answer)?;
            self.out.write_all(b"\n")?;
        } else {
            self.out.write_all(b"Error\n")?;
        }
        Ok(())
    }
}

/// Runs `flipblox flip`.
pub fn run(args: FlipArgs) -> anyhow::Result<Outcome> {
    let mut printer = Printer {
        out: output::stdout(),
        table: DistanceTable::embedded(),
        moves: args.moves,
        json: args.json,
        line: String::new(),
    };
    let mut failed = false;
    if !args.board.is_empty() {
        for (i, text) in args.board.iter().enumerate() {
            match text.parse::<Board>() {
                Ok(board) => printer.answer("--board", i + 1, board)?,
                Err(mut e) => {
                    e.board = i + 1;
                    printer.error("--board", i + 1, &e)?;
                    failed = true;
                }
            }
        }
        printer.out.flush().context("writing to stdout")?;
        return Ok(Outcome::from_failed(failed));
    }
    let sources: Vec<Source> = if args.files.is_empty() {
        vec![Source::Stdin]
    } else {
        args.files.iter().map(|p| Source::from_arg(p)).collect()
    };
    let mut cells = GridBoard::new(SIDE, SIDE);
    for source in &sources {
        let input = match Input::open(source) {
            Ok(input) => input,
            Err(e) => {
                printer.out.flush()?;
                eprintln!("{}: cannot read: {e}", source.display_name());
                failed = true;
                continue;
            }
        };
        let name = input.name();
        let mut reader = BoardReader::new(input.bytes(), SIDE, SIDE);
        while let Some(result) = reader.read_into(&mut cells) {
            let index = reader.boards_started();
            match result {
                Ok(()) => printer.answer(name, index, Board::from_bits(cells.words()[0] as u16))?,
                Err(e) => {
                    printer.error(name, index, &e)?;
                    failed = true;
                }
            }
        }
    }
    printer.out.flush().context("writing to stdout")?;
    Ok(Outcome::from_failed(failed))
}
