//! Practice positions, as HoDoKu's practising mode makes them: random puzzles solved by the ladder
//! until one reaches a position whose easiest step is the technique asked for. That position
//! (beyond the singles, with every candidate as a pencil mark) is where the player starts, so
//! the next hint is a step of that technique.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::game::{Action, Game};
use super::generator::{draw, GenerateError, Symmetry};
use super::grid::{Digit, Position, CELLS};
use super::logic::rating::{by_score, Rating, Tally};
use super::logic::{find_up_to, ladder_step_on, Board, Level, Step, Technique};

/// A practice position: a puzzle part solved, up to a step of the technique asked for.
#[derive(Clone, Debug)]
pub struct Practice {
    pub technique: Technique,
    pub puzzle: [Digit; CELLS],
    pub solution: [Digit; CELLS],
    /// The seed that, with the technique, gives this practice again, from its first puzzle.
    pub seed: u64,
    /// The position before the step: the digits the easier steps placed, and the candidates
    /// they left (its pencil marks).
    pub position: Position,
    /// The step the player is to find, explained: the easiest step in the position.
    pub step: Step,
    /// The puzzle's rating: of the technique's level, as the practice needs the technique and
    /// stops at nothing harder (its score may be a technique's of a lower level: a hidden
    /// triple scores above an X-Wing).
    pub rating: Rating,
    /// How many puzzles were drawn to find it.
    pub tried: u64,
}

impl Practice {
    /// The move that puts the position on the board of a game of the puzzle: its digits, and its
    /// candidates as every empty cell's pencil marks (beyond the singles, a player needs them to
    /// see the pattern).
    pub fn take(&self) -> Option<Action> {
        match self.technique.level() {
            // (Only singles came before: the candidates are the rules', and stay unmarked.)
            Level::Easy => Action::take_position(&self.position),
            _ => Action::take_position_marked(&self.position),
        }
    }

    /// What the player is asked to do there: any step of the technique in the position (there
    /// may be several X-Wings). Lists them all: a few milliseconds, even for forcing nets.
    pub fn goal(&self) -> Goal {
        let mut steps = find_up_to(&self.position, self.technique, GOAL_MOST);
        if !steps.iter().any(|s| s.effect() == self.step.effect()) {
            steps.push(self.step.clone());
        }
        Goal {
            technique: self.technique,
            steps,
        }
    }
}

/// The most steps of the technique a [`Goal`] lists (an ALS-XY-Chain may have thousands).
const GOAL_MOST: usize = 200;

/// What a practice asks of the player: a step of its technique done on the board, whichever
/// of the position's steps of the technique it is.
#[derive(Clone, Debug)]
pub struct Goal {
    pub technique: Technique,
    steps: Vec<Step>,
}

impl Goal {
    /// The step of the technique the game shows done, if one is: its digits placed, and each
    /// candidate it removes gone from the pencil marks of a cell that still holds its own
    /// solution digit as a mark (or has it placed). Clearing a cell's marks wholesale is not
    /// finding the step.
    pub fn met_by(&self, game: &Game) -> Option<&Step> {
        let solution = game.solution();
        let done = |step: &&Step| {
            step.placements.iter().all(|p| game.value(p.cell) == p.digit)
                && step.eliminations.iter().all(|e| match game.value(e.cell) {
                    0 => {
                        let marks = game.marks(e.cell);
                        !marks.contains(e.digit) && marks.contains(solution[e.cell])
                    }
                    value => value == solution[e.cell],
                })
        };
        self.steps.iter().find(done)
    }
}

/// The techniques that can be practised, by score: those that come first on the ladder of
/// paths, hints and ratings in some position ([`why_not`] tells the others apart).
pub fn techniques() -> &'static [Technique] {
    static PRACTISED: OnceLock<Vec<Technique>> = OnceLock::new();
    PRACTISED.get_or_init(|| by_score().iter().copied().filter(|&t| why_not(t).is_none()).collect())
}

/// Why a technique can't be practised: no position has it as its easiest step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotPractised {
    /// A dual is two steps of the simpler pattern, each removing something: the ladder takes
    /// one of them first, always.
    #[error("it is two steps of a simpler technique, and the ladder always takes one of those first")]
    TwoSimplerSteps,
    /// A discontinuous loop is a chain from a candidate back to its own cell; its part without
    /// the last link is an AIC that removes a candidate (the one at the loop's other end, or the
    /// cell's), which scores less.
    #[error("each of its loops holds an AIC that removes a candidate, a simpler step the ladder always takes first")]
    HoldsASimplerChain,
    /// Off the ladder of paths, hints and ratings altogether.
    #[error("only `hint --technique` asks for it, never the ladder")]
    OffTheLadder,
}

/// Why a technique can't be practised, if it can't.
pub fn why_not(technique: Technique) -> Option<NotPractised> {
    match technique {
        Technique::DualTwoStringKite | Technique::DualEmptyRectangle => Some(NotPractised::TwoSimplerSteps),
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            Some(NotPractised::HoldsASimplerChain)
        }
        _ if !by_score().contains(&technique) => Some(NotPractised::OffTheLadder),
        _ => None,
    }
}

/// How often random puzzles hold a practice of a technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rarity {
    /// Found in seconds at most.
    Common,
    /// The search may take many minutes.
    Rare,
    /// Never found yet: the search may never end (until cancelled).
    Unseen,
}

/// How rare a position for the technique is among random puzzles. Measured with
/// `examples/practice_frequency` (release, one core of this project's machine): a franken
/// jellyfish came first after 414,716 puzzles (3.4 minutes); every other technique took at most
/// 49,000 puzzles (a hidden quad, 12–24 s; in a later run of each technique once, a jellyfish
/// 39,000, 7 s, and an avoidable rectangle type 2 14,000, 4–7 s), most well under a second.
/// Drawing on both cores halves those times (a jellyfish 3.5 s, a hidden quad 2.2 s, for the
/// same puzzles). For a franken swordfish, a forcing-chain contradiction and a forcing-net
/// verity none came in ten minutes, and none is ever the easiest step along the paths of
/// magictour's 1,465 puzzles or of every tenth of the 48,766 rated 11 and more by Sudoku
/// Explainer (4,877 puzzles, 94,279 forcing-net contradictions): something simpler always
/// applies where they do, though that is not proven for every position.
pub fn rarity(technique: Technique) -> Rarity {
    match technique {
        Technique::FrankenJellyfish => Rarity::Rare,
        Technique::FrankenSwordfish | Technique::ForcingChainContradiction | Technique::ForcingNetVerity => {
            Rarity::Unseen
        }
        _ => Rarity::Common,
    }
}

/// Draws puzzles from `seed` on (the next one from `seed + 1`, and so on) until one, solved by
/// the ladder, reaches a position whose easiest step is of `technique`, and the rest of its
/// solution needs nothing of a harder level. `cancel` is looked at before each step; `progress`
/// is told every so often how many puzzles were drawn. A technique that can't be practised
/// ([`why_not`]) is never found, so the search would run until cancelled: the caller offers
/// only [`techniques`]. Every core draws; the practice is the first seed's that holds one,
/// whichever core drew it, so a seed gives the same practice on any machine.
pub fn practise(
    technique: Technique,
    seed: u64,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(u64),
) -> Result<Practice, GenerateError> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MOST_THREADS);
    practise_on(threads, technique, seed, cancel, progress)
}

/// The most threads a practice search draws on.
const MOST_THREADS: usize = 8;

/// [`practise`] on `threads` threads (this one among them): thread `k` draws the puzzles
/// `k`, `k + threads`, …, each until a puzzle before its next holds a practice.
fn practise_on(
    threads: usize,
    technique: Technique,
    seed: u64,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(u64),
) -> Result<Practice, GenerateError> {
    let search = Search {
        technique,
        cancel,
        first_found: AtomicU64::new(u64::MAX),
        drawn: AtomicU64::new(0),
    };
    let found = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads)
            .map(|k| {
                let search = &search;
                scope.spawn(move || search.draw_from(k as u64, threads as u64, seed, &mut |_| {}))
            })
            .collect();
        let mut found: Vec<(u64, Practice)> = search
            .draw_from(0, threads as u64, seed, progress)
            .into_iter()
            .collect();
        for other in others {
            found.extend(other.join().expect("a practice search thread"));
        }
        found
    });
    // (A puzzle later than the first that holds one may have been found on the way.)
    let (index, practice) = found
        .into_iter()
        .min_by_key(|(index, _)| *index)
        .ok_or(GenerateError::Cancelled)?;
    Ok(Practice {
        tried: index + 1,
        ..practice
    })
}

/// A practice search shared by its threads.
struct Search<'a> {
    technique: Technique,
    cancel: &'a AtomicBool,
    /// The index of the first puzzle found to hold a practice so far.
    first_found: AtomicU64,
    /// How many puzzles the threads have drawn.
    drawn: AtomicU64,
}

impl Search<'_> {
    /// Draws the puzzles `first`, `first + every`, … until one holds a practice, a puzzle before
    /// it is found to, or the search is cancelled; returns the one found with its index.
    fn draw_from(&self, first: u64, every: u64, seed: u64, progress: &mut dyn FnMut(u64)) -> Option<(u64, Practice)> {
        let mut index = first;
        while index < self.first_found.load(Ordering::Relaxed) && !self.cancel.load(Ordering::Relaxed) {
            let found = self.practice_drawn(seed.wrapping_add(index));
            let drawn = self.drawn.fetch_add(1, Ordering::Relaxed) + 1;
            if first == 0 && index.is_multiple_of(16) {
                progress(drawn);
            }
            if let Some(found) = found {
                self.first_found.fetch_min(index, Ordering::Relaxed);
                return Some((index, found));
            }
            index += every;
        }
        None
    }

    /// The practice the puzzle drawn from `own_seed` holds, if it holds one (and the search
    /// goes on). Each puzzle comes from a seed of its own, so the one found comes again at once
    /// from its seed ([`Practice::seed`]).
    fn practice_drawn(&self, own_seed: u64) -> Option<Practice> {
        let (puzzle, solution) = draw(&mut ChaCha8Rng::seed_from_u64(own_seed), Symmetry::None);
        practice_in(self.technique, &puzzle, &solution, own_seed, self.cancel)
    }
}

/// The hardest score a practice of `technique` may need: every step up to it is asked for, as
/// the ladder asks, since a technique of another level scoring below it may come first (an
/// X-Wing, Hard, before a hidden triple, Medium), and then the position's hint would not be the
/// practised one.
fn ceiling(technique: Technique) -> f32 {
    let level = technique.level();
    by_score()
        .iter()
        .filter(|t| t.level() <= level)
        .map(|t| t.score())
        .fold(0.0f32, f32::max)
}

/// The practice of `technique` that `puzzle` (with its `solution`, drawn from `seed`) holds, if
/// it holds one: the first position on the ladder's path whose easiest step is of the
/// technique, on a path needing nothing of a harder level. The same puzzle always gives the
/// same practice, so a practice game taken up again (resumed, played again) finds its position
/// and goal here. `cancel` is looked at before each step.
pub fn practice_in(
    technique: Technique,
    puzzle: &[Digit; CELLS],
    solution: &[Digit; CELLS],
    seed: u64,
    cancel: &AtomicBool,
) -> Option<Practice> {
    let level = technique.level();
    let ceiling = ceiling(technique);
    let allowed = |t: Technique| t.score() <= ceiling;
    let mut board = Board::from_position(&Position::from_givens(puzzle));
    let mut before: Option<Board> = None;
    let mut tally = Tally::default();
    while !board.is_solved() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let step = ladder_step_on(&board, allowed, false)?;
        if step.technique.level() > level {
            return None;
        }
        if before.is_none() && step.technique == technique {
            before = Some(board.clone());
        }
        tally.add(&step);
        board.apply(&step);
    }
    let before = before?;
    let step = ladder_step_on(&before, allowed, true).expect("the step found before");
    let position = Position::from_givens_and_values(puzzle, before.values()).with_candidates(before.all_candidates());
    Some(Practice {
        technique,
        puzzle: *puzzle,
        solution: *solution,
        seed,
        position,
        step,
        rating: tally.rating(true),
        // (A search counts the puzzles before it: `practise_on`.)
        tried: 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::{agrees_with, hint, rate};
    use crate::engine::solver::{solve, Solutions};

    fn practice(technique: Technique, seed: u64) -> Practice {
        practise(technique, seed, &AtomicBool::new(false), &mut |_| {}).expect("never cancelled")
    }

    /// The position is the puzzle's, part solved by the rules, and the hint there (as the app
    /// asks, from the position alone) is a step of the technique, right by the solution.
    fn check(found: &Practice) {
        assert_eq!(solve(&found.puzzle), Solutions::Unique(found.solution));
        for cell in 0..CELLS {
            let value = found.position.value(cell);
            assert_eq!(found.position.is_given(cell), found.puzzle[cell] != 0);
            assert!(value == 0 || value == found.solution[cell], "a wrong digit at {cell}");
            if value == 0 {
                assert!(found.position.candidates(cell).contains(found.solution[cell]));
            }
        }
        assert_eq!(found.step.technique, found.technique);
        assert!(agrees_with(&found.step, &found.solution));
        assert!(!found.step.explanation.is_empty());
        match hint(&found.position) {
            crate::engine::logic::Hint::Step(step) => assert_eq!(step.technique, found.technique),
            other => panic!("the hint is {other:?}"),
        }
        // The whole rating, from the givens, agrees with the one worked out on the way.
        assert_eq!(rate(&found.puzzle), found.rating);
        assert_eq!(found.rating.level, found.technique.level());
        assert!(found.rating.steps.contains_key(&found.technique));
    }

    #[test]
    fn practice_positions_lead_to_their_technique() {
        for technique in [
            Technique::HiddenSingle,
            Technique::NakedSingle,
            Technique::LockedCandidatesClaiming,
            Technique::HiddenPair,
            Technique::XWing,
            Technique::XyWing,
            Technique::SimpleColors,
        ] {
            check(&practice(technique, 7));
        }
    }

    #[test]
    fn a_seed_gives_the_same_practice_again_and_its_own_at_once() {
        let one = practice(Technique::NakedPair, 11);
        let two = practice(Technique::NakedPair, 11);
        assert_eq!((one.puzzle, one.tried), (two.puzzle, two.tried));
        assert_eq!(one.position.all_candidates(), two.position.all_candidates());
        assert!(one.tried > 1, "a puzzle of the first seed, by chance: take another");
        assert_eq!(one.seed, 11 + one.tried - 1);
        let again = practice(Technique::NakedPair, one.seed);
        assert_eq!((again.puzzle, again.tried, again.seed), (one.puzzle, 1, one.seed));
    }

    /// A practice game taken up again finds its position and goal from its puzzle alone; a
    /// puzzle without one (its technique never the easiest step, or a harder one needed) gives
    /// none.
    #[test]
    fn a_puzzle_gives_its_practice_again() {
        let never = AtomicBool::new(false);
        for (technique, seed) in [(Technique::XWing, 5), (Technique::NakedPair, 11)] {
            let found = practice(technique, seed);
            let again = practice_in(technique, &found.puzzle, &found.solution, found.seed, &never).expect("again");
            assert_eq!(
                (again.puzzle, again.seed, again.technique),
                (found.puzzle, found.seed, technique)
            );
            assert_eq!(again.position.values(), found.position.values());
            assert_eq!(again.position.all_candidates(), found.position.all_candidates());
            assert!(again.step.effect() == found.step.effect());
            assert_eq!(again.goal().steps.len(), found.goal().steps.len());
            // (A technique the path never takes gives nothing.)
            let other = [Technique::Swordfish, Technique::HiddenQuad]
                .into_iter()
                .find(|t| !again.rating.steps.contains_key(t));
            if let Some(other) = other {
                assert!(practice_in(other, &found.puzzle, &found.solution, found.seed, &never).is_none());
            }
        }
        let found = practice(Technique::XWing, 5);
        assert!(
            practice_in(Technique::NakedSingle, &found.puzzle, &found.solution, 5, &never).is_none(),
            "a hard puzzle is no naked-single practice"
        );
    }

    /// However many threads draw, the practice is the first puzzle's that holds one.
    #[test]
    fn the_threads_find_the_practice_one_thread_finds() {
        for (technique, seed) in [(Technique::NakedTriple, 5), (Technique::XyzWing, 9)] {
            let one = practise_on(1, technique, seed, &AtomicBool::new(false), &mut |_| {}).unwrap();
            assert!(one.tried > 3, "a practice of an early puzzle: take another seed");
            for threads in [2, 3, 5] {
                let many = practise_on(threads, technique, seed, &AtomicBool::new(false), &mut |_| {}).unwrap();
                assert_eq!(
                    (many.puzzle, many.tried, many.seed, many.position.all_candidates()),
                    (one.puzzle, one.tried, one.seed, one.position.all_candidates())
                );
            }
        }
    }

    #[test]
    fn the_move_puts_every_candidate_on_the_board_beyond_the_singles() {
        let pair = practice(Technique::NakedPair, 3);
        let Some(Action::TakePosition { marks, .. }) = pair.take() else {
            panic!("no move")
        };
        let empty = (0..CELLS).filter(|&c| pair.position.value(c) == 0).count();
        assert_eq!(marks.len(), empty);
        assert!(marks.iter().all(|&(cell, m)| m == pair.position.candidates(cell)));
        let single = practice(Technique::NakedSingle, 3);
        assert!(!matches!(single.take(), Some(Action::TakePosition { marks, .. }) if !marks.is_empty()));
    }

    /// The duals and the discontinuous loops are left out because a simpler step comes first:
    /// at every position along the paths of every 20th magictour puzzle where one applies, the
    /// ladder takes a step of a lower score (a search for a practice of a discontinuous nice
    /// loop found none in 400 s of random puzzles).
    #[test]
    fn a_dual_or_a_discontinuous_loop_is_never_the_easiest_step() {
        let left_out = [
            Technique::DualTwoStringKite,
            Technique::DualEmptyRectangle,
            Technique::DiscontinuousNiceLoop,
            Technique::GroupedDiscontinuousNiceLoop,
        ];
        let mut seen = [0; 4];
        for (_, _, board) in crate::engine::logic::magictour_positions(20, 1) {
            for (i, &technique) in left_out.iter().enumerate() {
                if crate::engine::logic::find_step_on(&board, technique).is_some() {
                    seen[i] += 1;
                    let easiest = ladder_step_on(&board, |_| true, false).expect("a step");
                    assert!(easiest.technique.score() < technique.score(), "{:?}", easiest.technique);
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "each along the paths: {seen:?}");
        // (Nor, there, is a technique whose practice was never found.)
        for (_, _, board) in crate::engine::logic::magictour_positions(20, 1) {
            let easiest = ladder_step_on(&board, |_| true, false).expect("a step");
            assert_ne!(rarity(easiest.technique), Rarity::Unseen, "{:?}", easiest.technique);
        }
        for technique in left_out.into_iter().chain([Technique::FinnedMutantJellyfish]) {
            assert!(why_not(technique).is_some() && !techniques().contains(&technique));
        }
        assert_eq!(techniques().len(), by_score().len() - 4);
    }

    #[test]
    fn a_goal_is_met_when_a_step_of_the_technique_is_done_by_hand() {
        let found = practice(Technique::XWing, 5);
        let goal = found.goal();
        // Every step listed is an X-Wing that removes something, right by the solution; the
        // practice's own is among them.
        assert!(!goal.steps.is_empty());
        for step in &goal.steps {
            assert_eq!(step.technique, Technique::XWing);
            assert!(!step.eliminations.is_empty() && agrees_with(step, &found.solution));
        }
        assert!(goal.steps.iter().any(|s| s.effect() == found.step.effect()));
        // Each step, its pencil marks taken off one by one: met only at the last.
        for step in &goal.steps {
            let mut game = game_at(&found);
            assert!(goal.met_by(&game).is_none());
            for (i, e) in step.eliminations.iter().enumerate() {
                game.apply(Action::ToggleMark {
                    cell: e.cell,
                    digit: e.digit,
                })
                .unwrap();
                let last = i + 1 == step.eliminations.len();
                assert_eq!(goal.met_by(&game).is_some(), last, "{}", step.explanation);
            }
            // Putting one back undoes it.
            let e = step.eliminations[0];
            game.apply(Action::ToggleMark {
                cell: e.cell,
                digit: e.digit,
            })
            .unwrap();
            assert!(goal.met_by(&game).is_none());
        }
        // Emptying the cells' marks wholesale is not finding it; the hint's step applied is.
        let mut game = game_at(&found);
        for e in &found.step.eliminations {
            if game.marks(e.cell).contains(e.digit) {
                game.apply(Action::Clear { cell: e.cell }).unwrap();
            }
        }
        assert!(goal.met_by(&game).is_none());
        let mut game = game_at(&found);
        game.apply(Action::ApplyStep(found.step.clone())).unwrap();
        assert!(goal.met_by(&game).is_some());
    }

    #[test]
    fn a_single_is_met_by_placing_its_digit() {
        let found = practice(Technique::HiddenSingle, 2);
        let goal = found.goal();
        let mut game = game_at(&found);
        assert!(goal.met_by(&game).is_none());
        let placed = found.step.placements[0];
        // A wrong digit there is not it.
        let wrong = (1..=9).find(|&d| d != placed.digit).unwrap();
        game.apply(Action::Enter {
            cell: placed.cell,
            digit: wrong,
        })
        .unwrap();
        assert!(goal.met_by(&game).is_none());
        game.apply(Action::Enter {
            cell: placed.cell,
            digit: placed.digit,
        })
        .unwrap();
        assert!(goal.met_by(&game).is_some());
    }

    /// A game at the practice position, as the app starts one (at the givens, when the
    /// singles' position holds nothing more).
    fn game_at(found: &Practice) -> Game {
        let mut game = Game::new(found.puzzle, found.solution, crate::engine::game::Rules::default());
        if let Some(take) = found.take() {
            game.apply(take).unwrap();
        }
        game
    }

    #[test]
    fn cancelling_stops_the_search() {
        let cancel = AtomicBool::new(true);
        let result = practise(Technique::XWing, 1, &cancel, &mut |_| {});
        assert!(matches!(result, Err(GenerateError::Cancelled)));
    }
}
