//! The logical solver never takes a wrong step: over thousands of puzzles, no step places a
//! digit other than the solution's or eliminates a solution digit. The solution comes from the
//! `sudoku` crate, an independent solver.

mod common;

use common::{dataset, qqwing, read_lines};
use nonet::engine::logic::{self, Board, Technique};
use nonet::engine::{Position, CELLS};

/// Walks the logical solution of each puzzle, checking every step against the solution, and
/// returns how many puzzles the techniques solved and how often each technique was used.
fn walk(puzzles: &[[u8; CELLS]]) -> (usize, std::collections::BTreeMap<Technique, usize>) {
    let mut solved = 0;
    let mut used = std::collections::BTreeMap::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let solution = sudoku::Sudoku::from_bytes(*puzzle)
            .unwrap()
            .solution()
            .expect("unique")
            .to_bytes();
        let mut board = Board::from_position(&Position::from_givens(puzzle));
        while !board.is_solved() {
            let Some(step) = logic::next_step_on(&board, Technique::ALL) else {
                break;
            };
            assert!(
                logic::agrees_with(&step, &solution),
                "puzzle {} ({}): wrong step {}\n{}",
                index + 1,
                nonet::engine::grid::digits_to_line(puzzle),
                step.compact(),
                step.explanation
            );
            *used.entry(step.technique).or_insert(0) += 1;
            board.apply(&step);
        }
        solved += board.is_solved() as usize;
    }
    (solved, used)
}

#[test]
fn no_wrong_step_on_seventeen_clue_puzzles() {
    let puzzles = read_lines(&dataset("17-clue.txt"));
    walk(&puzzles[..2000]);
}

/// Rates each puzzle with the solution at hand: the rating solve checks every step against it
/// (a debug assertion, on in tests) and takes no explanations, so whole hard sets stay quick.
fn rate_all(puzzles: &[[u8; CELLS]]) -> usize {
    puzzles
        .iter()
        .filter(|puzzle| {
            let solution = sudoku::Sudoku::from_bytes(**puzzle)
                .unwrap()
                .solution()
                .expect("unique")
                .to_bytes();
            logic::rating::rate_up_to(puzzle, logic::Level::Master, Some(&solution)).solved
        })
        .count()
}

#[test]
fn magictour_is_solved_by_logic_with_no_wrong_step() {
    let puzzles = read_lines(&dataset("magictour-top1465.txt"));
    assert_eq!(
        rate_all(&puzzles),
        puzzles.len(),
        "every magictour puzzle solved by logic"
    );
}

#[test]
fn the_forums_hardest_are_solved_by_logic_with_no_wrong_step() {
    // A sample here (the whole list takes minutes; `cargo bench --bench expert` rates it all).
    let puzzles: Vec<_> = read_lines(&dataset("forum-hardest-1106.txt"))
        .into_iter()
        .step_by(75)
        .collect();
    assert_eq!(
        rate_all(&puzzles),
        puzzles.len(),
        "every sampled puzzle solved by logic"
    );
}

#[test]
fn no_wrong_step_on_the_qqwing_sets_and_all_are_solved() {
    for name in ["simple", "easy", "intermediate", "expert"] {
        let puzzles = qqwing(name);
        assert_eq!(puzzles.len(), 250);
        let (solved, used) = walk(&puzzles);
        eprintln!("{name}: {solved}/250 solved by techniques; {used:?}");
        assert_eq!(solved, 250, "{name}: every puzzle solved by techniques");
    }
}
