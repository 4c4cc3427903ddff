//! The store's unit tests: migrations from each older schema, moves round-tripping into an exact
//! replay, the history's order and filters, statistics, deleting a game, and damaged or newer
//! databases.

use super::*;
use crate::engine::format::parse_line;
use crate::engine::game::{Action, Game, MoveKind, Rules};
use crate::engine::grid::CELLS;
use crate::engine::logic::Hint;
use crate::engine::puzzle_entry::PuzzleEntry;
use crate::engine::solver::{solve, Solutions};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn new_game(level: Level, started_at: i64) -> NewGame {
    let puzzle = *parse_line(PUZZLE).unwrap().values();
    let Solutions::Unique(solution) = solve(&puzzle) else {
        panic!("unique")
    };
    NewGame {
        puzzle,
        solution,
        level,
        score: Some(1.5),
        source: Source::Generated,
        seed: Some(7),
        practice: None,
        file: None,
        started_at,
    }
}

use crate::engine::logic::Level;

#[test]
fn a_fresh_database_has_every_migration() {
    let store = Store::in_memory().unwrap();
    assert_eq!(schema::version(&store.connection).unwrap(), schema::MIGRATIONS.len());
}

/// Each migration step, from the schema before it, keeps the games already there; read only, an
/// older database is read through a copy brought up to date, the file left as it was.
#[test]
fn each_migration_upgrades_an_older_database() {
    for from in 0..schema::MIGRATIONS.len() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            let mut connection = rusqlite::Connection::open(&path).unwrap();
            schema::migrate_to(&mut connection, from).unwrap();
            assert_eq!(schema::version(&connection).unwrap(), from);
            if from >= 1 {
                connection
                    .execute(
                        "INSERT INTO games (puzzle, solution, level, source, started_at, status) VALUES (?1, ?1, 'easy', 'typed', 5, 'solved')",
                        [PUZZLE],
                    )
                    .unwrap();
                connection
                    .execute(
                        "INSERT INTO moves (game_id, seq, at_ms, kind, changes) VALUES (1, 0, 0, 'step', '2:0:0>4:0')",
                        [],
                    )
                    .unwrap();
            }
        }
        // Read only (`nonet-cli history`), through an up-to-date copy: the file as it was.
        let before = std::fs::read(&path).unwrap();
        {
            let copy = Store::open_read_only(&path).unwrap();
            assert_eq!(copy.count().unwrap(), u64::from(from >= 1), "from {from}");
            if from >= 1 {
                assert_eq!(copy.game(1).unwrap().expect("the game").1.len(), 1, "from {from}");
            }
        }
        assert_eq!(std::fs::read(&path).unwrap(), before, "from {from}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "from {from}");
        let store = Store::open(&path).unwrap();
        assert_eq!(
            schema::version(&store.connection).unwrap(),
            schema::MIGRATIONS.len(),
            "from {from}"
        );
        assert_eq!(store.count().unwrap(), u64::from(from >= 1), "from {from}");
        let indexes: i64 = store
            .connection
            .query_row(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name LIKE 'games_by_%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(indexes, 3);
        // (Games from before practices are plain games, and from before files from no file.)
        let games = store.list(&Filter::default()).unwrap();
        assert!(
            games.iter().all(|g| g.practice.is_none() && g.file.is_none()),
            "from {from}"
        );
        // (A step from before techniques were kept names none.)
        if from >= 1 {
            let (_, moves) = store.game(1).unwrap().expect("the game");
            assert_eq!((moves.len(), moves[0].entry.technique), (1, None), "from {from}");
        }
    }
}

/// A practice game keeps its technique through the history: listed, loaded to resume, deleted
/// and brought back; a technique this version doesn't know leaves a plain game, still readable.
#[test]
fn a_practice_game_keeps_its_technique() {
    use crate::engine::logic::Technique;
    let mut store = Store::in_memory().unwrap();
    let practice = NewGame {
        practice: Some(Technique::XWing),
        ..new_game(Level::Hard, 1_000)
    };
    let id = store.start_game(&practice).unwrap();
    let (record, _) = store.unfinished().unwrap().expect("in progress");
    assert_eq!(
        (record.id, record.practice, record.seed),
        (id, Some(Technique::XWing), Some(7))
    );
    let plain = store.start_game(&new_game(Level::Hard, 2_000)).unwrap();
    let listed: Vec<_> = store
        .list(&Filter::default())
        .unwrap()
        .into_iter()
        .map(|g| (g.id, g.practice))
        .collect();
    assert_eq!(listed, [(plain, None), (id, Some(Technique::XWing))]);
    let deletion = store.delete_game(id).unwrap().expect("deleted");
    assert!(store.game(id).unwrap().is_none());
    assert_eq!(store.undo_deletion(deletion).unwrap(), 1);
    assert_eq!(store.game(id).unwrap().unwrap().0.practice, Some(Technique::XWing));
    store
        .connection
        .execute(
            "UPDATE games SET practice = 'a-technique-from-later' WHERE id = ?1",
            [id],
        )
        .unwrap();
    let (record, _) = store.game(id).unwrap().expect("still readable");
    assert_eq!(record.practice, None);
}

/// An opened puzzle keeps the file it came from, and its number in a file of several: listed,
/// resumed, played again and brought back after a deletion.
#[test]
fn an_opened_puzzle_keeps_its_file() {
    let mut store = Store::in_memory().unwrap();
    let of_several = FilePlace {
        name: "top1465.txt".into(),
        number: Some(37),
    };
    let alone = FilePlace {
        name: "mine, with a comma.sdk".into(),
        number: None,
    };
    for (place, at) in [(&of_several, 1_000), (&alone, 2_000)] {
        let new = NewGame {
            source: Source::Opened,
            file: Some(place.clone()),
            ..new_game(Level::Hard, at)
        };
        store.start_game(&new).unwrap();
    }
    let listed: Vec<_> = store
        .list(&Filter::default())
        .unwrap()
        .into_iter()
        .map(|g| g.file)
        .collect();
    assert_eq!(listed, [Some(alone.clone()), Some(of_several.clone())]);
    let (record, _) = store.unfinished().unwrap().expect("in progress");
    assert_eq!(record.file, Some(alone));
    let first = store.list(&Filter::default()).unwrap().pop().unwrap();
    let again = first.to_new_game(3_000).unwrap();
    assert_eq!(
        (again.file, again.source, again.started_at),
        (Some(of_several.clone()), Source::Opened, 3_000)
    );
    let deletion = store.delete_game(first.id).unwrap().expect("deleted");
    assert_eq!(store.undo_deletion(deletion).unwrap(), 1);
    assert_eq!(store.game(first.id).unwrap().unwrap().0.file, Some(of_several));
    // A number out of range (written by hand) is no number; the name stays.
    store
        .connection
        .execute("UPDATE games SET file_number = -4 WHERE id = ?1", [first.id])
        .unwrap();
    let (record, _) = store.game(first.id).unwrap().expect("still readable");
    assert_eq!(
        record.file.map(|f| (f.name, f.number)),
        Some(("top1465.txt".into(), None))
    );
}

/// The techniques practised come with their number of games, the latest practised first.
#[test]
fn the_techniques_practised_are_counted_latest_first() {
    use crate::engine::logic::Technique;
    let mut store = Store::in_memory().unwrap();
    assert!(store.practised().unwrap().is_empty());
    for (practice, at) in [
        (Some(Technique::XWing), 10),
        (None, 20),
        (Some(Technique::Swordfish), 30),
        (Some(Technique::XWing), 40),
        (Some(Technique::HiddenPair), 35),
    ] {
        store
            .start_game(&NewGame {
                practice,
                ..new_game(Level::Hard, at)
            })
            .unwrap();
    }
    let practised: Vec<(Technique, u32)> = store
        .practised()
        .unwrap()
        .into_iter()
        .map(|p| (p.technique, p.games))
        .collect();
    assert_eq!(
        practised,
        [
            (Technique::XWing, 2),
            (Technique::HiddenPair, 1),
            (Technique::Swordfish, 1)
        ]
    );
}

/// Practice games stay out of the statistics: a practice solved with help does not lower the
/// level's solve rate, nor does an abandoned one end its streak.
#[test]
fn practice_games_stay_out_of_the_statistics() {
    use crate::engine::logic::Technique;
    let mut store = Store::in_memory().unwrap();
    let mut play = |practice: Option<Technique>, status: GameStatus, at: i64| {
        let new = NewGame {
            practice,
            ..new_game(Level::Hard, at)
        };
        let id = store.start_game(&new).unwrap();
        // (A move in each: a game abandoned after one is played.)
        store
            .connection
            .execute(
                "INSERT INTO moves (game_id, seq, at_ms, kind, changes) VALUES (?1, 0, 0, 'digit', '')",
                [id],
            )
            .unwrap();
        store.finish_game(id, status, at + 1, Progress::default()).unwrap();
    };
    play(None, GameStatus::Solved, 10);
    play(Some(Technique::XWing), GameStatus::SolvedWithHelp, 20);
    play(Some(Technique::Swordfish), GameStatus::Abandoned, 30);
    play(None, GameStatus::Solved, 40);
    play(None, GameStatus::SolvedWithHelp, 50);
    let stats = store.stats().unwrap();
    let hard = stats.iter().find(|s| s.level == Level::Hard).unwrap();
    assert_eq!(
        (hard.played, hard.solved, hard.solved_with_help, hard.current_streak),
        (3, 2, 1, 2)
    );
}

/// The best time a solved game is compared with is the statistics' best of its level without
/// it: solved alone, not practised, not another level's, not helped.
#[test]
fn the_best_time_before_a_game_is_the_levels_best_without_it() {
    use crate::engine::logic::Technique;
    let mut store = Store::in_memory().unwrap();
    let mut play = |level: Level, practice: Option<Technique>, status: GameStatus, at: i64, elapsed_ms: u64| {
        let id = store
            .start_game(&NewGame {
                practice,
                ..new_game(level, at)
            })
            .unwrap();
        let progress = Progress {
            elapsed_ms,
            ..Progress::default()
        };
        store.finish_game(id, status, at + 1, progress).unwrap();
    };
    play(Level::Hard, None, GameStatus::Solved, 10, 300_000);
    play(Level::Hard, None, GameStatus::SolvedWithHelp, 20, 100_000);
    play(Level::Hard, Some(Technique::XWing), GameStatus::Solved, 30, 90_000);
    play(Level::Easy, None, GameStatus::Solved, 40, 60_000);
    play(Level::Hard, None, GameStatus::SolvedByComputer, 50, 1_000);
    play(Level::Hard, None, GameStatus::Solved, 60, 240_000);
    let hard = store
        .stats()
        .unwrap()
        .into_iter()
        .find(|s| s.level == Level::Hard)
        .unwrap();
    assert_eq!(hard.best_ms, Some(240_000));
    assert_eq!(store.best_time_other_than(Level::Hard, 60).unwrap(), Some(300_000));
    assert_eq!(store.best_time_other_than(Level::Hard, 10).unwrap(), Some(240_000));
    assert_eq!(store.best_time_other_than(Level::Easy, 40).unwrap(), None);
    assert_eq!(store.best_time_other_than(Level::Master, 1).unwrap(), None);
}

/// The statistics' hints by technique count the hints asked for, as named once found: the most
/// asked first, a tie in the ladder's order; a step applied, a hint that named nothing and a
/// technique this version does not know stay out.
#[test]
fn hints_are_counted_by_the_technique_they_taught() {
    use crate::engine::logic::Technique::{HiddenSingle, NakedSingle, XWing};
    let mut store = Store::in_memory().unwrap();
    assert_eq!(store.hints_by_technique().unwrap(), []);
    let games = [
        vec![Some(XWing), Some(HiddenSingle), None],
        vec![Some(XWing), Some(HiddenSingle), Some(NakedSingle), Some(XWing)],
    ];
    for (index, names) in games.iter().enumerate() {
        let new = new_game(Level::Easy, 1_000 + index as i64);
        let id = store.start_game(&new).unwrap();
        let mut game = Game::new(new.puzzle, new.solution, Rules::default());
        let last = names.iter().map(|_| game.take_hint()).last().flatten();
        // A step applied names its technique too, but is no hint asked for.
        let Some(Hint::Step(step)) = last else { panic!("a step") };
        game.apply(Action::ApplyStep(step)).unwrap();
        let moves: Vec<(u64, _)> = game.journal().iter().cloned().map(|m| (0, m)).collect();
        let progress = Progress {
            elapsed_ms: 1_000,
            mistakes: 0,
            hints: game.hints_used(),
        };
        store.record_moves(id, 0, &moves, progress).unwrap();
        let hints = moves
            .iter()
            .enumerate()
            .filter(|(_, (_, m))| m.kind == MoveKind::HintTaken);
        for ((seq, _), name) in hints.zip(names) {
            if let Some(technique) = name {
                store.name_move(id, seq as u32, *technique).unwrap();
            }
        }
    }
    let counted = |store: &Store| {
        store
            .hints_by_technique()
            .unwrap()
            .iter()
            .map(|h| (h.technique, h.hints))
            .collect::<Vec<_>>()
    };
    assert_eq!(counted(&store), [(XWing, 3), (HiddenSingle, 2), (NakedSingle, 1)]);
    // One X-Wing less: a tie with Hidden Single, the simpler first.
    store
        .connection
        .execute(
            "UPDATE moves SET technique = 'kraken-fish' WHERE (game_id, seq) = \
             (SELECT game_id, seq FROM moves WHERE technique = 'x-wing' AND kind = 'hint' LIMIT 1)",
            [],
        )
        .unwrap();
    assert_eq!(counted(&store), [(HiddenSingle, 2), (XWing, 2), (NakedSingle, 1)]);
}

#[test]
fn moves_come_back_as_the_same_game() {
    let mut store = Store::in_memory().unwrap();
    let new = new_game(Level::Easy, 1_000);
    let id = store.start_game(&new).unwrap();
    let mut game = Game::new(new.puzzle, new.solution, Rules::default());
    game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    game.apply(Action::ToggleMark { cell: 3, digit: 6 }).unwrap();
    game.apply(Action::FillCandidates).unwrap();
    game.undo();
    game.take_hint();
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    // A hint's step applied keeps its technique; a checkpoint set and gone back to.
    game.set_checkpoint().unwrap();
    let Some(Hint::Step(step)) = game.take_hint() else {
        panic!("a step")
    };
    let technique = step.technique;
    game.apply(Action::ApplyStep(step)).unwrap();
    assert_eq!(game.journal().last().unwrap().technique, Some(technique));
    game.apply(Action::BackToCheckpoint).unwrap();
    // Colours: a mark's, a cell's, and one taken away again by the same colour.
    for (cell, digit, colour) in [(3, 6, 2), (0, 0, 4), (0, 0, 4), (5, 0, 1)] {
        game.apply(Action::Colour { cell, digit, colour }).unwrap();
    }
    let moves: Vec<(u64, _)> = game
        .journal()
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, m)| (i as u64 * 1000, m))
        .collect();
    // Saved in two batches, as the app does move by move.
    let progress = Progress {
        elapsed_ms: 6_000,
        mistakes: game.mistakes(),
        hints: game.hints_used(),
    };
    store.record_moves(id, 0, &moves[..2], progress).unwrap();
    store.record_moves(id, 2, &moves[2..], progress).unwrap();

    let (record, saved) = store.unfinished().unwrap().expect("the game in progress");
    assert_eq!(record.id, id);
    assert_eq!(
        (record.status, record.elapsed_ms, record.mistakes, record.hints),
        (GameStatus::InProgress, 6_000, 1, 2)
    );
    assert_eq!(
        saved.iter().map(|m| m.seq).collect::<Vec<_>>(),
        (0..moves.len() as u32).collect::<Vec<_>>()
    );
    assert_eq!(saved[3].at_ms, 3_000);
    let entries: Vec<_> = saved.into_iter().map(|m| m.entry).collect();
    assert_eq!(entries, game.journal());
    let replayed = Game::replay(
        record.givens().unwrap(),
        record.solution_grid().unwrap(),
        Rules::default(),
        &entries,
    )
    .unwrap();
    assert_eq!(replayed.values(), game.values());
    assert!((0..81).all(|c| replayed.marks(c) == game.marks(c)));
    assert!((0..81).all(|c| replayed.paint(c) == game.paint(c)));
    assert!(replayed.has_checkpoint() && !replayed.at_checkpoint());
    // A technique this version does not know (a newer Nonet's) leaves the step unnamed.
    store
        .connection
        .execute(
            "UPDATE moves SET technique = 'kraken-fish' WHERE game_id = ?1 AND technique IS NOT NULL",
            [id],
        )
        .unwrap();
    let (_, saved) = store.game(id).unwrap().unwrap();
    assert!(saved.iter().all(|m| m.entry.technique.is_none()));
    // A hint's request, saved before the hint was found, is named afterwards.
    let request = saved.iter().find(|m| m.entry.kind == MoveKind::HintTaken).unwrap().seq;
    store.name_move(id, request, technique).unwrap();
    let (_, saved) = store.game(id).unwrap().unwrap();
    let named: Vec<_> = saved
        .iter()
        .filter(|m| m.entry.technique.is_some())
        .map(|m| (m.seq, m.entry.technique))
        .collect();
    assert_eq!(named, [(request, Some(technique))]);
    assert_eq!(saved.iter().filter(|m| m.entry.kind == MoveKind::Step).count(), 1);
    assert_eq!(
        (
            replayed.paint(3).candidate(6),
            replayed.paint(0).cell(),
            replayed.paint(5).cell()
        ),
        (2, 0, 1)
    );

    store.finish_game(id, GameStatus::Solved, 9_000, progress).unwrap();
    assert!(store.unfinished().unwrap().is_none());
}

#[test]
fn deleted_and_cleared_games_leave_the_history_with_their_moves() {
    let mut store = Store::in_memory().unwrap();
    let mut ids = Vec::new();
    for i in 0..3 {
        let new = new_game(Level::Easy, 1_000 + i);
        let id = store.start_game(&new).unwrap();
        let mut game = Game::new(new.puzzle, new.solution, Rules::default());
        game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
        let moves: Vec<(u64, _)> = game.journal().iter().cloned().map(|m| (500, m)).collect();
        let progress = Progress {
            elapsed_ms: 60_000 * (i as u64 + 1),
            mistakes: 0,
            hints: 0,
        };
        store.record_moves(id, 0, &moves, progress).unwrap();
        store.finish_game(id, GameStatus::Solved, 2_000 + i, progress).unwrap();
        ids.push(id);
    }
    let moves_of = |store: &Store, id: i64| -> i64 {
        store
            .connection
            .query_row("SELECT count(*) FROM moves WHERE game_id = ?1", [id], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(moves_of(&store, ids[0]), 1);
    // The fastest game goes: the best time is the next one's, and its moves are gone too.
    let first = store.delete_game(ids[0]).unwrap().expect("a deletion");
    assert!(store.game(ids[0]).unwrap().is_none());
    assert_eq!(moves_of(&store, ids[0]), 0);
    assert_eq!(store.count().unwrap(), 2);
    let easy = |store: &Store| store.stats().unwrap().into_iter().find(|s| s.level == Level::Easy);
    let best = |store: &Store| easy(store).map(|s| (s.played, s.best_ms));
    assert_eq!(best(&store), Some((2, Some(120_000))));
    // The others are untouched; a game that isn't there is said not to be.
    assert_eq!(moves_of(&store, ids[1]), 1);
    assert!(store.delete_game(ids[0]).unwrap().is_none());
    assert!(store.delete_game(999).unwrap().is_none());
    // Clearing the history keeps the game asked for, moves and all, and nothing else.
    let (cleared, second) = store.clear_history(Some(ids[1])).unwrap();
    assert_eq!(cleared, 1);
    assert_eq!(store.count().unwrap(), 1);
    assert!(store.game(ids[1]).unwrap().is_some());
    assert_eq!(moves_of(&store, ids[1]), 1);
    let (cleared, third) = store.clear_history(None).unwrap();
    assert_eq!(cleared, 1);
    assert_eq!(store.count().unwrap(), 0);
    assert_eq!(moves_of(&store, ids[1]), 0);
    assert!(store.stats().unwrap().iter().all(|s| s.played == 0));

    // Each deletion is undone on its own, in any order: its games come back as they were, under
    // their ids, moves and all; an undone deletion gives nothing back a second time.
    let whole = |store: &Store, id: i64| store.game(id).unwrap();
    assert_eq!(store.undo_deletion(second).unwrap(), 1);
    assert_eq!(store.count().unwrap(), 1);
    assert_eq!(moves_of(&store, ids[2]), 1);
    assert_eq!(store.undo_deletion(first).unwrap(), 1);
    assert_eq!(store.undo_deletion(third).unwrap(), 1);
    assert_eq!(store.undo_deletion(third).unwrap(), 0);
    assert_eq!(store.count().unwrap(), 3);
    assert_eq!(best(&store), Some((3, Some(60_000))));
    for &id in &ids {
        let (record, moves) = whole(&store, id).expect("back");
        assert_eq!((record.id, record.status, moves.len()), (id, GameStatus::Solved, 1));
    }
}

#[test]
fn a_deleted_game_comes_back_under_a_new_id_when_its_own_is_taken() {
    let mut store = Store::in_memory().unwrap();
    let new = new_game(Level::Hard, 1_000);
    let first = store.start_game(&new).unwrap();
    let mut game = Game::new(new.puzzle, new.solution, Rules::default());
    game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    let moves: Vec<(u64, _)> = game.journal().iter().cloned().map(|m| (500, m)).collect();
    store.record_moves(first, 0, &moves, Progress::default()).unwrap();
    let before = store.game(first).unwrap().unwrap();
    let deletion = store.delete_game(first).unwrap().unwrap();
    // SQLite gives the next game the highest id plus one: the deleted game's.
    let next = store.start_game(&new_game(Level::Easy, 2_000)).unwrap();
    assert_eq!(next, first);
    assert_eq!(store.undo_deletion(deletion).unwrap(), 1);
    let list = store.list(&Filter::default()).unwrap();
    assert_eq!(list.len(), 2);
    let back = list.iter().find(|g| g.id != next).expect("the deleted game back");
    let (record, moves) = store.game(back.id).unwrap().unwrap();
    assert_eq!((record.level, record.started_at, moves.len()), (Level::Hard, 1_000, 1));
    assert_eq!(moves[0].at_ms, before.1[0].at_ms);
    // The game started meanwhile keeps its id, and has no moves of the other's.
    assert_eq!(store.game(next).unwrap().unwrap().1.len(), 0);
}

#[test]
fn only_the_last_few_deletions_can_be_undone() {
    let mut store = Store::in_memory().unwrap();
    let deletions: Vec<Deletion> = (0..12)
        .map(|i| {
            let id = store.start_game(&new_game(Level::Easy, i)).unwrap();
            store.delete_game(id).unwrap().unwrap()
        })
        .collect();
    assert_eq!(store.undo_deletion(deletions[0]).unwrap(), 0);
    assert_eq!(store.undo_deletion(deletions[11]).unwrap(), 1);
    assert_eq!(store.undo_deletion(deletions[4]).unwrap(), 1);
    assert_eq!(store.count().unwrap(), 2);
}

#[test]
fn starting_a_game_sets_the_one_in_progress_aside_and_it_can_be_resumed() {
    let mut store = Store::in_memory().unwrap();
    let status = |store: &Store, id: i64| store.game(id).unwrap().unwrap().0.status;
    // Left before any move: abandoned.
    let untouched = store.start_game(&new_game(Level::Easy, 1)).unwrap();
    let played = store.start_game(&new_game(Level::Medium, 2)).unwrap();
    assert_eq!(status(&store, untouched), GameStatus::Abandoned);
    // Left after a move: paused, and resumable.
    let new = new_game(Level::Medium, 2);
    let mut game = Game::new(new.puzzle, new.solution, Rules::default());
    game.apply(Action::Enter { cell: 2, digit: 4 }).unwrap();
    let moves: Vec<(u64, _)> = game.journal().iter().cloned().map(|m| (500, m)).collect();
    store.record_moves(played, 0, &moves, Progress::default()).unwrap();
    let third = store.start_game(&new_game(Level::Hard, 3)).unwrap();
    assert_eq!(status(&store, played), GameStatus::Paused);
    assert_eq!(store.unfinished().unwrap().unwrap().0.id, third);
    // Resuming it sets the third (no move) aside as abandoned.
    assert!(store.resume_game(played).unwrap());
    assert_eq!(status(&store, played), GameStatus::InProgress);
    assert_eq!(status(&store, third), GameStatus::Abandoned);
    let (record, saved) = store.unfinished().unwrap().unwrap();
    assert_eq!((record.id, saved.len()), (played, 1));
    // Only paused or in-progress games can be resumed.
    assert!(!store.resume_game(untouched).unwrap());
    assert!(!store.resume_game(999).unwrap());
    assert_eq!(status(&store, played), GameStatus::InProgress);
    // Paused games are not played yet in the statistics.
    store.start_game(&new_game(Level::Hard, 4)).unwrap();
    assert_eq!(status(&store, played), GameStatus::Paused);
    let medium = store
        .stats()
        .unwrap()
        .into_iter()
        .find(|s| s.level == Level::Medium)
        .unwrap();
    assert_eq!(medium.played, 0);
}

#[test]
fn the_history_lists_newest_first_with_filters() {
    let mut store = Store::in_memory().unwrap();
    for (i, level) in [Level::Easy, Level::Hard, Level::Easy, Level::Medium]
        .into_iter()
        .enumerate()
    {
        let id = store.start_game(&new_game(level, i as i64 * 10)).unwrap();
        let status = if i == 2 {
            GameStatus::SolvedByComputer
        } else {
            GameStatus::Solved
        };
        store
            .finish_game(id, status, i as i64 * 10 + 5, Progress::default())
            .unwrap();
    }
    let all = store.list(&Filter::default()).unwrap();
    assert_eq!(all.iter().map(|g| g.started_at).collect::<Vec<_>>(), [30, 20, 10, 0]);
    let easy = store
        .list(&Filter {
            level: Some(Level::Easy),
            ..Filter::default()
        })
        .unwrap();
    assert_eq!(easy.iter().map(|g| g.started_at).collect::<Vec<_>>(), [20, 0]);
    let by_computer = store
        .list(&Filter {
            status: Some(GameStatus::SolvedByComputer),
            ..Filter::default()
        })
        .unwrap();
    assert_eq!(by_computer.len(), 1);
    assert_eq!(
        store
            .list(&Filter {
                limit: Some(1),
                ..Filter::default()
            })
            .unwrap()
            .len(),
        1
    );
}

/// A list read a page at a time (as the History window reads it) gives every game once, in
/// order, games started at the same time included; the filtered count is the whole list's length.
#[test]
fn the_history_is_read_a_page_at_a_time() {
    let mut store = Store::in_memory().unwrap();
    // Pairs of games started at the same time, every third Hard.
    for i in 0..25i64 {
        let level = if i % 3 == 0 { Level::Hard } else { Level::Easy };
        store.start_game(&new_game(level, i / 2 * 10)).unwrap();
    }
    for level in [None, Some(Level::Hard)] {
        let whole = store
            .list(&Filter {
                level,
                ..Filter::default()
            })
            .unwrap();
        let mut pages: Vec<GameRecord> = Vec::new();
        loop {
            let page = store
                .list(&Filter {
                    level,
                    limit: Some(4),
                    after: pages.last().map(|g| (g.started_at, g.id)),
                    ..Filter::default()
                })
                .unwrap();
            if page.is_empty() {
                break;
            }
            pages.extend(page);
        }
        assert_eq!(pages, whole);
        let filter = Filter {
            level,
            ..Filter::default()
        };
        assert_eq!(store.count_matching(&filter).unwrap(), whole.len() as u64);
        let after = Filter {
            after: Some((whole[4].started_at, whole[4].id)),
            ..filter
        };
        assert_eq!(store.count_matching(&after).unwrap(), whole.len() as u64 - 5);
    }
    assert_eq!(
        store
            .count_matching(&Filter {
                level: Some(Level::Hard),
                ..Filter::default()
            })
            .unwrap(),
        9
    );
}

#[test]
fn statistics_count_rates_times_and_streaks() {
    use GameStatus::*;
    let games = [
        (Level::Easy, Solved, 300),
        (Level::Easy, Solved, 100),
        (Level::Easy, Abandoned, 50),
        (Level::Easy, Solved, 200),
        // Solved with help: played, but neither a time nor part of a streak (a fast one, which
        // would otherwise be the best time).
        (Level::Easy, SolvedWithHelp, 20),
        (Level::Easy, Solved, 400),
        (Level::Easy, InProgress, 10),
        (Level::Hard, SolvedByComputer, 900),
        // Lost to strikes: played, not solved, and it ends the streak.
        (Level::Medium, Solved, 600),
        (Level::Medium, Solved, 500),
        (Level::Medium, Lost, 70),
        (Level::Medium, Solved, 800),
    ];
    let mut played: Vec<stats::Played> = games
        .into_iter()
        .map(|(level, status, elapsed_ms)| stats::Played {
            level,
            status,
            elapsed_ms,
            moved: true,
        })
        .collect();
    // A game left before any move is not played at all.
    played.push(stats::Played {
        level: Level::Easy,
        status: Abandoned,
        elapsed_ms: 5,
        moved: false,
    });
    let stats = stats::compute(played);
    let easy = &stats[0];
    assert_eq!((easy.played, easy.solved, easy.solved_with_help), (6, 4, 1));
    assert!((easy.solve_rate - 4.0 / 6.0).abs() < 1e-9);
    assert_eq!(
        (easy.best_ms, easy.median_ms, easy.mean_ms),
        (Some(100), Some(300), Some(250))
    );
    assert_eq!((easy.current_streak, easy.best_streak), (2, 2));
    let hard = stats.iter().find(|s| s.level == Level::Hard).unwrap();
    assert_eq!((hard.played, hard.solved, hard.best_ms), (1, 0, None));
    let medium = stats.iter().find(|s| s.level == Level::Medium).unwrap();
    assert_eq!((medium.played, medium.solved, medium.lost), (4, 3, 1));
    assert_eq!((medium.current_streak, medium.best_streak), (1, 2));
    assert_eq!(medium.best_ms, Some(500));
}

#[test]
fn a_damaged_file_is_reported_and_can_be_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nonet.db");
    let garbage = b"this is not a database, but it was the player's file".repeat(200);
    std::fs::write(&path, &garbage).unwrap();
    let error = Store::open(&path).err().expect("refused");
    assert!(matches!(error, StoreError::Corrupt { .. }), "{error}");
    assert!(error.to_string().contains("nonet.db"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), garbage, "open leaves the file alone");
    assert!(matches!(Store::open_read_only(&path), Err(StoreError::Corrupt { .. })));

    let (mut store, aside) = Store::open_or_recover(&path).unwrap();
    let aside = aside.expect("moved aside");
    assert!(aside
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with("nonet.db.corrupt-"));
    assert_eq!(
        std::fs::read(&aside).unwrap(),
        garbage,
        "nothing the player had is lost"
    );
    store.start_game(&new_game(Level::Easy, 1)).unwrap();
}

#[test]
fn a_newer_schema_is_not_touched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nonet.db");
    {
        let connection = rusqlite::Connection::open(&path).unwrap();
        connection.pragma_update(None, "user_version", 99).unwrap();
    }
    let error = Store::open(&path).err().expect("refused");
    assert!(matches!(error, StoreError::TooNew { found: 99, .. }), "{error}");
}

#[test]
fn damaged_moves_name_the_game_and_move() {
    let mut store = Store::in_memory().unwrap();
    let id = store.start_game(&new_game(Level::Easy, 1)).unwrap();
    store
        .connection
        .execute(
            "INSERT INTO moves (game_id, seq, at_ms, kind, changes) VALUES (?1, 0, 0, 'digit', '99:0:0>1:0')",
            [id],
        )
        .unwrap();
    let error = store.game(id).unwrap_err().to_string();
    assert_eq!(error, format!("game {id}, move 0: change '99:0:0>1:0' is out of range"));
    assert_eq!(decode_changes("2:0:0>4:0").unwrap()[0].after, 4);
    assert!(decode_changes("2:0:0").is_err());
    assert!(decode_changes("2:0:1024>4:0").is_err());
    // A coloured side carries its paint; a colour Nonet does not have is refused.
    let coloured = decode_changes("2:0:4>0:4:64").unwrap()[0];
    assert_eq!(
        (coloured.before_paint.is_empty(), coloured.after_paint.candidate(2)),
        (true, 1)
    );
    assert_eq!(encode_changes(&[coloured]), "2:0:4>0:4:64");
    assert!(decode_changes("2:0:4>0:4:5").is_err());
    assert!(decode_changes("2:0:4>0:4:64:1").is_err());
}

#[test]
fn times_format_as_utc_dates() {
    assert_eq!(format_utc_iso(0), "1970-01-01T00:00:00Z");
    // date -u -d @1795334400
    assert_eq!(format_utc_iso(1_795_334_400_123), "2026-11-22T08:00:00Z");
    assert_eq!(civil_from_days(-1), (1969, 12, 31));
}

/// A database path that is a folder, a FIFO or a device is refused by the app's opening too (as
/// not a regular file, never as damaged): nothing is moved aside or created, and a FIFO is not
/// waited on.
#[test]
fn a_special_file_is_refused_and_never_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("nonet.db");
    std::fs::create_dir(&folder).unwrap();
    let fifo = dir.path().join("nonet.fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for path in [folder.as_path(), fifo.as_path(), Path::new("/dev/null")] {
        for opened in [
            Store::open_or_recover(path).map(|_| ()),
            Store::open_read_only(path).map(|_| ()),
        ] {
            let error = opened.expect_err("refused");
            assert!(matches!(error, StoreError::NotRegular { .. }), "{path:?}: {error}");
        }
    }
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["nonet.db", "nonet.fifo"]);
    assert!(folder.is_dir());
}

#[test]
fn a_busy_database_is_reported_and_never_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nonet.db");
    Store::open(&path)
        .unwrap()
        .start_game(&new_game(Level::Easy, 1))
        .unwrap();
    let holder = rusqlite::Connection::open(&path).unwrap();
    holder
        .execute_batch("PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE;")
        .unwrap();
    let error = Store::open_or_recover(&path).err().expect("busy");
    assert!(matches!(error, StoreError::Unavailable { .. }), "{error}");
    assert!(error.to_string().contains("left as it is"), "{error}");
    drop(holder);
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert!(names.iter().all(|n| !n.contains("corrupt")), "{names:?}");
    let store = Store::open(&path).unwrap();
    assert_eq!(store.count().unwrap(), 1, "the history is intact");
}

#[test]
fn the_database_and_its_directory_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data/nonet/nonet.db");
    let mut store = Store::open(&path).unwrap();
    store.start_game(&new_game(Level::Easy, 1)).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(path.parent().unwrap()), 0o700);
    assert_eq!(mode(&path), 0o600);
    assert_eq!(mode(&PathBuf::from(format!("{}-wal", path.display()))), 0o600);
    // A file an older version left readable by all is made private.
    drop(store);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    Store::open(&path).unwrap();
    assert_eq!(mode(&path), 0o600);
}

#[test]
fn statistics_survive_extreme_times() {
    use GameStatus::*;
    let games = [u64::MAX, u64::MAX - 2].map(|elapsed_ms| stats::Played {
        level: Level::Easy,
        status: Solved,
        elapsed_ms,
        moved: true,
    });
    let easy = &stats::compute(games)[0];
    assert_eq!(easy.mean_ms, Some(u64::MAX - 1));
    let mut store = Store::in_memory().unwrap();
    let id = store.start_game(&new_game(Level::Easy, 1)).unwrap();
    store.save_elapsed(id, u64::MAX).unwrap();
    store
        .connection
        .execute("UPDATE games SET status = 'solved', elapsed_ms = ?1", [i64::MAX])
        .unwrap();
    let easy = store.stats().unwrap()[0].clone();
    assert_eq!(easy.mean_ms, Some(i64::MAX as u64));
}

/// The statuses and sources as databases written by earlier versions hold them, each read back;
/// an unknown one is refused with the ids known.
#[test]
fn status_and_source_ids_are_those_already_stored() {
    let statuses = [
        "in-progress",
        "solved",
        "solved-with-help",
        "solved-by-computer",
        "paused",
        "abandoned",
        "lost",
    ];
    assert_eq!(GameStatus::ALL.iter().map(|s| s.id()).collect::<Vec<_>>(), statuses);
    assert!(GameStatus::ALL.iter().all(|&s| s.id().parse() == Ok(s)));
    let sources = ["generated", "typed", "opened", "pasted"];
    assert_eq!(Source::ALL.iter().map(|s| s.id()).collect::<Vec<_>>(), sources);
    assert!(Source::ALL.iter().all(|&s| s.id().parse() == Ok(s)));
    assert_eq!(
        "won".parse::<GameStatus>(),
        Err("unknown status 'won' (expected in-progress, solved, solved-with-help, solved-by-computer, paused, abandoned or lost)".to_string())
    );
}

/// The puzzle being typed is kept across a reopening of the file, one at a time, and forgotten
/// when asked; one that can't be read is none, and the file still opens.
#[test]
fn the_puzzle_being_typed_outlives_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nonet.db");
    let mut first = PuzzleEntry::new(*parse_line(PUZZLE).unwrap().values());
    first.values[80] = 0;
    first.selected = 80;
    {
        let mut store = Store::open(&path).unwrap();
        assert_eq!(store.puzzle_entry().unwrap(), None);
        store.save_puzzle_entry(Some(&first)).unwrap();
    }
    let mut store = Store::open(&path).unwrap();
    assert_eq!(store.puzzle_entry().unwrap(), Some(first.clone()));
    let blank = PuzzleEntry::new([0; CELLS]);
    store.save_puzzle_entry(Some(&blank)).unwrap();
    assert_eq!(store.puzzle_entry().unwrap(), Some(blank));
    let kept: i64 = store
        .connection
        .query_row("SELECT count(*) FROM puzzle_entry", [], |r| r.get(0))
        .unwrap();
    assert_eq!(kept, 1, "one entry at a time");
    store.save_puzzle_entry(None).unwrap();
    assert_eq!(store.puzzle_entry().unwrap(), None);
    // Damaged by hand: a letter among the digits, then a cell off the board.
    for (givens, selected) in [(PUZZLE.replace('6', "x"), 0), (PUZZLE.to_string(), 81)] {
        store
            .connection
            .execute(
                "INSERT OR REPLACE INTO puzzle_entry (id, givens, selected, saved_at) VALUES (1, ?1, ?2, 0)",
                rusqlite::params![givens, selected],
            )
            .unwrap();
        assert_eq!(store.puzzle_entry().unwrap(), None, "{givens} at {selected}");
    }
    store.save_puzzle_entry(Some(&first)).unwrap();
    assert_eq!(store.puzzle_entry().unwrap(), Some(first));
}

#[test]
fn the_days_of_daily_puzzles_solved_alone_are_listed() {
    use crate::engine::daily::{Day, SolvedDay};
    let mut store = Store::in_memory().unwrap();
    let day = |d| Day::new(2026, 12, d).unwrap();
    // Noon of a day of December 2026 in the local zone (1 December is day 20,788 of the epoch).
    let noon = |d: i64| {
        let utc_noon = ((20_788 + d - 1) * 86_400 + 12 * 3600) * 1000;
        utc_noon - super::local_offset_seconds(utc_noon / 1000).unwrap_or(0) * 1000
    };
    // Solved alone (the 4th twice), with help (the 2nd), given up (the 1st), a practice and a
    // game of a random seed: only the 3rd, 4th and 6th count; the 6th was played on the 8th.
    let games = [
        (Some(day(3).seed()), None, GameStatus::Solved, noon(3)),
        (Some(day(4).seed()), None, GameStatus::Solved, noon(4)),
        (Some(day(4).seed()), None, GameStatus::Solved, noon(4) + 1),
        (Some(day(2).seed()), None, GameStatus::SolvedWithHelp, noon(2)),
        (Some(day(1).seed()), None, GameStatus::Abandoned, noon(1)),
        (
            Some(day(5).seed()),
            Some(crate::engine::logic::Technique::XWing),
            GameStatus::Solved,
            noon(5),
        ),
        (Some(7), None, GameStatus::Solved, noon(5)),
        (None, None, GameStatus::Solved, noon(5)),
        (Some(day(6).seed()), None, GameStatus::Solved, noon(8)),
    ];
    for (seed, practice, status, started_at) in games {
        let id = store
            .start_game(&NewGame {
                seed,
                practice,
                ..new_game(Level::Hard, started_at)
            })
            .unwrap();
        store.finish_game(id, status, 0, Progress::default()).unwrap();
    }
    let mut days = store.daily_days_solved().unwrap();
    days.sort_unstable_by_key(|d| (d.day, d.on_its_day));
    let solved = |d, on_its_day| SolvedDay {
        day: day(d),
        on_its_day,
    };
    assert_eq!(
        days,
        [solved(3, true), solved(4, true), solved(4, true), solved(6, false)]
    );
    // The games of a day's puzzle, newest first; a practice's seed aside.
    let ids = |games: Vec<GameRecord>| games.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(store.games_of_seed(day(4).seed()).unwrap()), [3, 2]);
    assert_eq!(store.games_of_seed(day(5).seed()).unwrap(), []);
    assert_eq!(store.games_of_seed(day(7).seed()).unwrap(), []);
    // Every daily puzzle's game, newest first (by when it started), the others aside.
    assert_eq!(ids(store.daily_games().unwrap()), [9, 3, 2, 1, 4, 5]);
}

/// A full disk is told as such, not as a file in use: on opening (SQLite's SQLITE_FULL, named
/// with the file) and on writing later (a database held to the pages it has, as a full disk
/// holds it).
#[test]
fn a_full_disk_is_told_as_a_full_disk() {
    let full = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL), None);
    let error = classify(Path::new("/data/nonet.db"), full);
    assert!(matches!(error, StoreError::DiskFull { .. }), "{error}");
    assert!(error.is_disk_full());
    assert_eq!(
        error.to_string(),
        "/data/nonet.db can't be written: the disk is full; it was left as it is"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("nonet.db")).unwrap();
    let pages: i64 = store
        .connection
        .query_row("PRAGMA page_count", [], |row| row.get(0))
        .unwrap();
    let _: i64 = store
        .connection
        .query_row(&format!("PRAGMA max_page_count = {pages}"), [], |row| row.get(0))
        .unwrap();
    let failed = (0..1000)
        .find_map(|i| store.start_game(&new_game(Level::Easy, i)).err())
        .expect("the database stopped growing");
    assert!(failed.is_disk_full(), "{failed}");
    let busy = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY), None);
    assert!(!classify(Path::new("/data/nonet.db"), busy).is_disk_full());
}
