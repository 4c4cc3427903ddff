//! Games of the history taken up again by their id: Play Again (a fresh game on a game's
//! puzzle), Resume (a paused game as it was left) and Play From Here (a replay's board after
//! move n); `app.play-again`, `app.resume-game` and `app.play-from-move`, which the History
//! window and its replays use and other programs may send.

use std::rc::Rc;

use crate::engine::game::{Game, Rules};
use crate::i18n::{fill, gettext};
use crate::store::{self, NewGame};

impl super::controller::Controller {
    /// Looks game `id` up in the history off the main thread, then hands it (with its moves) to
    /// `then`; a missing game or an unreadable history is said on the message line.
    fn with_stored_game(
        self: &Rc<Self>,
        id: i64,
        then: impl FnOnce(&Rc<Self>, store::GameRecord, Vec<store::SavedMove>) + 'static,
    ) {
        self.read_history(
            move |store| store.game(id),
            move |this, found| match found {
                Ok(Some((record, moves))) => then(this, record, moves),
                Ok(None) => this.say(&fill(&gettext("There is no game {id} in the history."), &[("id", &id)])),
                Err(error) => this.say(&fill(
                    &gettext("The history can't be read: {error}."),
                    &[("error", &error)],
                )),
            },
        );
    }

    /// `app.play-again(id)`: a fresh game on the puzzle of game `id` of the history.
    pub fn play_again_id(self: &Rc<Self>, id: i64) {
        self.with_stored_game(id, |this, record, _| this.play_again(&record));
    }

    /// `app.resume-game(id)`: puts paused game `id` of the history back on the board as it was
    /// left (the game on the board is kept in the history, paused, if anything was done in it).
    pub fn resume_id(self: &Rc<Self>, id: i64) {
        self.with_stored_game(id, move |this, record, moves| {
            if record.status != store::GameStatus::Paused {
                return this.say(&fill(
                    &gettext("Game {id} is not paused, so it can't be resumed."),
                    &[("id", &id)],
                ));
            }
            this.generation.set(this.generation.get() + 1); // a generation under way is dropped
            if let Some(play) = this.play.borrow().as_ref() {
                this.save_progress(&play.game, this.now_ms());
            }
            let _ = this.resume(record, moves); // (a failure is said on the line)
        });
    }

    /// `app.play-from-move((id, n))`: a new game on the puzzle of game `id` of the history,
    /// taken up at the board its first `n` moves left (its digits, a wrong one too, and its
    /// pencil marks; Reset goes back there), to play on from a point of its replay: before a
    /// mistake, say. With nothing on that board, the puzzle from its start.
    pub fn play_from_move(self: &Rc<Self>, id: i64, moves_kept: u32) {
        self.with_stored_game(id, move |this, record, moves| {
            let Some(new) = record.to_new_game(store::now_unix_ms()) else {
                return;
            };
            let kept: Vec<_> = moves.into_iter().take(moves_kept as usize).map(|m| m.entry).collect();
            let taken = match Game::replay(new.puzzle, new.solution, Rules::default(), &kept) {
                Ok(game) => game.board_to_take(),
                Err(error) => {
                    return this.say(&fill(
                        &gettext("Game {id} can't be replayed: {error}."),
                        &[("id", &id), ("error", &error.to_string())],
                    ))
                }
            };
            // A generation under way is dropped. (A practice's goal was its start's: from a
            // later board it is a game like any.)
            this.generation.set(this.generation.get() + 1);
            this.start(NewGame { practice: None, ..new }, record.level);
            if let Some(take) = taken {
                if let Some(result) = this.with_play(|play| play.act(take)) {
                    this.report(result);
                }
            }
            this.say(&fill(
                &gettext("The {level} puzzle from {time}, played on from its board after move {n}."),
                &[
                    ("level", &super::level_in_sentence(record.level)),
                    ("time", &super::local_time(record.started_at)),
                    ("n", &kept.len()),
                ],
            ));
            this.refresh();
        });
    }

    fn play_again(self: &Rc<Self>, record: &store::GameRecord) {
        let Some(new) = record.to_new_game(store::now_unix_ms()) else {
            return;
        };
        self.generation.set(self.generation.get() + 1); // a generation under way is dropped
        if let (Some(technique), Some(seed)) = (record.practice, record.seed) {
            return self.practise_again(new, technique, seed);
        }
        self.start(new, record.level);
        self.say(&fill(
            &gettext("The {level} puzzle from {time}, once more."),
            &[
                ("level", &super::level_in_sentence(record.level)),
                ("time", &super::local_time(record.started_at)),
            ],
        ));
        self.refresh();
    }
}
