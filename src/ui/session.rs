//! The game's record: opening the store off the main thread, resuming the unfinished game,
//! starting a game in the store, and saving each move and the end of a game through the recorder.

use std::rc::Rc;

use adw::prelude::*;
use gtk::{gio, glib};

use super::controller::{Controller, Unrecorded};
use super::play::Play;
use super::recorder::{self, Recorder};
use crate::engine::game::{Clock, Game, Status};
use crate::engine::logic::{Level, Technique};
use crate::i18n::{fill, gettext};
use crate::store::{self, GameStatus, NewGame, Progress, Store};

impl Controller {
    /// Reads the history off the main thread once everything sent to the recorder is written
    /// (a read just after a move, a game set aside or a hint named would miss it: the recorder
    /// writes on its own thread), then hands `then` what `read` found, or why it could not.
    pub(super) fn read_history<T: Send + 'static>(
        self: &Rc<Self>,
        read: impl FnOnce(&Store) -> store::Result<T> + Send + 'static,
        then: impl FnOnce(&Rc<Self>, Result<T, String>) + 'static,
    ) {
        let written = self.recorder.borrow().as_ref().map(|recorder| recorder.written());
        let path = recorder::database_path();
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            if let Some(written) = written {
                let _ = written.recv().await; // (closed unanswered when history is off)
            }
            let found = gio::spawn_blocking(move || {
                Store::open_for_reading(&path)
                    .and_then(|store| read(&store))
                    .map_err(|error| recorder::store_error_words(&error))
            })
            .await
            .unwrap_or_else(|_| Err(gettext("the history could not be read")));
            if let Some(this) = this.upgrade() {
                then(&this, found);
            }
        });
    }

    /// Opens the database off the main thread, then resumes the unfinished game or starts a new
    /// one. A damaged database is moved aside (and the player told); one that can't be opened
    /// leaves history off and the game goes on.
    pub(super) fn open_history(self: &Rc<Self>) {
        let path = recorder::database_path();
        let handle = gio::spawn_blocking(move || {
            let opened = Store::open_or_recover(&path);
            let (resume, entry) = match &opened {
                Ok((store, _)) => (store.unfinished(), store.puzzle_entry()),
                Err(_) => (Ok(None), Ok(None)),
            };
            // (A puzzle entry that can't be read is reported in the log; the game goes on.)
            let entry = entry
                .unwrap_or_else(|error| {
                    tracing::warn!("history: the puzzle entry kept can't be read: {error}");
                    None
                })
                .filter(|entry| entry.givens() > 0);
            (opened, resume, entry)
        });
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let Ok((opened, resume, entry)) = handle.await else {
                return;
            };
            super::timing::startup("store opened (off the main thread)");
            let Some(mut this) = this.upgrade() else { return };
            match opened {
                Ok((store, aside)) => {
                    this.recorder.replace(Some(Recorder::spawn(store)));
                    this.history.replace("on".into());
                    if let Some(aside) = aside {
                        let body = fill(
                            &gettext("Nonet's history file could not be read, so a new one was started. The damaged file is kept as {file}."),
                            &[("file", &aside.display())],
                        );
                        super::tell(Some(&this.window), &gettext("History Was Damaged"), &body);
                    }
                }
                Err(error) => this.history_off(&recorder::store_error_words(&error)),
            }
            // A file given at start may still be read or checked: its game (or its refusal)
            // comes first, then the history decides.
            if this.games_pending.is_under_way() {
                let pending = this.games_pending.clone();
                let weak = Rc::downgrade(&this);
                drop(this);
                pending.none_left().await;
                let Some(again) = weak.upgrade() else { return };
                this = again;
            }
            // A game already on the board (a file given at start, or a paused game resumed,
            // while the history was still opening) wins over resuming: it is recorded now (or
            // goes on being recorded), and nothing replaces it.
            if this.play.borrow().is_some() {
                if let Some(game) = this.unrecorded.take() {
                    this.record(game);
                }
                if let Some(play) = this.play.borrow().as_ref() {
                    this.save_progress(&play.game, this.now_ms());
                }
                // A puzzle entry left when the app last closed is put aside for it, a toast's
                // Back to It away.
                if let Some(entry) = entry {
                    this.put_kept_entry_aside(entry);
                }
                return;
            }
            // (What is said when the unfinished game can't go on, kept for an entry's welcome.)
            let trouble = match resume {
                Ok(Some((record, moves))) => this.resume(record, moves).err(),
                Ok(None) => {
                    this.new_game();
                    None
                }
                Err(error) => {
                    this.new_game();
                    let said = fill(
                        &gettext("The unfinished game could not be read ({error}); here is a new one."),
                        &[("error", &error)],
                    );
                    this.say(&said);
                    Some(said)
                }
            };
            // The puzzle being typed when the app last closed comes back, the game (resumed, or
            // new once it is generated) waiting behind it.
            if let Some(entry) = entry {
                this.bring_back_entry(entry, trouble);
            }
        });
    }

    /// Tells the recorder of the game now on the board (a new one, started with every move made
    /// so far; a resumed one, going on after the moves it had), or keeps it for when the history
    /// has opened.
    fn record(&self, game: Unrecorded) {
        let recorder = self.recorder.borrow();
        let Some(recorder) = recorder.as_ref() else {
            self.unrecorded.replace(Some(game));
            return;
        };
        self.unrecorded.replace(None);
        match game {
            Unrecorded::Started(new) => {
                recorder.start(*new);
                self.saved_moves.set(0);
            }
            Unrecorded::Resumed(id) => recorder.resume(id),
        }
        self.history_follows_the_game();
    }

    /// Puts a saved unfinished game back on the board exactly as it was; or, when it can't be,
    /// starts a new one and says why (the error: what was said).
    pub(super) fn resume(
        self: &Rc<Self>,
        record: store::GameRecord,
        moves: Vec<store::SavedMove>,
    ) -> Result<(), String> {
        super::timing::startup("the unfinished game goes back on the board");
        self.cancel_rating
            .borrow()
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let give_up = |error: &str| {
            self.new_game();
            let said = fill(
                &gettext("The unfinished game could not be restored ({error}); here is a new one."),
                &[("error", &error)],
            );
            self.say(&said);
            said
        };
        let Some(resumed) = record.to_new_game(record.started_at) else {
            return Err(give_up(&gettext("its puzzle can't be read")));
        };
        let entries: Vec<_> = moves.into_iter().map(|m| m.entry).collect();
        let mut game = Game::replay(resumed.puzzle, resumed.solution, self.settings.rules(), &entries)
            .map_err(|error| give_up(&error.to_string()))?;
        if let Some(technique) = record.practice {
            self.resume_practice(technique, &resumed);
        }
        self.started_game.replace(Some(resumed));
        game.clock = Clock::with_elapsed(record.elapsed_ms);
        game.clock.start(self.now_ms());
        self.stop_animation();
        self.set_entry_aside();
        self.put_on_board(game, record.level);
        self.saved_moves.set(entries.len());
        self.end_saved.set(false);
        self.record(Unrecorded::Resumed(record.id));
        self.say(&match record.practice {
            Some(technique) => fill(
                &gettext("Welcome back: your practice of {technique} is as you left it."),
                &[("technique", &super::names::technique_name(technique))],
            ),
            None => match record.seed.and_then(crate::engine::daily::Day::of_seed) {
                Some(day) => fill(
                    &gettext("Welcome back: the daily puzzle of {day} is as you left it."),
                    &[("day", &super::day_name(day))],
                ),
                None => fill(
                    &gettext("Welcome back: your {level} game is as you left it."),
                    &[("level", &super::level_in_sentence(record.level))],
                ),
            },
        });
        self.refresh();
        Ok(())
    }

    /// Puts a new game on the board. An unfinished game with moves is kept in the history,
    /// paused (the store sets it aside), and the player is told where to find it.
    pub(super) fn start(self: &Rc<Self>, new: NewGame, level: Level) {
        super::timing::startup("a new puzzle goes on the board");
        self.cancel_rating
            .borrow()
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let set_aside = self.with_play(|play| play.is_under_way()).unwrap_or(false);
        if let Some(toast) = self.level_toast.take() {
            super::dismiss_toast(&toast);
        }
        // A game that starts ends any puzzle entry on the board (the givens typed set aside).
        self.set_entry_aside();
        if set_aside && self.recorder.borrow().is_some() {
            let toast = adw::Toast::builder()
                .title(gettext("Your last game is paused in History"))
                .button_label(gettext("History"))
                .action_name("app.history")
                .timeout(6)
                .build();
            super::show_toast(&self.toasts, toast);
        }
        self.stop_animation();
        self.started_game.replace(Some(new.clone()));
        let mut game = Game::new(new.puzzle, new.solution, self.settings.rules());
        game.clock.start(self.now_ms());
        self.saved_moves.set(0);
        self.end_saved.set(false);
        self.record(Unrecorded::Started(Box::new(new)));
        self.paused_by_away.set(false);
        self.put_on_board(game, level);
        if let Some((entry, trouble)) = self.entry_for_the_next_game.take() {
            self.bring_back_entry(entry, trouble);
        }
    }

    /// Makes `game` the one played (a new one, or one resumed): its own play, with the header's
    /// toggles, highlight and colouring back to none; a question still open about the game it
    /// replaces is cancelled, and its Solution Path and All Steps windows close (All Steps would
    /// judge the new position by the old solution, and show its steps unasked).
    fn put_on_board(&self, game: Game, level: Level) {
        super::close_questions(|asked| asked.widget_name() == super::ABOUT_THE_GAME);
        for shown in [self.path_shown.take(), self.all_steps_shown.take()]
            .into_iter()
            .flatten()
        {
            shown.close();
        }
        self.play.replace(Some(Play::new(game, level, self.settings.prefs())));
        for name in ["show-solution", "pause", "pencil"] {
            self.set_action_state(name, false);
        }
        self.show_highlighted_digit(None);
        self.show_colouring(0);
    }

    /// Tells the player, once, that games are not being saved; play goes on.
    pub(super) fn history_off(&self, reason: &str) {
        tracing::warn!("history is off: {reason}");
        self.history.replace(format!("off: {reason}"));
        super::history::history_turned_off(reason);
        let toast = adw::Toast::builder()
            .title(gettext("History is off: games won't be saved"))
            .button_label(gettext("Why?"))
            .timeout(10)
            .build();
        let (window, reason) = (self.window.downgrade(), reason.to_string());
        toast.connect_button_clicked(move |_| {
            let body = fill(
                &gettext("{reason}.\n\nYou can play on; this game and its moves are not being saved."),
                &[("reason", &reason)],
            );
            super::tell(window.upgrade().as_ref(), &gettext("History Is Off"), &body);
        });
        super::show_toast(&self.toasts, toast);
    }

    /// Names the technique of the last hint asked for, in the journal and, once saved, in the
    /// history (the hint is found after its request was journaled, and most often saved).
    pub(super) fn name_last_hint(&self, game: &mut Game, technique: Technique) {
        let Some(index) = game.name_last_hint(technique) else {
            return;
        };
        if index < self.saved_moves.get() {
            if let Some(recorder) = self.recorder.borrow().as_ref() {
                recorder.name_move(index as u32, technique);
            }
        }
    }

    /// Sends the moves not yet saved, and the end of the game once, to the recorder.
    pub(super) fn save_progress(&self, game: &Game, now: u64) {
        let held = self.recorder.borrow();
        let Some(recorder) = held.as_ref() else { return };
        let progress = Progress {
            elapsed_ms: game.clock.elapsed_ms(now),
            mistakes: game.mistakes(),
            hints: game.hints_used(),
        };
        let journal = game.journal();
        let saved = self.saved_moves.get().min(journal.len());
        if journal.len() > saved {
            let moves = journal[saved..]
                .iter()
                .map(|m| (progress.elapsed_ms, m.clone()))
                .collect();
            recorder.moves(saved as u32, moves, progress);
            self.saved_moves.set(journal.len());
        }
        if game.status() != Status::Playing && !self.end_saved.replace(true) {
            let status = match game.status() {
                Status::SolvedByComputer => GameStatus::SolvedByComputer,
                Status::Lost => GameStatus::Lost,
                _ if game.helped() => GameStatus::SolvedWithHelp,
                _ => GameStatus::Solved,
            };
            recorder.finish(status, progress);
            self.history_follows_the_game();
        }
        let failure = recorder.take_failure();
        drop(held);
        if let Some(failure) = failure {
            self.history_off(&failure);
            // Its worker has stopped, so nothing more is saved: without a recorder nothing says
            // it is (a game set aside "paused in History", a deletion, an export). (Let go, not
            // joined: its thread may still be closing the database.)
            self.recorder.take();
        }
    }
}
