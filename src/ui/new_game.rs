//! New games the app makes itself: a puzzle generated at the chosen level (New Game) and the
//! daily puzzle of a day, and the work off the main thread every new game goes through
//! (`search`, `off_main`: a newer request drops an older one, and a search tells how far it got
//! on the message line).

use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use gtk::{gio, glib};

use crate::engine::game::{format_duration, Status};
use crate::engine::generator::{self, Options};
use crate::engine::logic::Level;
use crate::i18n::{fill, gettext, ngettext, number};
use crate::store::{self, NewGame};

impl super::controller::Controller {
    /// Starts a new puzzle at the chosen level, generated off the main thread.
    pub fn new_game(self: &Rc<Self>) {
        let level = self.level.get();
        let options = Options {
            seed: generator::random_seed(),
            difficulty: Some(level),
            ..Options::default()
        };
        let greeting = fill(
            &gettext("A new {level} puzzle. Good luck!"),
            &[("level", &super::level_in_sentence(level))],
        );
        self.generate_game(options, level, greeting);
    }

    /// Starts today's daily puzzle (the same on every machine; harder through the week).
    pub fn daily_puzzle(self: &Rc<Self>) {
        if let Some(today) = super::today() {
            self.daily_puzzle_of(today);
        }
    }

    /// `app.daily-puzzle-of(s)`: the daily puzzle of a day written as `2026-12-05`; a text that
    /// is no such day is said on the message line.
    pub fn daily_puzzle_named(self: &Rc<Self>, text: &str) {
        match crate::engine::daily::Day::parse(text) {
            Some(day) => self.daily_puzzle_of(day),
            None => self.say(&fill(
                &gettext("“{text}” is not a day: write it as year, month and day, 2026-12-05."),
                &[("text", &text)],
            )),
        }
    }

    /// Starts the daily puzzle of `day` (today's or a day before; a day to come is not out yet),
    /// generated off the main thread. Already on the board, it stays there; left paused in the
    /// history, it is taken up again; solved already, it starts afresh, and the player is told
    /// (the history is read off the main thread).
    pub fn daily_puzzle_of(self: &Rc<Self>, day: crate::engine::daily::Day) {
        let Some(today) = super::today() else { return };
        let day_name = super::day_name(day);
        let named: [(&str, &dyn std::fmt::Display); 1] = [("day", &day_name)];
        if day > today {
            return self.say(&fill(&gettext("The puzzle of {day} is not out yet."), &named));
        }
        let playing = self.with_play(|play| play.game.status() == Status::Playing);
        if playing == Some(true) && self.daily_day() == Some(day) {
            return self.say(&match day == today {
                true => gettext("Today's puzzle is on the board."),
                false => fill(&gettext("The puzzle of {day} is on the board."), &named),
            });
        }
        self.read_history(
            move |store| store.games_of_seed(day.seed()),
            move |this, played| {
                let played = played.unwrap_or_default();
                if let Some(paused) = played.iter().find(|g| g.status == store::GameStatus::Paused) {
                    return this.resume_id(paused.id);
                }
                let solved = played
                    .iter()
                    .find(|g| matches!(g.status, store::GameStatus::Solved | store::GameStatus::SolvedWithHelp));
                let greeting = match solved {
                    Some(solved) if day == today => fill(
                        &gettext("You solved today's puzzle already, in {time}. Here it is again."),
                        &[("time", &format_duration(solved.elapsed_ms))],
                    ),
                    Some(solved) => fill(
                        &gettext("You solved the puzzle of {day} already, in {time}. Here it is again."),
                        &[
                            ("day", &super::day_name(day)),
                            ("time", &format_duration(solved.elapsed_ms)),
                        ],
                    ),
                    None => fill(
                        &gettext("The daily puzzle of {day}: {level}, as every {weekday}. Good luck!"),
                        &[
                            ("day", &super::day_name(day)),
                            ("level", &super::level_in_sentence(day.level())),
                            ("weekday", &super::weekday_name(day)),
                        ],
                    ),
                };
                this.generate_game(day.options(), day.level(), greeting);
            },
        );
    }

    /// Generates a puzzle off the main thread (saying how the search goes) and starts it,
    /// greeting the player with `greeting`.
    fn generate_game(self: &Rc<Self>, options: Options, level: Level, greeting: String) {
        self.stop_animation();
        self.say(&gettext("Generating a puzzle…"));
        let work = move |cancel: &AtomicBool, progress: &mut dyn FnMut(u64)| {
            generator::generate_cancellable(options, cancel, progress)
        };
        let told = move |n: u64| {
            fill(
                &ngettext(
                    "Generating a {level} puzzle… {n} candidate tried",
                    "Generating a {level} puzzle… {n} candidates tried",
                    n.min(1_000_000) as u32,
                ),
                &[("level", &super::level_in_sentence(level)), ("n", &number(n))],
            )
        };
        self.search(work, told, move |this, result| match result {
            Some(Ok(generated)) => {
                let new = NewGame {
                    puzzle: generated.puzzle,
                    solution: generated.solution,
                    level,
                    score: generated.rating.as_ref().map(|r| r.score),
                    source: store::Source::Generated,
                    seed: Some(generated.seed),
                    practice: None,
                    file: None,
                    started_at: store::now_unix_ms(),
                };
                this.start(new, level);
                // (A puzzle entry brought back over it at start says so instead.)
                if this.entry.borrow().is_none() {
                    this.say(&greeting);
                }
            }
            Some(Err(generator::GenerateError::Cancelled)) => {}
            None => this.say(&gettext("Generating the puzzle failed.")),
        });
    }

    /// The day whose daily puzzle is on the board, if it is one.
    pub(super) fn daily_day(&self) -> Option<crate::engine::daily::Day> {
        let seed = self.started_game.borrow().as_ref()?.seed?;
        crate::engine::daily::Day::of_seed(seed)
    }

    /// Runs a search for the next game off the main thread, as [`Self::off_main`] does: `work`
    /// is given a flag to give up on (set when another game is asked for) and a counter to tell
    /// how far it got, which the message line shows every quarter second as `told` writes it.
    pub(super) fn search<T: Send + 'static>(
        self: &Rc<Self>,
        work: impl FnOnce(&AtomicBool, &mut dyn FnMut(u64)) -> T + Send + 'static,
        told: impl Fn(u64) -> String + 'static,
        done: impl FnOnce(&Rc<Self>, Option<T>) + 'static,
    ) {
        // A new request stops the search before it (a Master search can take a while).
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel_search
            .replace(cancel.clone())
            .store(true, Ordering::Relaxed);
        let tried = Arc::new(AtomicU64::new(0));
        let counter = tried.clone();
        let work = move || {
            let result = work(&cancel, &mut |n| counter.store(n, Ordering::Relaxed));
            counter.store(u64::MAX, Ordering::Relaxed);
            result
        };
        let request = self.generation.get() + 1;
        let this = Rc::downgrade(self);
        glib::timeout_add_local(Duration::from_millis(250), move || {
            let Some(this) = this.upgrade() else {
                return glib::ControlFlow::Break;
            };
            let n = tried.load(Ordering::Relaxed);
            if this.generation.get() != request || n == u64::MAX {
                return glib::ControlFlow::Break;
            }
            if n > 0 {
                this.say(&told(n));
            }
            glib::ControlFlow::Continue
        });
        self.off_main(work, done);
    }

    /// Runs `work` off the main thread for the next game, then `done` with its result (`None` if
    /// the work panicked) and a refresh — unless another game was asked for in the meantime.
    pub(super) fn off_main<T: Send + 'static>(
        self: &Rc<Self>,
        work: impl FnOnce() -> T + Send + 'static,
        done: impl FnOnce(&Rc<Self>, Option<T>) + 'static,
    ) {
        let request = self.generation.get() + 1;
        self.generation.set(request);
        let pending = self.games_pending.begin();
        let handle = gio::spawn_blocking(work);
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let result = handle.await.ok();
            let Some(this) = this.upgrade() else { return };
            if this.generation.get() == request {
                done(&this, result);
                this.refresh();
            }
            drop(pending);
        });
    }
}
