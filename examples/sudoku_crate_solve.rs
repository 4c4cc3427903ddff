//! The `sudoku` crate's equivalent of `nonet-cli solve FILE`, for `scripts/measure-cli.sh`: reads
//! a file of one puzzle a line, writes each unique solution as 81 digits or `invalid`, through a
//! buffered standard output, as a plain program using that crate would.

use std::io::Write;

use sudoku::Sudoku;

fn main() {
    let path = std::env::args().nth(1).expect("usage: sudoku_crate_solve FILE");
    let text = std::fs::read_to_string(path).expect("the file reads");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let solved = Sudoku::from_str_line(line).ok().and_then(|s| s.solution());
        match solved {
            Some(solution) => writeln!(out, "{}", solution.to_str_line()),
            None => writeln!(out, "invalid"),
        }
        .expect("standard output takes the line");
    }
    out.flush().expect("standard output takes the lines");
}
