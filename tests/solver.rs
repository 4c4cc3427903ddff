//! The solver against the public datasets, checked by the rules of Sudoku (not by the solver).

mod common;

use common::{assert_solves, dataset, read_lines, sample};
use nonet::engine::solver::{self, Solutions};

fn check_unique_and_valid(puzzles: &[[u8; 81]]) {
    for (i, puzzle) in puzzles.iter().enumerate() {
        match solver::solve(puzzle) {
            Solutions::Unique(solution) => assert_solves(puzzle, &solution),
            other => panic!("puzzle {} should have one solution, got {other:?}", i + 1),
        }
    }
}

#[test]
fn solves_5000_seventeen_clue_puzzles_by_the_rules() {
    let puzzles = read_lines(&dataset("17-clue.txt"));
    assert_eq!(puzzles.len(), 49_158);
    check_unique_and_valid(&puzzles[..5000]);
}

#[test]
#[ignore = "all 49,158 puzzles: run with `cargo test --release -- --ignored`"]
fn solves_every_seventeen_clue_puzzle_by_the_rules() {
    check_unique_and_valid(&read_lines(&dataset("17-clue.txt")));
}

#[test]
fn solves_the_hardest_lists_by_the_rules() {
    check_unique_and_valid(&read_lines(&dataset("forum-hardest-1106.txt")));
    check_unique_and_valid(&read_lines(&dataset("top95.txt")));
    check_unique_and_valid(&read_lines(&dataset("magictour-top1465.txt")));
}

#[test]
fn reports_all_ten_thousand_multi_solution_puzzles_as_multiple() {
    let puzzles = read_lines(&dataset("serg-multi-solution.txt"));
    assert_eq!(puzzles.len(), 10_000);
    for (i, puzzle) in puzzles.iter().enumerate() {
        match solver::solve(puzzle) {
            Solutions::Multiple(first) => assert_solves(puzzle, &first),
            other => panic!("puzzle {} has several solutions, got {other:?}", i + 1),
        }
        assert_eq!(solver::count_solutions(puzzle, 2), 2);
    }
}

#[test]
fn counts_up_to_the_limit_and_agrees_with_an_independent_solver() {
    for puzzle in read_lines(&sample("multi-solution-sample.txt")) {
        let reference = sudoku::Sudoku::from_bytes(puzzle).unwrap().solutions_count_up_to(50);
        assert_eq!(solver::count_solutions(&puzzle, 50), reference);
    }
    for puzzle in read_lines(&sample("17-clue-sample.txt")) {
        assert_eq!(solver::count_solutions(&puzzle, 10), 1);
        assert!(solver::has_unique_solution(&puzzle));
    }
}

#[test]
fn the_solver_is_deterministic() {
    let puzzle = read_lines(&sample("multi-solution-sample.txt"))[0];
    let first = solver::solve(&puzzle);
    for _ in 0..5 {
        assert_eq!(solver::solve(&puzzle), first);
    }
}

#[test]
fn a_solved_grid_and_a_broken_one() {
    let puzzle = read_lines(&sample("17-clue-sample.txt"))[0];
    let Solutions::Unique(solution) = solver::solve(&puzzle) else {
        panic!("unique")
    };
    assert_eq!(solver::solve(&solution), Solutions::Unique(solution));
    let mut broken = solution;
    broken.swap(0, 1);
    assert_eq!(solver::solve(&broken), Solutions::None);
    // A digit out of range in the input is read as a blank, never a panic.
    let mut odd = puzzle;
    odd[80] = 200;
    assert!(solver::count_solutions(&odd, 2) >= 1);
}

/// Enumeration (issue 14, `solve --all`): on every multi-solution puzzle of the forum's set, the
/// number of solutions agrees with the `sudoku` crate's count; on the first 300 each solution is
/// valid by the rules and keeps the givens, and none repeats.
#[test]
fn enumerates_every_solution_and_agrees_with_an_independent_solver() {
    const LIMIT: usize = 100_000;
    let puzzles = read_lines(&dataset("serg-multi-solution.txt"));
    let mut total = 0;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let mut seen = std::collections::HashSet::new();
        let checked = i < 300;
        let count = solver::each_solution(puzzle, LIMIT, &mut |solution| {
            if checked {
                assert_solves(puzzle, solution);
                assert!(seen.insert(*solution), "puzzle {}: a solution twice", i + 1);
            }
        });
        let reference = sudoku::Sudoku::from_bytes(*puzzle)
            .unwrap()
            .solutions_count_up_to(LIMIT);
        assert_eq!(count, reference, "puzzle {}", i + 1);
        assert!((2..LIMIT).contains(&count));
        total += count;
    }
    assert!(total > 2 * puzzles.len(), "{total} solutions in all");
    // The limit stops the search, and a puzzle with one solution has one.
    let empty = [0u8; 81];
    assert_eq!(solver::each_solution(&empty, 25, &mut |_| {}), 25);
    let unique = read_lines(&sample("17-clue-sample.txt"))[0];
    assert_eq!(solver::each_solution(&unique, 10, &mut |_| {}), 1);
}

/// The engines (issue 14): the triad solver at every vector level this machine has searches
/// exactly as its portable form does (same count, same first solution, same guesses), and the
/// band solver finds the same number of solutions (and the same one where it is unique), on the
/// hard lists, 17-clue puzzles and puzzles with several solutions.
#[test]
fn every_engine_and_vector_level_agrees() {
    use solver::triads::{self, Level};
    let levels = Level::available();
    assert_eq!(levels[0], Level::Portable);
    #[cfg(target_arch = "x86_64")]
    assert!(levels.len() > 1, "an x86-64 machine has a vector path");
    let mut puzzles = read_lines(&dataset("forum-hardest-1106.txt"));
    puzzles.extend(read_lines(&dataset("magictour-top1465.txt")).iter().step_by(3));
    puzzles.extend(&read_lines(&dataset("17-clue.txt"))[..3000]);
    puzzles.extend(&read_lines(&dataset("serg-multi-solution.txt"))[..2000]);
    let mut several = 0;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let reference = triads::count(puzzle, 2, Level::Portable);
        for &level in &levels[1..] {
            assert_eq!(
                triads::count(puzzle, 2, level),
                reference,
                "{level:?} on puzzle {}",
                i + 1
            );
        }
        let (count, first) = solver::search_with(puzzle, 2, solver::Engine::Bands);
        assert_eq!(count, reference.count, "the band solver on puzzle {}", i + 1);
        if count == 1 {
            assert_eq!(first, reference.first, "the band solver on puzzle {}", i + 1);
        }
        several += usize::from(count == 2);
        if let Some(first) = reference.first {
            assert_solves(puzzle, &first);
        }
    }
    assert_eq!(several, 2000);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Random givens, most of them contradictory or with many solutions: every vector level of
    /// the triad solver searches exactly as the portable form does, and the band solver counts
    /// the same (up to 3).
    #[test]
    fn engines_agree_on_random_givens(
        givens in proptest::collection::vec((0usize..81, 1u8..=9), 0..40)
    ) {
        use solver::triads::{self, Level};
        let mut puzzle = [0u8; 81];
        for (cell, digit) in givens {
            puzzle[cell] = digit;
        }
        let reference = triads::count(&puzzle, 3, Level::Portable);
        for level in Level::available() {
            proptest::prop_assert_eq!(&triads::count(&puzzle, 3, level), &reference, "{:?}", level);
        }
        let (count, _) = solver::search_with(&puzzle, 3, solver::Engine::Bands);
        proptest::prop_assert_eq!(count, reference.count);
        if let Some(first) = reference.first {
            assert_solves(&puzzle, &first);
        }
    }
}
