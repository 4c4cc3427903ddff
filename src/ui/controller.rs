//! The main window's controller: holds the play state and runs the commands of the app actions
//! (hint, undo, pause…) on the main window (`window.rs`, a template). The other concerns of the
//! same controller live beside it: `refresh.rs` (the window redrawn from the play state),
//! `input.rs` (clicks and keys), `session.rs` (the store, resume, recording), `new_game.rs`
//! (generated and daily games), `well_done.rs` (a game solved),
//! `import.rs` (outside puzzles), `history_games.rs` (games of the history taken up again),
//! `animation.rs` (Solve), `strict.rs` (strikes and game over), `lab_host.rs` (what the Scripting
//! Lab may ask) and `probe.rs` (the state file for tests).

use std::cell::{Cell as StdCell, RefCell};
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use adw::prelude::*;
use gtk::{gio, glib};

use super::board::Layout;
use super::pending::PendingGames;
use super::picker::Picker;
use super::play::{HintProgress, Play, BIVALUE};
use super::recorder::{self, Recorder};
use super::settings::Settings;
use super::step_list::Listing;
use super::timing::Timing;
use crate::engine::game::{Action, Outcome, Refusal, Status};
use crate::engine::grid::{Digit, Position};
use crate::engine::logic::{self, Level};
use crate::i18n::{count, fill, gettext};
use crate::store::NewGame;

/// A game put on the board before the history opened.
pub(super) enum Unrecorded {
    /// A new game, to be started in the history.
    Started(Box<NewGame>),
    /// A paused game of the history (by id), resumed: the history goes on recording it.
    Resumed(i64),
}

/// How long the window may be in the background before the clock stops (with the option on).
const AWAY_GRACE: Duration = Duration::from_secs(60);

/// How long Nonet may be away before the clock stops: a minute (`NONET_AWAY_GRACE_MS` overrides
/// it, for tests).
fn away_grace() -> Duration {
    std::env::var("NONET_AWAY_GRACE_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(AWAY_GRACE, Duration::from_millis)
}

/// Whether any of Nonet's windows (the main window, History, a replay, a dialog) has the focus:
/// "away" means the whole app lost it.
pub(super) fn app_active() -> bool {
    gtk::Window::list_toplevels()
        .iter()
        .filter_map(|w| w.downcast_ref::<gtk::Window>())
        .any(|w| w.is_active())
}

pub struct Controller {
    pub window: super::window::Window,
    pub(super) area: gtk::DrawingArea,
    /// The board (start) and the Scripting Lab's panel (end, once opened).
    pub(super) split: gtk::Paned,
    pub(super) title: super::game_title::GameTitle,
    pub(super) mistakes: gtk::Label,
    pub(super) hints: gtk::Label,
    pub(super) message: gtk::Label,
    /// The message whole, its paragraphs apart: the line shows it in one paragraph (each would
    /// take two lines of its own), opened it shows this.
    pub(super) message_text: RefCell<String>,
    /// The technique the message tells of (a hint's), whose name links to its help section.
    pub(super) message_technique: StdCell<Option<logic::Technique>>,
    /// Holds the message line, and lets an opened message scroll (`message`).
    pub(super) message_scroller: gtk::ScrolledWindow,
    /// Shown over the board while the game is paused.
    pub(super) pause_page: adw::StatusPage,
    pub(super) toasts: adw::ToastOverlay,
    pub(super) play: RefCell<Option<Play>>,
    pub settings: Rc<Settings>,
    pub(super) level: StdCell<Level>,
    pub(super) origin: Instant,
    /// Counts requested games, so a late result of an older request is dropped.
    pub(super) generation: StdCell<u64>,
    /// The requests for a game under way: the history, once open, waits for them before it
    /// resumes or starts a game.
    pub(super) games_pending: Rc<PendingGames>,
    /// Set to stop the puzzle search that is running (a new request replaces it).
    pub(super) cancel_search: RefCell<Arc<AtomicBool>>,
    /// Set to stop rating the puzzle on the board (when another game starts or is resumed).
    pub(super) cancel_rating: RefCell<Arc<AtomicBool>>,
    pub(super) animation: RefCell<Option<glib::SourceId>>,
    pub(super) picker: RefCell<Option<Picker>>,
    /// The timeout that pauses the clock after the window has been away for a while.
    pub(super) away: RefCell<Option<glib::SourceId>>,
    /// Whether the current pause was made by being away (and ends when the player is back).
    pub(super) paused_by_away: StdCell<bool>,
    /// Whether a hint is being looked for off the main thread (Hint again waits for it).
    pub(super) hint_searching: StdCell<bool>,
    pub timing: RefCell<Timing>,
    /// Saves every move; `None` when history is off.
    pub(super) recorder: RefCell<Option<Recorder>>,
    /// How many journal entries of the current game have been sent to the recorder.
    pub(super) saved_moves: StdCell<usize>,
    /// The clock as last sent to the recorder between moves ([`Controller::save_clock`]).
    clock_saved_ms: StdCell<u64>,
    /// The game on the board when it was put there before the history opened: recorded once
    /// it does.
    pub(super) unrecorded: RefCell<Option<Unrecorded>>,
    /// The game on the board as it started (for Try Again).
    pub(super) started_game: RefCell<Option<NewGame>>,
    /// The selected cell as the board last described it to screen readers.
    pub(super) described: RefCell<String>,
    /// Whether the end of the current game has been recorded.
    pub(super) end_saved: StdCell<bool>,
    /// "on", or why history is off (shown once in a toast, and in the state file).
    pub(super) history: RefCell<String>,
    /// The Scripting Lab, once opened.
    pub(super) lab: RefCell<Option<Rc<super::lab::Lab>>>,
    /// The window's width before it grew for the Lab's panel, and the width it grew to: closing
    /// the panel gives the room back unless the window has been resized since.
    pub(super) lab_grew: StdCell<Option<(i32, i32)>>,
    /// Why the last puzzle offered was refused (the dialog's text; for the state file of tests).
    pub(super) last_refusal: RefCell<String>,
    /// The puzzles last handed to a print dialog (for the state file of tests).
    pub(super) last_booklet: RefCell<Option<crate::print::Booklet>>,
    /// The printer, paper and folder chosen in the last print dialog, offered again in the next.
    pub(super) print_choices: super::print_choices::PrintChoices,
    /// The colour last taken up for colouring (C takes it up again).
    pub(super) last_colour: StdCell<u8>,
    /// The digit pad under the board.
    pub(super) digit_pad: RefCell<Option<super::digit_pad::DigitPad>>,
    /// The toast offering a new puzzle at a newly chosen level (dismissed when a game starts).
    pub(super) level_toast: RefCell<Option<adw::Toast>>,
    /// A puzzle being entered on the board (Enter Your Own Puzzle), the game waiting behind it.
    pub(super) entry: RefCell<Option<crate::engine::puzzle_entry::PuzzleEntry>>,
    /// The puzzle entry as the store last kept it (so a change is sent once, and a restart finds
    /// the givens typed).
    pub(super) entry_kept: RefCell<Option<crate::engine::puzzle_entry::PuzzleEntry>>,
    /// A puzzle entry brought back at start with no game yet to wait behind it: it goes on the
    /// board over the first game that starts, its welcome after what was said of the unfinished
    /// game if it could not go on (a note that would otherwise be lost under it).
    pub(super) entry_for_the_next_game: RefCell<Option<(crate::engine::puzzle_entry::PuzzleEntry, Option<String>)>>,
    /// The entry last put aside, while its toast offers it back (the store keeps it till then).
    pub(super) entry_aside: RefCell<Option<crate::engine::puzzle_entry::PuzzleEntry>>,
    /// How many times an entry was put aside: tells the toast of the entry aside now from an
    /// older one (whose entry may be the same).
    pub(super) entry_aside_count: StdCell<u64>,
    /// The Solution Path window last opened.
    pub(super) path_shown: RefCell<Option<super::step_list::StepsShown>>,
    /// The All Steps window last opened.
    pub(super) all_steps_shown: RefCell<Option<super::step_list::StepsShown>>,
    /// The technique last practised: the practice chooser offers it first.
    pub(super) last_practised: StdCell<Option<crate::engine::logic::Technique>>,
}

impl Controller {
    pub fn build(app: &adw::Application, settings: Rc<Settings>) -> Rc<Controller> {
        let window = super::window::Window::new(app);
        let parts = window.parts();
        let (area, split, title, mistakes, hints, message, toasts) = (
            parts.board.get(),
            parts.split.get(),
            parts.title.get(),
            parts.mistakes.get(),
            parts.hints.get(),
            parts.message.get(),
            parts.toasts.get(),
        );
        let (pause_page, message_scroller) = (parts.pause_page.get(), parts.message_scroller.get());
        window.set_default_size(
            settings.int("window-width").max(360),
            settings.int("window-height").max(420),
        );
        if settings.boolean("window-maximized") {
            window.maximize();
        }
        let controller = Rc::new(Controller {
            window,
            area,
            split,
            title,
            mistakes,
            hints,
            message,
            message_text: RefCell::default(),
            message_technique: StdCell::new(None),
            message_scroller,
            pause_page,
            toasts,
            play: RefCell::new(None),
            level: StdCell::new(settings.level()),
            settings,
            origin: Instant::now(),
            generation: StdCell::new(0),
            games_pending: Rc::default(),
            cancel_search: RefCell::new(Arc::new(AtomicBool::new(false))),
            cancel_rating: RefCell::new(Arc::new(AtomicBool::new(false))),
            animation: RefCell::new(None),
            picker: RefCell::new(None),
            away: RefCell::new(None),
            paused_by_away: StdCell::new(false),
            hint_searching: StdCell::new(false),
            timing: RefCell::new(Timing::default()),
            recorder: RefCell::new(None),
            saved_moves: StdCell::new(0),
            clock_saved_ms: StdCell::new(0),
            unrecorded: RefCell::new(None),
            started_game: RefCell::new(None),
            described: RefCell::new(String::new()),
            end_saved: StdCell::new(false),
            history: RefCell::new("opening".into()),
            lab: RefCell::new(None),
            lab_grew: StdCell::new(None),
            level_toast: RefCell::new(None),
            last_colour: StdCell::new(1),
            entry: RefCell::new(None),
            entry_kept: RefCell::new(None),
            entry_for_the_next_game: RefCell::new(None),
            entry_aside: RefCell::new(None),
            entry_aside_count: StdCell::new(0),
            path_shown: RefCell::new(None),
            all_steps_shown: RefCell::new(None),
            last_practised: StdCell::new(None),
            digit_pad: RefCell::new(None),
            last_refusal: RefCell::new(String::new()),
            last_booklet: RefCell::new(None),
            print_choices: Default::default(),
        });
        controller.reserve_message_lines();
        controller.connect_message();
        controller.connect_board();
        controller.connect_picker();
        controller.connect_digit_pad();
        controller.connect_drop();
        controller.connect_settings();
        controller.connect_window_state();
        controller.start_clock();
        controller.open_history();
        controller
    }

    /// Applies changed settings to the game on the board and to the look.
    pub(super) fn connect_settings(self: &Rc<Self>) {
        adw::StyleManager::default().set_color_scheme(self.settings.color_scheme());
        let this = Rc::downgrade(self);
        self.settings.connect_changed(move |key| {
            let Some(this) = this.upgrade() else { return };
            match key {
                "color-scheme" => adw::StyleManager::default().set_color_scheme(this.settings.color_scheme()),
                "pause-when-away" => this.away_changed(),
                _ => {}
            }
            let (prefs, rules) = (this.settings.prefs(), this.settings.rules());
            this.with_play(|play| {
                play.prefs = prefs;
                play.game.rules = rules;
            });
            if let Some(pad) = this.digit_pad.borrow().as_ref() {
                pad.set_digit_first(prefs.digit_first);
            }
            this.refresh();
        });
    }

    /// Remembers the window size, and stops the clock when the window is away for a while.
    pub(super) fn connect_window_state(self: &Rc<Self>) {
        // Turning narrow or wide moves the clock and counters: show them at once.
        let this = Rc::downgrade(self);
        self.window.parts().narrow_status.connect_visible_notify(move |_| {
            if let Some(this) = this.upgrade() {
                this.refresh();
            }
        });
        let settings = self.settings.clone();
        let this = Rc::downgrade(self);
        self.window.connect_close_request(move |window| {
            // A script the Lab can't keep: the window asks first, and stays meanwhile.
            if this.upgrade().is_some_and(|this| !this.may_close_with_lab()) {
                return glib::Propagation::Stop;
            }
            // (Said in the log, as the app ends with its main window: a test that sees the app
            // end can tell a closed window from a crash.)
            tracing::info!("the main window closes");
            if let Some(this) = this.upgrade() {
                let now = this.now_ms();
                let elapsed = this.with_play(|play| play.game.clock.elapsed_ms(now));
                if let Some(recorder) = this.recorder.take() {
                    if let Some(elapsed) = elapsed {
                        recorder.elapsed(elapsed);
                    }
                    recorder.close();
                }
            }
            // The window is remembered without the Lab's panel (it opens closed; its run was
            // stopped and its script written above).
            let lab_width = this.upgrade().and_then(|this| {
                this.save_lab_width();
                this.lab_width()
            });
            let (width, height) = window.default_size();
            let width = width - lab_width.unwrap_or(0);
            settings.set_boolean("window-maximized", window.is_maximized());
            // (A fullscreen window's size is the screen's.)
            if !window.is_maximized() && !window.is_fullscreen() {
                settings.set_int("window-width", width);
                settings.set_int("window-height", height);
            }
            glib::Propagation::Proceed
        });
        // Fullscreen however it came (F11, the header's button, the window manager): the
        // action's state follows.
        let this = Rc::downgrade(self);
        self.window.connect_fullscreened_notify(move |window| {
            if let Some(this) = this.upgrade() {
                this.set_action_state("fullscreen", window.is_fullscreen());
                this.refresh();
            }
        });
        let this = Rc::downgrade(self);
        self.window.connect_is_active_notify(move |_| {
            if let Some(this) = this.upgrade() {
                this.away_changed();
            }
        });
    }

    /// Fills the screen with the window, or gives it back its size.
    pub(super) fn set_fullscreen(&self, on: bool) {
        self.window.set_fullscreened(on);
    }

    /// Called when the window gains or loses the focus (or the option changes).
    pub(super) fn away_changed(self: &Rc<Self>) {
        if let Some(source) = self.away.take() {
            source.remove();
        }
        if self.window.is_active() || app_active() {
            if self.paused_by_away.replace(false) {
                self.set_paused(false);
                self.say(&gettext("Welcome back. The clock runs again."));
            }
            return;
        }
        if !self.settings.boolean("pause-when-away") {
            return;
        }
        let this = Rc::downgrade(self);
        let source = glib::timeout_add_local_once(away_grace(), move || {
            let Some(this) = this.upgrade() else { return };
            this.away.replace(None);
            let playing = this
                .with_play(|p| !p.paused && p.game.status() == Status::Playing)
                .unwrap_or(false);
            if playing && !app_active() {
                this.paused_by_away.set(true);
                this.set_paused(true);
                this.say(&gettext("The clock stopped while you were away."));
            }
        });
        self.away.replace(Some(source));
    }

    pub(super) fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    pub fn level(&self) -> Level {
        self.level.get()
    }

    /// Chooses the level of new puzzles. A game with nothing done in it (or finished) is replaced
    /// at once, since nothing is lost; a game under way stays, and a toast offers the new puzzle.
    pub fn set_level(self: &Rc<Self>, level: Level) {
        self.level.set(level);
        self.settings.set_string("difficulty", level.id());
        if !self.with_play(|play| play.is_under_way()).unwrap_or(false) {
            return self.new_game();
        }
        let toast = adw::Toast::builder()
            .title(fill(
                &gettext("New puzzles will be {level}"),
                &[("level", &super::level_name(level))],
            ))
            .button_label(gettext("New Puzzle"))
            .action_name("app.new-game")
            .timeout(5)
            .build();
        if let Some(old) = self.level_toast.replace(Some(toast.clone())) {
            super::dismiss_toast(&old);
        }
        super::show_toast(&self.toasts, toast);
    }

    /// Opens the user help, at its start or at `page`, over the window in front.
    pub fn show_help(&self, page: Option<&str>) {
        let parent = self.window.application().and_then(|app| app.active_window());
        let parent = parent.unwrap_or_else(|| self.window.clone().upcast());
        super::help::show(&parent, page, &self.toasts);
    }

    /// Opens the History window, where the game on the board is listed with its time so far:
    /// the clock is saved first (between moves it is saved only every
    /// [`CLOCK_SAVED_EVERY_MS`]), and the window opens once that is written.
    pub fn show_history(self: &Rc<Self>) {
        let written = self.recorder.borrow().as_ref().map(|recorder| {
            self.save_clock_now();
            recorder.written()
        });
        let window = self.window.clone();
        let off = self.history.borrow().strip_prefix("off: ").map(String::from);
        glib::spawn_future_local(async move {
            if let Some(written) = written {
                let _ = written.recv().await; // (closed unanswered when history is off)
            }
            super::history::show(&window, recorder::database_path(), off.as_deref());
        });
    }

    /// Goes back to where the game began (undoable): the givens, or the position the puzzle
    /// came with. A practice whose step was done asks for it again there.
    pub fn reset(self: &Rc<Self>) {
        let result = self.with_play(|play| (play.act(Action::Reset), play.game.began_with_position()));
        if let Some((result, with_position)) = result {
            // Reported first: a move clears the message line, which then says what happened.
            self.report(result);
            if result.map(|o| o.changed).unwrap_or(false) {
                let again = self
                    .with_play(|play| {
                        if play.practice.is_none() {
                            play.practice = play.practice_done.take();
                        }
                        play.practice.as_ref().map(|goal| goal.technique)
                    })
                    .flatten();
                self.say(&match again {
                    Some(technique) => fill(
                        &gettext("The board is back to the position: find the {technique} again (Undo brings your work back)."),
                        &[("technique", &super::names::technique_name(technique))],
                    ),
                    None if with_position => {
                        gettext("The board is back to the position it came with (Undo brings your work back).")
                    }
                    None => gettext("The board is back to the givens (Undo brings your work back)."),
                });
                self.refresh();
            }
        }
    }

    pub(super) fn with_play<R>(&self, f: impl FnOnce(&mut Play) -> R) -> Option<R> {
        self.play.borrow_mut().as_mut().map(f)
    }

    /// Shows a message under the board (at most two lines; the whole text in its tooltip, and
    /// opened in place on a click).
    pub(super) fn say(&self, text: &str) {
        self.say_about(text, None);
    }

    /// Says `text`, which tells of `technique` (a hint's): its name in the text links to the
    /// technique's section of the help.
    pub(super) fn say_about(&self, text: &str, technique: Option<logic::Technique>) {
        self.close_message();
        self.message_text.replace(text.to_string());
        self.message_technique.set(technique);
        self.show_message_text(&crate::engine::logic::explanation::in_one_line(text));
        self.message.set_has_tooltip(!text.is_empty());
    }

    /// The message line takes two lines of height (unless opened), so the board's size never
    /// depends on what it says. (The smallest first: opened, both were larger.)
    pub(super) fn reserve_message_lines(&self) {
        let two_lines = 2 * self.message_line_height();
        self.message.set_size_request(-1, two_lines);
        self.message_scroller.set_min_content_height(two_lines);
        self.message_scroller.set_max_content_height(two_lines);
    }

    /// Where the board sits in an area of this size (with room for coordinates if shown).
    pub(super) fn layout_for(&self, width: f64, height: f64) -> Layout {
        let coordinates = self.play.borrow().as_ref().is_some_and(|play| play.prefs.coordinates);
        Layout::fit_with(width, height, coordinates)
    }

    /// The board's left, top and cell size in the window surface's pixels (for GUI tests).
    #[allow(deprecated)] // translate_coordinates is the GTK 4.8 way.
    pub(super) fn board_on_surface(&self) -> Option<[f64; 3]> {
        let layout = self.layout_for(self.area.width() as f64, self.area.height() as f64);
        let (x, y) = self.area.translate_coordinates(&self.window, layout.left, layout.top)?;
        let (dx, dy) = self.window.surface_transform();
        Some([x + dx, y + dy, layout.cell])
    }

    /// Reports what an action did: a mistake, a refusal, or the end of the game.
    pub(super) fn report(self: &Rc<Self>, result: Result<Outcome, Refusal>) {
        match result {
            Ok(outcome) if outcome.solved => self.finished(),
            Ok(outcome) if outcome.struck => self.struck(outcome.lost),
            // Told only to a player who asked to be (Mark Wrong Digits).
            Ok(outcome) if outcome.mistake => {
                let told = self.with_play(|play| play.prefs.mark_wrong).unwrap_or(false);
                self.say(&if told {
                    gettext("That digit is not right.")
                } else {
                    String::new()
                });
            }
            // A message belongs to its moment: the next move clears it.
            Ok(outcome) if outcome.changed => self.say(""),
            Ok(_) => {}
            Err(Refusal::GivenCell) => self.say(&gettext("Givens can't be changed.")),
            Err(Refusal::SolutionShown) => self.say(&gettext("Hide the solution (or stop the solver) to play on.")),
            Err(Refusal::Paused) => self.say(&gettext("The game is paused.")),
            Err(Refusal::Finished) => self.say(&gettext("This game is over. Start a new puzzle from the menu.")),
            // (Back to Checkpoint is dimmed with none set.)
            Err(Refusal::OutOfRange | Refusal::NoCheckpoint) => {}
        }
        self.refresh();
    }

    pub fn hint(self: &Rc<Self>) {
        // A second press while the first is still being found would start a second search and
        // skip a stage of the hint it finds.
        if self.hint_searching.get() {
            self.say(&gettext("Looking for a hint…"));
            return;
        }
        match self.with_play(|play| play.advance_hint()) {
            Some(HintProgress::Said(message)) => self.say(&message),
            Some(HintProgress::Told(message, technique)) => self.say_about(&message, Some(technique)),
            Some(HintProgress::Find(request)) => {
                let (position, solution, uniqueness) = *request;
                // Hard positions can take a moment (forcing nets): find it off the main thread.
                self.say(&gettext("Looking for a hint…"));
                let asked = position.clone();
                let handle = gio::spawn_blocking(move || logic::hint::hint_using(&position, &solution, uniqueness));
                self.hint_searching.set(true);
                let this = Rc::downgrade(self);
                glib::spawn_future_local(async move {
                    let found = handle.await;
                    let Some(this) = this.upgrade() else { return };
                    this.hint_searching.set(false);
                    let Ok(hint) = found else { return };
                    // (A puzzle entered on the board meanwhile: the game waits, unhinted.)
                    if this.entry.borrow().is_some() {
                        return;
                    }
                    let message = this.with_play(|play| {
                        if play.game.position() == asked && play.hint.is_none() {
                            let message = play.receive_hint(hint);
                            (message, play.hint.as_ref().map(|shown| shown.step.technique))
                        } else {
                            (gettext("The grid changed while the hint was found; ask again."), None)
                        }
                    });
                    if let Some((message, technique)) = message {
                        // The replay names the hint by its step's technique.
                        if let Some(technique) = technique {
                            this.with_play(|play| this.name_last_hint(&mut play.game, technique));
                        }
                        this.say_about(&message, technique);
                    }
                    this.refresh();
                });
            }
            None => {}
        }
        let solved = self
            .with_play(|play| play.game.status() == Status::Solved)
            .unwrap_or(false);
        self.refresh();
        if solved {
            self.finished();
        }
    }

    pub fn undo(self: &Rc<Self>) {
        // Ctrl+Z while typing a script undoes the typing, not a move of the game.
        if self.lab_editor_has_focus() {
            return self.lab().undo_edit(true);
        }
        let done = self.with_play(|play| {
            play.drop_hint();
            play.game.undo()
        });
        if done == Some(true) {
            self.say("");
        }
        self.refresh();
    }

    pub fn redo(self: &Rc<Self>) {
        if self.lab_editor_has_focus() {
            return self.lab().undo_edit(false);
        }
        let done = self.with_play(|play| {
            play.drop_hint();
            play.game.redo()
        });
        if done == Some(true) {
            self.say("");
        }
        self.refresh();
    }

    pub fn fill_candidates(self: &Rc<Self>) {
        let result = self.with_play(|play| play.act(crate::engine::game::Action::FillCandidates));
        if let Some(result) = result {
            self.report(result);
        }
    }

    /// Clear Pencil Marks: every mark off the board in one undoable move, which the message line
    /// says (a screen reader hears it).
    pub fn clear_marks(self: &Rc<Self>) {
        self.act_saying(
            Action::ClearMarks,
            &gettext("Every pencil mark is cleared (Undo brings them back)."),
        );
    }

    /// Applies `action` to the game and reports it; once it changed the board, the message line
    /// says `done` (reported first: a move clears the line). Nothing changed is nothing to say:
    /// such commands are dimmed where they would do nothing.
    fn act_saying(self: &Rc<Self>, action: Action, done: &str) {
        let Some(result) = self.with_play(|play| play.act(action)) else {
            return;
        };
        self.report(result);
        if result.is_ok_and(|outcome| outcome.changed) {
            self.say(done);
            self.refresh();
        }
    }

    /// Set Checkpoint: the board as it is now is where Back to Checkpoint returns (a guess to
    /// try, or a line of reasoning to follow, from here).
    pub fn set_checkpoint(self: &Rc<Self>) {
        let result = self.with_play(|play| play.set_checkpoint());
        match result {
            Some(Ok(())) => {
                self.say(&gettext(
                    "Checkpoint set: Back to Checkpoint brings the board back to this position.",
                ));
                self.refresh();
            }
            Some(Err(refusal)) => self.report(Err(refusal)),
            None => {}
        }
    }

    /// Back to Checkpoint: the board as it was when the checkpoint was set, in one undoable step.
    pub fn back_to_checkpoint(self: &Rc<Self>) {
        self.act_saying(
            Action::BackToCheckpoint,
            &gettext("The board is back at the checkpoint (Undo brings your work back)."),
        );
    }

    /// Undo to Last Correct Board: the moves since the board last had no wrong digit undone, one
    /// by one (Redo brings them back), and the message line says how many.
    pub fn undo_to_last_correct(self: &Rc<Self>) {
        let Some(result) = self.with_play(|play| play.undo_to_last_correct()) else {
            return;
        };
        match result {
            Err(refusal) => return self.report(Err(refusal)),
            Ok(Some(0)) => self.say(&gettext("Every digit on the board is right: there is nothing to undo.")),
            Ok(Some(n)) => self.say(&count(
                u32::try_from(n).unwrap_or(u32::MAX),
                "Back to the last correct board: {n} move undone (Redo brings it back).",
                "Back to the last correct board: {n} moves undone (Redo brings them back).",
            )),
            Ok(None) => self.say(&gettext(
                "Undo can't reach a board without a wrong digit: it came with the position the puzzle was played from.",
            )),
        }
        self.refresh();
    }

    /// The P key: through the `pencil` action, as the header's button, so it does nothing while
    /// the action is dimmed (as when the game is over).
    pub fn toggle_pencil(&self) {
        if let Some(app) = self.window.application() {
            app.activate_action("pencil", None);
        }
    }

    /// Pencil mode on or off, from a key, the header button or the menu: the game and the
    /// `pencil` action's state (which the button shows) always agree.
    pub fn set_pencil(&self, on: bool) -> bool {
        let on = self.with_play(|play| {
            play.pencil = on;
            play.pencil
        });
        self.set_action_state("pencil", on == Some(true));
        self.say(&if on == Some(true) {
            gettext("Pencil mode: digits toggle pencil marks.")
        } else {
            gettext("Pencil mode off.")
        });
        self.refresh();
        on.unwrap_or(false)
    }

    /// Highlights a digit everywhere (Alt+digit, a right-click or long press on the digit pad,
    /// or the `highlight-digit` action), or the cells with two pencil marks ([`BIVALUE`], Alt+0),
    /// or ends it: the same again, or 0. The action's state and the pad always agree with the
    /// board. Playing digit first, the digit highlighted is the one in hand.
    pub fn highlight_digit(&self, digit: Digit) {
        // While a puzzle is entered on the board there is no game on show to highlight in.
        if self.entry.borrow().is_some() {
            return;
        }
        let Some(now) = self.with_play(|play| {
            play.highlighted_digit =
                Some(digit).filter(|&d| ((1..=9).contains(&d) || d == BIVALUE) && play.highlighted_digit != Some(d));
            play.highlighted_digit
        }) else {
            return;
        };
        self.show_highlighted_digit(now);
        // A hint's (or a script step's) explanation stays: the digit is often the one it is about.
        if self.with_play(|play| play.is_explaining()) == Some(true) {
            self.refresh();
            return;
        }
        let digit_first = self.with_play(|play| play.prefs.digit_first) == Some(true);
        self.say(&match now {
            Some(BIVALUE) => gettext(
                "Cells with two pencil marks highlighted, where XY-Wings and XY-Chains are found. Alt+0 again ends it.",
            ),
            Some(digit) if digit_first => fill(
                &gettext("{digit} in hand: a click on a cell places it (in pencil mode, marks it), a click on a {digit} takes it out. {digit} on the pad again puts it down."),
                &[("digit", &digit)],
            ),
            Some(digit) => fill(
                &gettext("{digit} highlighted: its digits and the pencil marks that hold it stand out. Alt+{digit} again ends it."),
                &[("digit", &digit)],
            ),
            None if digit_first => gettext("No digit in hand."),
            None => gettext("No digit highlighted."),
        });
        self.refresh();
    }

    /// The `highlight-digit` action's state (0: none) and the digit pad show the digit.
    pub(super) fn show_highlighted_digit(&self, digit: Option<Digit>) {
        let action = self
            .window
            .application()
            .and_then(|app| app.lookup_action("highlight-digit"));
        if let Some(action) = action.and_downcast::<gio::SimpleAction>() {
            action.set_state(&i32::from(digit.unwrap_or(0)).to_variant());
        }
        if let Some(pad) = self.digit_pad.borrow().as_ref() {
            pad.show_highlighted(digit.filter(|&d| d != BIVALUE));
        }
    }

    pub fn set_solution_shown(&self, shown: bool) {
        let playing = self.with_play(|play| {
            play.drop_hint();
            play.game.set_solution_shown(shown);
            play.game.status() == Status::Playing
        });
        self.say(&if shown && playing == Some(true) {
            gettext("The solution is shown; hide it to play on.")
        } else if shown {
            gettext("The solution is shown.")
        } else {
            String::new()
        });
        self.refresh();
    }

    /// Shows the puzzle's solution path, or every step that applies in the position, in a
    /// window of its own. During play, unless the game already had help that gives digits away,
    /// it asks first: the steps give digits away, and seeing them is journaled as seeing the
    /// solution.
    pub fn show_steps(self: &Rc<Self>, listing: Listing) {
        // Asked for again while its window is open (for this game: the windows close with
        // their game): that window, not a second.
        let open = match listing {
            Listing::SolutionPath => &self.path_shown,
            Listing::AllSteps => &self.all_steps_shown,
        };
        if let Some(shown) = open.borrow().as_ref().filter(|shown| shown.is_open()) {
            return shown.present();
        }
        let Some((playing, helped)) =
            self.with_play(|play| (play.game.status() == Status::Playing, play.game.helped()))
        else {
            return;
        };
        if !playing || helped {
            return self.open_steps(listing);
        }
        let (question, body) = match listing {
            Listing::SolutionPath => (
                gettext("Show the Solution Path?"),
                gettext("Every step from the givens to the solution, each explained. The game then counts as solved with help."),
            ),
            Listing::AllSteps => (
                gettext("Show All Steps?"),
                gettext("Every step that applies in this position, each explained. The game then counts as solved with help."),
            ),
        };
        let this = Rc::downgrade(self);
        let asked = super::question(
            &self.window,
            &question,
            &body,
            &gettext("_Show"),
            adw::ResponseAppearance::Default,
            move || {
                if let Some(this) = this.upgrade() {
                    this.open_steps(listing);
                }
            },
        );
        asked.set_widget_name(super::ABOUT_THE_GAME);
        asked.present();
    }

    fn open_steps(self: &Rc<Self>, listing: Listing) {
        let Some((start, solution, level)) = self.with_play(|play| {
            play.game.note_solution_seen();
            let start = match listing {
                Listing::SolutionPath => Position::from_givens(play.game.givens()),
                Listing::AllSteps => play.game.position(),
            };
            (start, *play.game.solution(), play.level)
        }) else {
            return;
        };
        let this = Rc::downgrade(self);
        let changed = move || {
            if let Some(this) = this.upgrade() {
                this.refresh();
            }
        };
        // All Steps applies a step chosen as a hint's last stage applies its step (the window
        // follows the game, and so always lists the steps of the grid shown).
        let apply = (listing == Listing::AllSteps).then(|| {
            let this = Rc::downgrade(self);
            Box::new(move |step: &logic::Step| {
                let Some(this) = this.upgrade() else { return };
                if let Some(result) = this.with_play(|play| play.act(Action::ApplyStep(step.clone()))) {
                    this.report(result);
                }
                this.refresh();
            }) as super::step_list::ApplyStep
        });
        let shown = super::step_list::show(&self.window, listing, start, solution, level, changed, apply);
        match listing {
            Listing::SolutionPath => self.path_shown.replace(Some(shown)),
            Listing::AllSteps => self.all_steps_shown.replace(Some(shown)),
        };
        self.refresh();
    }

    pub fn set_paused(&self, paused: bool) {
        let now = self.now_ms();
        let paused = self.with_play(|play| {
            play.game.set_paused(paused, now);
            play.paused = play.game.is_paused();
            play.paused
        });
        if !paused.unwrap_or(false) {
            self.paused_by_away.set(false);
        }
        // Resumed while Solve runs (it waited): its line again, with the way to stop it.
        let solving = paused == Some(false) && self.with_play(|play| play.animation.is_some()) == Some(true);
        self.say(&if solving {
            gettext("Solving by trial and error… (Esc stops)")
        } else {
            String::new()
        });
        self.set_action_state("pause", paused.unwrap_or(false));
        self.refresh();
    }

    /// Makes an app action (and every button and key bound to it) sensitive or not.
    pub(super) fn enable_action(&self, name: &str, enabled: bool) {
        let action = self.window.application().and_then(|app| app.lookup_action(name));
        if let Some(action) = action.and_downcast::<gio::SimpleAction>() {
            if action.is_enabled() != enabled {
                action.set_enabled(enabled);
            }
        }
    }

    /// Keeps a toggle action's check mark in step with the game.
    pub(super) fn set_action_state(&self, name: &str, on: bool) {
        let action = self.window.application().and_then(|app| app.lookup_action(name));
        if let Some(action) = action.and_downcast::<gio::SimpleAction>() {
            action.set_state(&on.to_variant());
        }
    }

    pub(super) fn start_clock(self: &Rc<Self>) {
        let this = Rc::downgrade(self);
        glib::timeout_add_seconds_local(1, move || match this.upgrade() {
            Some(this) => {
                // Back in another of Nonet's windows after being away: the clock runs again.
                if this.paused_by_away.get() && app_active() {
                    this.set_paused(false);
                    this.say(&gettext("Welcome back. The clock runs again."));
                } else if !app_active() && this.away.borrow().is_none() && !this.paused_by_away.get() {
                    // Left from another of Nonet's windows: the main window saw no change.
                    this.away_changed();
                }
                this.refresh();
                this.save_clock();
                glib::ControlFlow::Continue
            }
            None => glib::ControlFlow::Break,
        });
    }

    /// Saves the running clock every [`CLOCK_SAVED_EVERY_MS`] between moves (each move saves it
    /// too, and closing the window at the end), so a crash or a kill costs at most that much of
    /// the game's time.
    fn save_clock(&self) {
        // (A new game's clock starts again from nought: that differs from the last one's too.)
        if self
            .running_clock_ms()
            .is_some_and(|elapsed| elapsed.abs_diff(self.clock_saved_ms.get()) >= CLOCK_SAVED_EVERY_MS)
        {
            self.save_clock_now();
        }
    }

    /// Saves the running clock, if a game is being played.
    fn save_clock_now(&self) {
        let Some(elapsed) = self.running_clock_ms() else {
            return;
        };
        if let Some(recorder) = self.recorder.borrow().as_ref() {
            recorder.elapsed(elapsed);
        }
        self.clock_saved_ms.set(elapsed);
    }

    /// The clock of the game being played (none when it is over).
    fn running_clock_ms(&self) -> Option<u64> {
        let now = self.now_ms();
        self.with_play(|play| (play.game.status() == Status::Playing).then(|| play.game.clock.elapsed_ms(now)))
            .flatten()
    }
}

/// How often a running clock is saved between moves.
const CLOCK_SAVED_EVERY_MS: u64 = 10_000;
