//! The game's rules, undo and redo, the clock and the journal's replay, tested headless.

use super::*;
use crate::engine::solver::{solve, Solutions};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

pub(super) fn game() -> Game {
    let givens = *crate::engine::format::parse_line(PUZZLE).unwrap().values();
    let Solutions::Unique(solution) = solve(&givens) else {
        panic!("unique")
    };
    Game::new(givens, solution, Rules::default())
}

#[test]
fn givens_cannot_change() {
    let mut game = game();
    assert_eq!(game.apply(Action::Enter { cell: 0, digit: 4 }), Err(Refusal::GivenCell));
    assert_eq!(game.apply(Action::Clear { cell: 0 }), Err(Refusal::GivenCell));
    assert_eq!(
        game.apply(Action::ToggleMark { cell: 1, digit: 4 }),
        Err(Refusal::GivenCell)
    );
    assert_eq!(
        game.apply(Action::Enter { cell: 81, digit: 4 }),
        Err(Refusal::OutOfRange)
    );
    assert_eq!(
        game.apply(Action::Enter { cell: 2, digit: 0 }),
        Err(Refusal::OutOfRange)
    );
}

#[test]
fn a_wrong_digit_is_a_mistake_once_and_a_right_one_is_not() {
    let mut game = game();
    // r1c3 is 4 in the solution.
    assert_eq!(game.solution()[2], 4);
    let outcome = game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    assert!(outcome.changed && outcome.mistake);
    assert!(game.is_wrong(2));
    // Entering the same wrong digit again changes nothing and is not counted twice.
    assert_eq!(game.apply(Action::Enter { cell: 2, digit: 1 }), Ok(Outcome::default()));
    let outcome = game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    assert!(!outcome.mistake);
    assert_eq!(game.mistakes(), 1);
    // Undo does not take a mistake back.
    game.undo();
    game.undo();
    assert_eq!(game.mistakes(), 1);
    assert_eq!(game.value(2), 0);
}

#[test]
fn conflicts_are_the_repeated_digits() {
    let mut game = game();
    game.apply(Action::Enter { cell: 2, digit: 5 }).unwrap(); // 5 is given at r1c1
    let conflicts: Vec<Cell> = game.conflicts().iter().collect();
    assert_eq!(conflicts, vec![0, 2]);
}

#[test]
fn marks_a_placed_digit_rules_out_are_found_in_row_column_and_box() {
    let mut game = game();
    // r1c3's peers hold 5 and 3 (r1c1 and r1c2, in its row and box), 9 (r3c2, its box) and
    // 8 (r3c3, its box and column); 4 is in none of its houses.
    for digit in [3, 4, 5, 8, 9] {
        game.apply(Action::ToggleMark { cell: 2, digit }).unwrap();
    }
    assert_eq!(game.ruled_out_marks(2).to_string(), "3589");
    assert!(game.ruled_out_marks(3).is_empty(), "no marks, nothing ruled out");
    // Entering 4 in r1c4 with automatic removal off keeps the mark 4 in r1c3: now ruled out.
    game.rules.auto_remove_marks = false;
    game.apply(Action::Enter { cell: 3, digit: 4 }).unwrap();
    assert_eq!(game.marks(2).to_string(), "34589");
    assert_eq!(game.ruled_out_marks(2).to_string(), "34589");
    game.undo();
    assert_eq!(game.ruled_out_marks(2).to_string(), "3589");
}

#[test]
fn pencil_marks_toggle_and_entering_a_digit_clears_peers() {
    let mut game = game();
    game.apply(Action::ToggleMark { cell: 2, digit: 4 }).unwrap();
    game.apply(Action::ToggleMark { cell: 2, digit: 2 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
    assert_eq!(game.marks(2).to_string(), "24");
    game.apply(Action::ToggleMark { cell: 2, digit: 4 }).unwrap();
    assert_eq!(game.marks(2).to_string(), "2");
    game.apply(Action::Enter { cell: 5, digit: 2 }).unwrap(); // r1c6, a peer of r1c3 and r1c4
    assert!(game.marks(2).is_empty() && game.marks(3).is_empty());
    // One undo restores the digit and the marks it cleared.
    game.undo();
    assert_eq!(game.marks(2).to_string(), "2");
    assert_eq!(game.marks(3).to_string(), "2");
    // Without the option, marks stay.
    game.rules.auto_remove_marks = false;
    game.apply(Action::Enter { cell: 5, digit: 2 }).unwrap();
    assert_eq!(game.marks(2).to_string(), "2");
}

/// Changing your mind brings back the marks a digit's placement took (one undoable move),
/// except where the player changed the peer since or another digit now rules the mark out.
#[test]
fn clearing_or_changing_a_digit_restores_the_marks_it_removed() {
    let mut game = game();
    game.apply(Action::FillCandidates).unwrap();
    let filled: Vec<Candidates> = (0..CELLS).map(|c| game.marks(c)).collect();
    // r1c3 (cell 2) takes 4: r1c4, r2c3 and r3c1... lose their 4s.
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    let lost: Vec<Cell> = PEERS[2].iter().copied().filter(|&p| filled[p].contains(4)).collect();
    assert!(
        lost.len() >= 3 && lost.iter().all(|&p| !game.marks(p).contains(4)),
        "{lost:?}"
    );
    // The player changes one of those peers' marks; a 4 goes in where it sees another.
    let (changed, blocked) = (lost[0], lost[1]);
    let other = game.marks(changed).iter().next().unwrap();
    game.apply(Action::ToggleMark {
        cell: changed,
        digit: other,
    })
    .unwrap();
    let changed_marks = game.marks(changed);
    let blocker = (0..CELLS)
        .find(|&c| game.value(c) == 0 && c != 2 && !PEERS[2].contains(&c) && PEERS[blocked].contains(&c))
        .unwrap();
    game.rules.auto_remove_marks = false;
    game.apply(Action::Enter {
        cell: blocker,
        digit: 4,
    })
    .unwrap();
    game.rules.auto_remove_marks = true;
    let before_clear: Vec<Candidates> = (0..CELLS).map(|c| game.marks(c)).collect();
    game.apply(Action::Clear { cell: 2 }).unwrap();
    assert_eq!(game.value(2), 0);
    assert_eq!(game.marks(2), filled[2], "the cell's own marks come back");
    for &peer in &lost[2..] {
        if !PEERS[peer].contains(&blocker) {
            assert!(
                game.marks(peer).contains(4),
                "r{}c{} has its 4 again",
                peer / 9 + 1,
                peer % 9 + 1
            );
        }
    }
    assert_eq!(
        game.marks(changed),
        changed_marks,
        "a peer the player changed is left alone"
    );
    assert!(
        !game.marks(blocked).contains(4),
        "a 4 seen from another 4 is not restored"
    );
    // One undo takes the clear and its restored marks back together.
    game.undo();
    assert_eq!(game.value(2), 4);
    assert!((0..CELLS).all(|c| game.marks(c) == before_clear[c]));
    // Changing the digit instead restores the 4s and removes the new digit's marks.
    game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    assert!(game.marks(lost[2]).contains(4) || PEERS[lost[2]].contains(&blocker));
    assert!(PEERS[2].iter().all(|&p| !game.marks(p).contains(1)));
    // Resumed from its journal, the game restores the same way.
    let mut resumed = Game::replay(*game.givens(), *game.solution(), Rules::default(), game.journal()).unwrap();
    resumed.undo();
    game.undo();
    resumed.apply(Action::Clear { cell: 2 }).unwrap();
    game.apply(Action::Clear { cell: 2 }).unwrap();
    assert!((0..CELLS).all(|c| game.marks(c) == resumed.marks(c)));
    assert_eq!(resumed.marks(2), filled[2]);
}

/// Strict mode: a wrong digit is refused and counted as a strike (and a mistake); the last
/// strike allowed loses the game; the strikes survive a resume from the journal.
#[test]
fn strict_mode_refuses_wrong_digits_and_ends_at_the_strike_limit() {
    let mut game = game();
    game.rules = Rules {
        strict: true,
        strike_limit: 3,
        ..Rules::default()
    };
    assert_eq!(game.strikes_left(), Some(3));
    let outcome = game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    assert!(outcome.struck && outcome.mistake && !outcome.changed && !outcome.lost);
    assert_eq!(game.value(2), 0, "the wrong digit is not placed");
    assert!(!game.can_undo(), "a strike is nothing to undo");
    assert_eq!((game.strikes(), game.mistakes(), game.strikes_left()), (1, 1, Some(2)));
    // A right digit goes in as usual.
    let outcome = game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    assert!(outcome.changed && !outcome.struck);
    game.apply(Action::Enter { cell: 3, digit: 1 }).unwrap();
    let resumed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
    assert_eq!((resumed.strikes(), resumed.status()), (2, Status::Playing));
    let outcome = game.apply(Action::Enter { cell: 3, digit: 2 }).unwrap();
    assert!(outcome.struck && outcome.lost);
    assert_eq!(game.status(), Status::Lost);
    assert_eq!(game.apply(Action::Enter { cell: 3, digit: 6 }), Err(Refusal::Finished));
    let resumed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
    assert_eq!((resumed.strikes(), resumed.status()), (3, Status::Lost));
    // Without a limit, strikes only count.
    let mut endless = super::tests::game();
    endless.rules = Rules {
        strict: true,
        strike_limit: 0,
        ..Rules::default()
    };
    for _ in 0..5 {
        assert!(endless.apply(Action::Enter { cell: 2, digit: 1 }).unwrap().struck);
    }
    assert_eq!(
        (endless.strikes(), endless.status(), endless.strikes_left()),
        (5, Status::Playing, None)
    );
    // Outside strict mode a wrong digit is placed as a mistake.
    let mut relaxed = super::tests::game();
    assert!(!relaxed.apply(Action::Enter { cell: 2, digit: 1 }).unwrap().struck);
    assert_eq!(relaxed.value(2), 1);
}

#[test]
fn clear_empties_the_digit_then_the_marks() {
    let mut game = game();
    game.apply(Action::ToggleMark { cell: 2, digit: 4 }).unwrap();
    game.rules.auto_remove_marks = false;
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    game.apply(Action::Clear { cell: 2 }).unwrap();
    assert_eq!(game.value(2), 0);
    game.apply(Action::Clear { cell: 2 }).unwrap();
    assert!(game.marks(2).is_empty());
}

#[test]
fn reset_clears_the_players_work_in_one_undoable_step() {
    let mut game = game();
    game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 6 }).unwrap();
    game.apply(Action::Reset).unwrap();
    assert_eq!(game.values(), game.givens());
    assert!((0..CELLS).all(|c| game.marks(c).is_empty()));
    // Mistakes made stay counted.
    assert_eq!(game.mistakes(), 1);
    assert!(game.undo());
    assert_eq!(game.value(2), 1);
    assert_eq!(game.marks(3).to_string(), "6");
    // Resetting a fresh board changes nothing and is not recorded.
    let mut fresh = super::tests::game();
    assert_eq!(fresh.apply(Action::Reset), Ok(Outcome::default()));
    assert!(!fresh.can_undo());
}

/// A game rebuilt from its journal is the same game: position, stacks, counters, status.
#[test]
fn a_game_replays_exactly_from_its_journal() {
    let mut game = game();
    game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap(); // a mistake
    game.apply(Action::ToggleMark { cell: 3, digit: 6 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
    game.apply(Action::FillCandidates).unwrap();
    game.undo();
    game.undo();
    game.redo();
    game.take_hint();
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    game.apply(Action::Reset).unwrap();
    game.undo();
    let kinds: Vec<&str> = game.journal().iter().map(|m| m.kind.id()).collect();
    assert_eq!(
        kinds,
        [
            "digit",
            "mark-on",
            "mark-on",
            "mark-off",
            "fill-candidates",
            "undo",
            "undo",
            "redo",
            "hint",
            "digit",
            "reset",
            "undo"
        ]
    );
    let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
    assert_eq!(replayed.values(), game.values());
    assert!((0..CELLS).all(|c| replayed.marks(c) == game.marks(c)));
    assert_eq!(replayed.mistakes(), 1);
    assert_eq!(replayed.hints_used(), 1);
    assert_eq!(replayed.undo, game.undo);
    assert_eq!(replayed.redo, game.redo);
    // Undo and redo keep working the same on both.
    let (mut a, mut b) = (game.clone(), replayed);
    assert_eq!(a.undo(), b.undo());
    assert_eq!(a.values(), b.values());

    // The computer's solve is replayed as the end of the game.
    let mut solved = game.clone();
    solved.finish_by_computer(0);
    let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, solved.journal()).unwrap();
    assert_eq!(replayed.status(), Status::SolvedByComputer);
    assert_eq!(replayed.values(), game.solution());
}

#[test]
fn a_journal_that_does_not_fit_the_puzzle_is_refused() {
    let mut game = game();
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    let mut moves = game.journal().to_vec();
    moves[0].changes[0].before = 7;
    assert_eq!(
        Game::replay(*game.givens(), *game.solution(), game.rules, &moves)
            .unwrap_err()
            .to_string(),
        "move 0 changes r1c3, which does not hold what the move says it replaced"
    );
    moves[0].changes[0].cell = 81;
    assert!(matches!(
        Game::replay(*game.givens(), *game.solution(), game.rules, &moves),
        Err(ReplayError::OutOfRange { index: 0, cell: 81 })
    ));
    let undo = Move {
        kind: MoveKind::Undo,
        cell: None,
        digit: None,
        mistake: false,
        changes: vec![],
        technique: None,
    };
    assert!(matches!(
        Game::replay(*game.givens(), *game.solution(), game.rules, &[undo]),
        Err(ReplayError::NothingToUndo { index: 0 })
    ));
}

/// A position read with its puzzle (here a JSON one, as `nonet-cli` and forum pencil-mark
/// grids give them) is taken up whole: its digits beyond the givens and every empty cell's
/// marks, in one move with no mistake counted, where undo stops as Reset does; replayed the same.
#[test]
fn a_position_read_with_the_puzzle_is_taken_up_as_one_move() {
    let position = crate::engine::format::parse(include_str!("../../../tests/data/skyscraper-position.json")).unwrap();
    let givens = position.givens();
    let Solutions::Unique(solution) = solve(&givens) else {
        panic!("unique")
    };
    assert_eq!(Action::take_position(&Position::from_givens(&givens)), None);
    let take = Action::take_position(&position).expect("more than the givens");
    let Action::TakePosition { values, marks } = &take else {
        panic!("{take:?}")
    };
    let given = givens.iter().filter(|&&d| d != 0).count();
    assert!(
        !values.is_empty() && marks.len() + values.len() + given == CELLS,
        "{values:?}"
    );
    let mut game = Game::new(givens, solution, Rules::default());
    let outcome = game.apply(take).unwrap();
    assert!(outcome.changed && !outcome.mistake);
    for cell in 0..CELLS {
        assert_eq!(game.value(cell), position.value(cell));
        if position.value(cell) == 0 {
            assert_eq!(game.marks(cell), position.candidates(cell), "{cell}");
        }
    }
    assert_eq!(game.position(), position, "hints see the position read");
    assert_eq!(game.journal().len(), 1);
    assert_eq!(game.journal()[0].kind, MoveKind::PositionTaken);
    assert_eq!(MoveKind::from_id("position-taken"), Some(MoveKind::PositionTaken));
    assert!(game.helped(), "it began part solved");
    let replayed = Game::replay(givens, solution, game.rules, game.journal()).unwrap();
    assert_eq!(replayed.position(), game.position());
    // Reset goes back to the position taken, not past it.
    assert!(game.began_with_position());
    let open = (0..CELLS).find(|&c| game.value(c) == 0).unwrap();
    game.apply(Action::Enter {
        cell: open,
        digit: solution[open],
    })
    .unwrap();
    game.apply(Action::Reset).unwrap();
    assert_eq!(game.position(), position, "reset to the position taken");
    assert_eq!(
        game.apply(Action::Reset),
        Ok(Outcome::default()),
        "nothing more to reset"
    );
    assert!(game.undo());
    assert_eq!(game.value(open), solution[open]);
    assert!(game.undo());
    assert_eq!(game.position(), position);
    assert!(
        !game.can_undo() && !game.undo(),
        "undo goes back past the position taken"
    );
    assert_eq!(game.position(), position);
    let replayed = Game::replay(givens, solution, game.rules, game.journal()).unwrap();
    assert!(!replayed.can_undo() && replayed.can_redo());
    // A game saved when undo still took the position back replays as it was played.
    let mut undone = game.journal()[..1].to_vec();
    undone.push(Move {
        kind: MoveKind::Undo,
        cell: None,
        digit: None,
        mistake: false,
        changes: undone[0]
            .changes
            .iter()
            .map(|c| CellChange {
                cell: c.cell,
                before: c.after,
                before_marks: c.after_marks,
                before_paint: c.after_paint,
                after: c.before,
                after_marks: c.before_marks,
                after_paint: c.before_paint,
            })
            .collect(),
        technique: None,
    });
    let replayed = Game::replay(givens, solution, game.rules, &undone).unwrap();
    assert_eq!(replayed.values(), &givens);
    assert!(!replayed.can_undo() && replayed.can_redo());
    // A wrong digit read is not the player's mistake; a given is not overwritten.
    let wrong = (0..CELLS).find(|&c| givens[c] == 0).unwrap();
    let digit = solution[wrong] % 9 + 1;
    let mut game = Game::new(givens, solution, Rules::default());
    let taken = game.apply(Action::TakePosition {
        values: vec![(wrong, digit)],
        marks: vec![],
    });
    assert!(taken.is_ok_and(|o| !o.mistake) && game.mistakes() == 0);
    let given = (0..CELLS).find(|&c| givens[c] != 0).unwrap();
    assert_eq!(
        game.apply(Action::TakePosition {
            values: vec![(given, 1)],
            marks: vec![]
        }),
        Err(Refusal::GivenCell)
    );
}

#[test]
fn a_script_step_is_one_undoable_move() {
    let mut game = game();
    let outcome = game
        .apply(Action::ApplyScriptStep {
            placements: vec![(2, 4)],
            eliminations: vec![(3, 2)],
            technique: crate::engine::logic::Technique::named("Naked single"),
        })
        .unwrap();
    assert!(outcome.changed && !outcome.mistake);
    assert_eq!(game.value(2), 4);
    assert!(
        !game.marks(3).contains(2) && game.marks(3).contains(6),
        "marks written out, 2 gone"
    );
    assert_eq!(game.journal()[0].kind, MoveKind::ScriptStep);
    // Named as a technique is ("Naked single"), the step keeps it, as a solving step does.
    assert_eq!(
        game.journal()[0].technique,
        Some(crate::engine::logic::Technique::NakedSingle)
    );
    assert_eq!(MoveKind::from_id("script-step"), Some(MoveKind::ScriptStep));
    let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
    assert_eq!(replayed.values(), game.values());
    game.undo();
    assert_eq!(game.value(2), 0);
    assert_eq!(
        game.apply(Action::ApplyScriptStep {
            placements: vec![(0, 4)],
            eliminations: vec![],
            technique: None,
        }),
        Err(Refusal::GivenCell)
    );
}

#[test]
fn undo_and_redo_step_through_actions() {
    let mut game = game();
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    game.apply(Action::FillCandidates).unwrap();
    assert!(game.marks(3).contains(6));
    assert!(game.undo());
    assert!(game.marks(3).is_empty());
    assert!(game.redo());
    assert!(game.marks(3).contains(6));
    assert!(game.undo() && game.undo());
    assert!(!game.undo());
    assert_eq!(game.value(2), 0);
    // A new action clears the redo stack.
    game.apply(Action::Enter { cell: 3, digit: 6 }).unwrap();
    assert!(!game.redo());
}

#[test]
fn filling_the_grid_right_solves_the_game_and_then_input_stops() {
    let mut game = game();
    let solution = *game.solution();
    let mut last = Outcome::default();
    let open: Vec<Cell> = (0..CELLS).filter(|&c| !game.is_given(c)).collect();
    for cell in open {
        last = game
            .apply(Action::Enter {
                cell,
                digit: solution[cell],
            })
            .unwrap();
    }
    assert!(last.solved);
    assert_eq!(game.status(), Status::Solved);
    assert_eq!(game.apply(Action::Clear { cell: 2 }), Err(Refusal::Finished));
}

#[test]
fn help_that_gives_digits_away_is_remembered_through_a_replay() {
    let replayed =
        |game: &Game| Game::replay(*game.givens(), *game.solution(), Rules::default(), game.journal()).unwrap();
    // Digits typed, marks, an elimination step and hints asked for are not help of that kind.
    let mut plain = game();
    plain.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    plain.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
    plain
        .apply(Action::ApplyScriptStep {
            placements: vec![],
            eliminations: vec![(3, 2)],
            technique: None,
        })
        .unwrap();
    assert!(plain.hint_request().is_some());
    assert!(!plain.helped() && !replayed(&plain).helped());
    // Looking at the solution is, even once it is hidden again.
    let mut shown = game();
    shown.set_solution_shown(true);
    shown.set_solution_shown(false);
    assert!(shown.helped() && replayed(&shown).helped());
    assert_eq!(replayed(&shown).journal().len(), 1);
    // So is a step that places a digit.
    let mut placed = game();
    let digit = placed.solution()[2];
    placed
        .apply(Action::ApplyScriptStep {
            placements: vec![(2, digit)],
            eliminations: vec![],
            technique: None,
        })
        .unwrap();
    assert!(placed.helped() && replayed(&placed).helped());
}

#[test]
fn showing_the_solution_or_pausing_blocks_input() {
    let mut game = game();
    game.set_solution_shown(true);
    assert_eq!(
        game.apply(Action::Enter { cell: 2, digit: 4 }),
        Err(Refusal::SolutionShown)
    );
    game.set_solution_shown(false);
    game.set_paused(true, 1_000);
    assert_eq!(game.apply(Action::Enter { cell: 2, digit: 4 }), Err(Refusal::Paused));
    assert!(!game.undo());
    game.set_paused(false, 2_000);
    assert!(game.apply(Action::Enter { cell: 2, digit: 4 }).is_ok());
}

/// Seeing the solution some other way (its path) during play makes the game helped, and
/// stays in the journal; once the game is over it changes nothing.
#[test]
fn seeing_the_solution_path_counts_as_help() {
    let replayed =
        |game: &Game| Game::replay(*game.givens(), *game.solution(), Rules::default(), game.journal()).unwrap();
    let mut game = game();
    assert!(!game.helped());
    game.note_solution_seen();
    assert!(game.helped() && replayed(&game).helped());
    assert!(!game.solution_shown(), "input goes on");
    assert!(game.apply(Action::Enter { cell: 2, digit: 4 }).is_ok());
    let mut over = self::game();
    over.finish_by_computer(1_000);
    let moves = over.journal().len();
    over.note_solution_seen();
    assert_eq!(over.journal().len(), moves);
}

#[test]
fn the_clock_counts_only_while_running() {
    let mut clock = Clock::default();
    clock.start(1_000);
    assert_eq!(clock.elapsed_ms(4_000), 3_000);
    clock.stop(5_000);
    assert_eq!(clock.elapsed_ms(60_000), 4_000);
    clock.start(70_000);
    clock.start(80_000); // already running: no effect
    assert_eq!(clock.elapsed_ms(71_500), 5_500);
    assert_eq!(Clock::with_elapsed(90_000).elapsed_ms(1), 90_000);
    assert_eq!(format_duration(751_000), "12:31");
    assert_eq!(format_duration(3_723_000), "1:02:03");
}

#[test]
fn pausing_stops_the_clock() {
    let mut game = game();
    game.clock.start(0);
    game.set_paused(true, 10_000);
    assert_eq!(game.clock.elapsed_ms(50_000), 10_000);
    game.set_paused(false, 50_000);
    assert_eq!(game.clock.elapsed_ms(52_000), 12_000);
}

#[test]
fn hints_count_against_the_allowance() {
    let mut game = game();
    game.rules.hint_allowance = 2;
    assert!(game.take_hint().is_some());
    assert!(game.take_hint().is_some());
    assert_eq!(game.hints_left(), Some(0));
    assert!(game.take_hint().is_none());
    assert_eq!(game.hints_used(), 2);
    game.rules.hint_allowance = 0;
    assert_eq!(game.hints_left(), None);
    assert!(game.take_hint().is_some());
}

#[test]
fn a_hint_points_at_a_wrong_digit_and_a_step_applies_as_one_action() {
    let mut game = game();
    game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    assert_eq!(game.take_hint(), Some(Hint::WrongEntry { cell: 2, entered: 1 }));
    game.apply(Action::Clear { cell: 2 }).unwrap();
    let Some(Hint::Step(step)) = game.take_hint() else {
        panic!("a step")
    };
    let (placed, technique) = (step.placements[0], step.technique);
    game.apply(Action::ApplyStep(step)).unwrap();
    assert_eq!(game.value(placed.cell), placed.digit);
    // The journal names the step's technique (for the replay); other moves name none.
    let last = game.journal().last().unwrap();
    assert_eq!((last.kind, last.technique), (MoveKind::Step, Some(technique)));
    assert!(game.journal()[..game.journal().len() - 1]
        .iter()
        .all(|m| m.technique.is_none()));
    // The hint asked for is named once found: the last hint's request, not the first one's.
    let requests: Vec<usize> = (0..game.journal().len())
        .filter(|&i| game.journal()[i].kind == MoveKind::HintTaken)
        .collect();
    assert_eq!(requests.len(), 2);
    assert_eq!(game.name_last_hint(technique), Some(requests[1]));
    assert_eq!(game.journal()[requests[1]].technique, Some(technique));
    assert_eq!(game.journal()[requests[0]].technique, None);
    let mut fresh = super::tests::game();
    assert_eq!(fresh.name_last_hint(technique), None, "no hint asked for");
    game.undo();
    assert_eq!(game.value(placed.cell), 0);
}

#[test]
fn eliminations_in_unmarked_cells_write_out_their_candidates() {
    let mut game = game();
    let mut step = Step::new(crate::engine::logic::Technique::NakedPair);
    step.eliminate(2, 1);
    game.apply(Action::ApplyStep(step)).unwrap();
    assert_eq!(game.marks(2).to_string(), "24");
    assert!(game.position().candidates(2).contains(4));
}

#[test]
fn the_computer_can_finish_the_game() {
    let mut game = game();
    game.clock.start(0);
    game.finish_by_computer(30_000);
    assert_eq!(game.status(), Status::SolvedByComputer);
    assert_eq!(game.values(), game.solution());
    assert!(!game.clock.is_running());
    assert_eq!(game.clock.elapsed_ms(99_000), 30_000);
}

#[test]
fn the_digits_solve_put_in_are_told_apart_from_the_players() {
    let mut game = game();
    let empty: Vec<Cell> = (0..CELLS).filter(|&c| !game.is_given(c)).collect();
    let (right, wrong) = (empty[0], empty[1]);
    let right_digit = game.solution()[right];
    let wrong_digit = game.solution()[wrong] % 9 + 1;
    game.apply(Action::Enter {
        cell: right,
        digit: right_digit,
    })
    .unwrap();
    game.apply(Action::Enter {
        cell: wrong,
        digit: wrong_digit,
    })
    .unwrap();
    assert_eq!(
        game.cells_solved_by_computer(),
        CellSet::EMPTY,
        "not finished by the computer"
    );
    game.finish_by_computer(0);
    let by_computer = game.cells_solved_by_computer();
    // Every empty cell but the one the player got right, the wrong digit's cell among them.
    let expected: CellSet = empty.iter().copied().filter(|&c| c != right).collect();
    assert_eq!(by_computer, expected);
    assert!(by_computer.contains(wrong) && !by_computer.contains(right));
    // The same once the game is rebuilt from its journal (the replay, History).
    let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
    assert_eq!(replayed.cells_solved_by_computer(), expected);
}

#[test]
fn colours_go_on_marks_and_cells_and_are_undone_like_any_move() {
    let mut game = game();
    // r1c3 is empty; r1c1 is a given.
    let colour = |cell, digit, colour| Action::Colour { cell, digit, colour };
    // A mark not there takes no colour.
    assert!(!game.apply(colour(2, 1, 1)).unwrap().changed);
    game.apply(Action::ToggleMark { cell: 2, digit: 1 }).unwrap();
    game.apply(Action::ToggleMark { cell: 2, digit: 2 }).unwrap();
    assert!(game.apply(colour(2, 1, 1)).unwrap().changed);
    assert!(game.apply(colour(2, 2, 3)).unwrap().changed);
    assert_eq!((game.paint(2).candidate(1), game.paint(2).candidate(2)), (1, 3));
    assert_eq!(
        game.journal().last().map(|m| (m.kind, m.cell, m.digit)),
        Some((MoveKind::Colour, Some(2), Some(2)))
    );
    // A given cell can be coloured as a whole; the same colour again takes it away.
    assert!(game.apply(colour(0, 0, 2)).unwrap().changed);
    assert_eq!(game.paint(0).cell(), 2);
    assert_eq!(game.journal().last().map(|m| (m.cell, m.digit)), Some((Some(0), None)));
    game.apply(colour(0, 0, 2)).unwrap();
    assert_eq!(game.paint(0).cell(), 0);
    game.apply(colour(2, 0, 4)).unwrap();
    assert_eq!(game.apply(colour(2, 0, COLOURS + 1)), Err(Refusal::OutOfRange));
    assert_eq!(game.apply(colour(81, 0, 1)), Err(Refusal::OutOfRange));
    assert_eq!(game.apply(colour(2, 10, 1)), Err(Refusal::OutOfRange));
    // A mark that goes takes its colour; undo brings both back.
    game.apply(Action::ToggleMark { cell: 2, digit: 1 }).unwrap();
    assert_eq!(game.paint(2).candidate(1), 0);
    game.undo();
    assert_eq!(game.paint(2).candidate(1), 1);
    // A digit placed takes the marks' colours and keeps the cell's.
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    assert_eq!((game.paint(2).candidate(2), game.paint(2).cell()), (0, 4));
    game.undo();
    assert_eq!((game.paint(2).candidate(2), game.paint(2).cell()), (3, 4));
    // Colours are no digits: no mistake, the same position for the techniques.
    assert_eq!(game.mistakes(), 0);
    let mut plain = game.clone();
    plain.apply(Action::ClearColours).unwrap();
    assert_eq!(plain.position(), game.position());
    assert!(!plain.has_colours() && game.has_colours());
    plain.undo();
    assert_eq!(plain.paint(2), game.paint(2));
    // Reset takes them off with everything else; the journal replays them.
    let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
    assert!((0..CELLS).all(|c| replayed.paint(c) == game.paint(c)));
    game.apply(Action::Reset).unwrap();
    assert!(!game.has_colours());
    game.set_paused(true, 0);
    assert_eq!(game.apply(colour(2, 0, 1)), Err(Refusal::Paused));
}

/// A checkpoint keeps the board as it was (digits, marks, colours); Back to Checkpoint brings it
/// back in one undoable step, and a game rebuilt from its journal has the same checkpoint.
#[test]
fn back_to_checkpoint_restores_the_board_as_it_was_set() {
    let mut game = game();
    assert!(!game.has_checkpoint());
    assert_eq!(game.apply(Action::BackToCheckpoint), Err(Refusal::NoCheckpoint));
    // The board at the checkpoint: a digit, two marks, a coloured mark.
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 6 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
    game.apply(Action::Colour {
        cell: 3,
        digit: 6,
        colour: 1,
    })
    .unwrap();
    let undo_depth = game.undo.len();
    game.set_checkpoint().unwrap();
    assert!(game.has_checkpoint() && game.at_checkpoint());
    // Setting it is no step of undo and changes nothing on the board.
    assert_eq!(game.undo.len(), undo_depth);
    let (values, marks, paints) = (*game.values(), game.marks, game.paints);

    // A guess tried: a wrong digit (a mistake), a mark taken off, the coloured mark's digit placed.
    game.apply(Action::Enter { cell: 5, digit: 1 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 2 }).unwrap();
    game.apply(Action::Enter { cell: 3, digit: 6 }).unwrap();
    assert!(!game.at_checkpoint());
    assert_eq!(game.mistakes(), 1);

    let outcome = game.apply(Action::BackToCheckpoint).unwrap();
    assert!(outcome.changed && !outcome.mistake);
    assert_eq!(game.values(), &values);
    assert_eq!(game.marks, marks);
    assert_eq!(game.paints, paints);
    assert_eq!(
        game.paint(3).candidate(6),
        1,
        "the mark's colour comes back with the mark"
    );
    assert!(game.at_checkpoint());
    // The mistake made meanwhile stays counted; the checkpoint stays for another try.
    assert_eq!(game.mistakes(), 1);
    assert!(game.has_checkpoint());
    // Already there: nothing changes and nothing is recorded.
    let journaled = game.journal().len();
    assert_eq!(game.apply(Action::BackToCheckpoint), Ok(Outcome::default()));
    assert_eq!(game.journal().len(), journaled);
    // Undo brings the guess back, in one step.
    assert!(game.undo());
    assert_eq!(game.value(3), 6);
    assert_eq!(game.value(5), 1);

    // Rebuilt from its journal, the game has the same checkpoint.
    let kinds: Vec<&str> = game.journal().iter().map(|m| m.kind.id()).collect();
    assert!(kinds.contains(&"checkpoint") && kinds.contains(&"back-to-checkpoint"));
    let mut replayed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
    assert_eq!(replayed.undo, game.undo);
    assert!(replayed.has_checkpoint() && !replayed.at_checkpoint());
    replayed.apply(Action::BackToCheckpoint).unwrap();
    assert_eq!(replayed.values(), &values);
    assert_eq!(replayed.marks, marks);

    // Set again, it moves; Reset leaves it; a paused game refuses to set one.
    game.set_checkpoint().unwrap();
    game.apply(Action::Reset).unwrap();
    game.apply(Action::BackToCheckpoint).unwrap();
    assert_eq!(game.value(5), 1);
    game.set_paused(true, 0);
    assert_eq!(game.set_checkpoint(), Err(Refusal::Paused));
    assert_eq!(game.apply(Action::BackToCheckpoint), Err(Refusal::Paused));
}

/// Undo to Last Correct Board undoes, move by move, back to the last board whose digits all
/// agree with the solution (the wrong digit and everything done after it, marks too); Redo brings
/// them back; a correct board has nothing to undo, and a wrong digit that came with the position
/// taken up cannot be undone.
#[test]
fn undo_to_last_correct_goes_back_to_before_the_wrong_digit() {
    let mut game = game();
    let solution = *game.solution();
    assert_eq!(game.undo_to_last_correct(), Ok(Some(0)));
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    game.apply(Action::ToggleMark { cell: 6, digit: 1 }).unwrap();
    let correct = game.board();
    // r1c4 is 6: a 1 there, then more moves (a right digit among them), then a 2 instead.
    assert_eq!(solution[3], 6);
    assert!(game.apply(Action::Enter { cell: 3, digit: 1 }).unwrap().mistake);
    game.apply(Action::ToggleMark { cell: 5, digit: 2 }).unwrap();
    game.apply(Action::Enter {
        cell: 7,
        digit: solution[7],
    })
    .unwrap();
    game.apply(Action::Enter { cell: 3, digit: 2 }).unwrap();
    let (wrong, mistakes, moves) = (game.board(), game.mistakes(), game.journal().len());
    assert_eq!(game.undos_to_last_correct(), Some(4));
    game.set_paused(true, 0);
    assert_eq!(game.undo_to_last_correct(), Err(Refusal::Paused));
    game.set_paused(false, 0);
    assert_eq!(game.undo_to_last_correct(), Ok(Some(4)));
    assert!(game.board() == correct);
    assert_eq!(game.mistakes(), mistakes, "mistakes made stay counted");
    let undos = &game.journal()[moves..];
    assert!(undos.len() == 4 && undos.iter().all(|m| m.kind == MoveKind::Undo));
    let replayed = Game::replay(*game.givens(), solution, game.rules, game.journal()).unwrap();
    assert!(replayed.board() == correct);
    for _ in 0..4 {
        assert!(game.redo());
    }
    assert!(game.board() == wrong);
    // A wrong digit that came with the position taken up: undo stops there.
    let mut taken = self::game();
    taken
        .apply(Action::TakePosition {
            values: vec![(3, 1)],
            marks: Vec::new(),
        })
        .unwrap();
    taken.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    let board = taken.board();
    assert_eq!(taken.undo_to_last_correct(), Ok(None));
    assert!(taken.board() == board);
}

/// Clear Pencil Marks takes every mark off in one undoable move (a mark's colour with it, a
/// cell's colour staying), journaled as `clear-marks` and replayed the same; with no mark left it
/// changes nothing.
#[test]
fn clear_marks_takes_every_mark_off_in_one_move() {
    let mut game = game();
    game.apply(Action::FillCandidates).unwrap();
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    // A mark's colour and a cell's.
    for (cell, digit, colour) in [(3, 6, 2), (5, 0, 1)] {
        game.apply(Action::Colour { cell, digit, colour }).unwrap();
    }
    let before = game.board();
    assert!(game.marks(3).contains(6));
    let outcome = game.apply(Action::ClearMarks).unwrap();
    assert!(outcome.changed && !outcome.mistake);
    assert!((0..CELLS).all(|c| game.marks(c).is_empty()));
    assert_eq!(game.value(2), 4, "digits stay");
    assert_eq!((game.paint(3).candidate(6), game.paint(5).cell()), (0, 1));
    assert_eq!(game.journal().last().unwrap().kind.id(), "clear-marks");
    assert_eq!(MoveKind::from_id("clear-marks"), Some(MoveKind::ClearMarks));
    let replayed = Game::replay(*game.givens(), *game.solution(), game.rules, game.journal()).unwrap();
    assert!(replayed.board() == game.board());
    assert_eq!(game.apply(Action::ClearMarks), Ok(Outcome::default()));
    assert!(game.undo());
    assert!(game.board() == before);
}

#[test]
fn a_board_taken_up_by_another_game_is_the_same_board() {
    let mut game = game();
    assert_eq!(game.board_to_take(), None, "nothing but the givens");
    // A right digit, a wrong one, and marks in two cells (the others left unmarked).
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    game.apply(Action::Enter { cell: 3, digit: 9 }).unwrap();
    for (cell, digit) in [(5, 2), (5, 8), (6, 1)] {
        game.apply(Action::ToggleMark { cell, digit }).unwrap();
    }
    let mut again = Game::new(*game.givens(), *game.solution(), Rules::default());
    again.apply(game.board_to_take().unwrap()).unwrap();
    assert_eq!(again.values(), game.values());
    assert!((0..CELLS).all(|c| again.marks(c) == game.marks(c)));
    assert_eq!(again.marks(7), Candidates::NONE, "an unmarked cell stays unmarked");
    // Taken up, not played: no mistake, and Reset goes back to it, not past it.
    assert_eq!(again.mistakes(), 0);
    assert!(again.began_with_position());
    again.apply(Action::Enter { cell: 7, digit: 1 }).unwrap();
    again.apply(Action::Reset).unwrap();
    assert_eq!(again.values(), game.values());
}
