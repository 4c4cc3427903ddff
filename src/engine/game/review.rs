//! The solving step behind a move of a game's journal, found again for a replay: the step a hint
//! pointed at (the journal keeps only its technique), or the step a hint's last stage, a step
//! list or a script applied, checked against what the move changed on the board.

use super::journal::{Move, MoveKind, ReplayError};
use super::{Game, Rules};
use crate::engine::grid::{Digit, CELLS, PEERS};
use crate::engine::logic::{self, Step};

/// The step behind the last of `moves` (a journal replayed onto the puzzle): for a hint asked
/// for, the step of its technique that the hint found in that position (the hint's first
/// instance, as the player was shown it); for a step applied, the instance of its technique whose
/// placements and eliminations are what the move did. `None` for every other move, for moves of
/// games kept before techniques were named, and where no instance does what the move did.
pub fn step_behind_last_move(
    givens: [Digit; CELLS],
    solution: [Digit; CELLS],
    rules: Rules,
    moves: &[Move],
) -> Result<Option<Step>, ReplayError> {
    let Some((last, before)) = moves.split_last() else {
        return Ok(None);
    };
    let Some(technique) = last.technique else {
        return Ok(None);
    };
    Ok(match last.kind {
        // (Asking for a hint changes nothing on the board: the hint's position is the one after.)
        MoveKind::HintTaken => {
            let game = Game::replay(givens, solution, rules, moves)?;
            logic::next_step(&game.position(), &[technique])
        }
        MoveKind::Step | MoveKind::ScriptStep => {
            let position = Game::replay(givens, solution, rules, before)?.position();
            // The first instance is the one a hint applies; a script may have applied another.
            logic::next_step(&position, &[technique])
                .filter(|step| did(last, step))
                .or_else(|| {
                    logic::find_all(&position, technique)
                        .into_iter()
                        .find(|step| did(last, step))
                })
        }
        _ => None,
    })
}

/// Whether `step` is what the move did, whatever the rules of play it was made under: its
/// placements are the digits the move wrote, none of its eliminations is a pencil mark the move
/// left, and every other cell the move changed is one it eliminated from or a peer of a digit it
/// placed (whose marks of that digit Remove Pencil Marks takes away).
fn did(entry: &Move, step: &Step) -> bool {
    let mut written: Vec<(usize, Digit)> = entry
        .changes
        .iter()
        .filter(|c| c.after != c.before)
        .map(|c| (c.cell, c.after))
        .collect();
    let mut placed: Vec<(usize, Digit)> = step.placements.iter().map(|p| (p.cell, p.digit)).collect();
    written.sort_unstable();
    placed.sort_unstable();
    let eliminations_made = step.eliminations.iter().all(|e| {
        entry
            .changes
            .iter()
            .filter(|c| c.cell == e.cell)
            .all(|c| !c.after_marks.contains(e.digit))
    });
    let explained = entry.changes.iter().all(|c| {
        step.placements
            .iter()
            .any(|p| p.cell == c.cell || PEERS[p.cell].contains(&c.cell))
            || step.eliminations.iter().any(|e| e.cell == c.cell)
    });
    written == placed && eliminations_made && explained && !entry.changes.is_empty()
}

#[cfg(test)]
mod tests {
    use super::super::tests::game;
    use super::super::Action;
    use super::*;
    use crate::engine::logic::{Hint, Technique};

    fn behind(game: &Game) -> Option<Step> {
        step_behind_last_move(*game.givens(), *game.solution(), Rules::default(), game.journal()).unwrap()
    }

    #[test]
    fn a_hint_and_the_step_it_applied_are_found_again() {
        let mut game = game();
        assert_eq!(behind(&game), None, "no move yet");
        game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
        assert_eq!(behind(&game), None, "a digit entered is no step");
        // A hint asked for, named once found, as the app names it.
        let (position, solution) = game.hint_request().unwrap();
        let Hint::Step(hinted) = logic::hint::hint_with_solution(&position, &solution) else {
            panic!("a step")
        };
        assert_eq!(behind(&game), None, "a hint not yet named");
        game.name_last_hint(hinted.technique);
        assert_eq!(behind(&game), Some(hinted.clone()));
        // Its last stage applies it: the same step, checked against what it changed.
        game.apply(Action::ApplyStep(hinted.clone())).unwrap();
        assert_eq!(behind(&game), Some(hinted));
        // Undoing it is no step.
        game.undo();
        assert_eq!(behind(&game), None);
    }

    #[test]
    fn a_step_applied_is_the_instance_that_did_what_the_move_did() {
        let mut game = game();
        let position = game.position();
        let singles = logic::find_all(&position, Technique::HiddenSingle);
        assert!(singles.len() > 2, "several hidden singles to choose from");
        // A script's step: the third instance, not the first a hint would find.
        let third = singles[2].clone();
        game.apply(Action::ApplyScriptStep {
            placements: third.placements.iter().map(|p| (p.cell, p.digit)).collect(),
            eliminations: Vec::new(),
            technique: Some(Technique::HiddenSingle),
        })
        .unwrap();
        assert_eq!(behind(&game), Some(third.clone()));
        // A right digit that no hidden single places, called one (a script naming its own step
        // wrongly): no instance did it.
        game.undo();
        let (cell, digit) = (0..CELLS)
            .filter(|&c| game.value(c) == 0)
            .map(|c| (c, game.solution()[c]))
            .find(|&(c, d)| {
                !singles
                    .iter()
                    .any(|s| s.placements.iter().any(|p| (p.cell, p.digit) == (c, d)))
            })
            .expect("a cell no hidden single fills");
        game.apply(Action::ApplyScriptStep {
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            technique: Some(Technique::HiddenSingle),
        })
        .unwrap();
        assert_eq!(behind(&game), None);
    }

    #[test]
    fn an_elimination_step_is_matched_by_the_marks_it_took_away() {
        // magictour's first puzzle: a hidden single, then pointing candidates (a board without
        // pencil marks, whose eliminations write out the cells' candidates).
        let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let givens = *crate::engine::format::parse_line(puzzle).unwrap().values();
        let crate::engine::solver::Solutions::Unique(solution) = crate::engine::solver::solve(&givens) else {
            panic!("unique")
        };
        let mut game = Game::new(givens, solution, Rules::default());
        let mut applied = Vec::new();
        while applied.len() < 3 {
            let step = logic::next_step(&game.position(), Technique::ALL).expect("a step");
            game.apply(Action::ApplyStep(step.clone())).unwrap();
            applied.push(step);
        }
        assert!(applied[0].eliminations.is_empty() && applied[1].placements.is_empty());
        assert_eq!(behind(&game), Some(applied[2].clone()));
        // The pointing pair found again is the one that took these marks away, not another.
        let moves = game.journal().len();
        let earlier = step_behind_last_move(givens, solution, Rules::default(), &game.journal()[..moves - 1]);
        assert_eq!(earlier.unwrap(), Some(applied[1].clone()));
    }
}
