//! The Scripting Lab beside the board: opening and closing its panel (its width remembered), and
//! what the Lab may ask of the game through [`LabHost`]: the grid to run the script on, showing a
//! step on the board and applying it as one move; and, as the window closes, the question when
//! the Lab's script can't be kept.

use std::cell::Cell;
use std::rc::Rc;

use adw::prelude::*;

use super::controller::Controller;
use super::lab::{Lab, LabHost, ScriptGrid};
use super::play::ScriptView;
use crate::engine::game::{Action, Refusal, Status};
use crate::engine::grid::Digit;
use crate::engine::logic::Technique;
use crate::i18n::{fill, gettext};

/// What the window does, as it closes, when the Lab's script can't be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ScriptAtClose {
    /// Ask the player (save it elsewhere, close without it, or stay).
    Ask,
    /// The question is open: the window stays until it is answered.
    Asking,
    /// Close without it: the player said so, or the session is ending.
    Leave,
}

thread_local! {
    // One main window per process (the application's owner holds one controller).
    static SCRIPT_AT_CLOSE: Cell<ScriptAtClose> = const { Cell::new(ScriptAtClose::Ask) };
}

/// The session is ending (a signal): the window closes without asking about the script.
pub fn leave_unkept_script() {
    SCRIPT_AT_CLOSE.set(ScriptAtClose::Leave);
}

/// Whether the window is asking what to do with a script it can't keep (Quit then waits).
pub fn asking_about_script() -> bool {
    SCRIPT_AT_CLOSE.get() == ScriptAtClose::Asking
}

/// The narrowest the board's side of the split gets beside the Lab's panel.
const BOARD_LEAST: i32 = 340;
/// The room a window grown for the panel leaves the board (with the board's margins).
const BOARD_ROOM: i32 = 480;
/// How much narrower than the window's default width its split may be and still count as the
/// width asked for (the window's frame, which the default width counts and the split does not).
const FRAME_ALLOWANCE: i32 = 20;
/// How long a window grown for the panel may take to grow (a loaded machine's first frames
/// can take seconds) before the panel stops waiting to take its own width.
const GROWING_SECONDS: u64 = 10;

impl Controller {
    /// Whether the keys go to the Lab's script editor (which then owns Ctrl+Z and Ctrl+Shift+Z).
    pub(super) fn lab_editor_has_focus(&self) -> bool {
        self.lab
            .borrow()
            .as_ref()
            .is_some_and(|lab| lab.panel.is_visible() && lab.editor_has_focus())
    }

    /// The Scripting Lab (built on first use), its panel shown beside the board.
    pub fn lab(self: &Rc<Self>) -> Rc<Lab> {
        let host: Rc<dyn LabHost> = self.clone();
        let lab = self
            .lab
            .borrow_mut()
            .get_or_insert_with(|| Lab::new(Rc::downgrade(&host)))
            .clone();
        if self.split.end_child().is_none() {
            self.split.set_end_child(Some(&lab.panel));
        }
        if !lab.panel.is_visible() {
            let width = self.settings.int("lab-width").max(240);
            // The board keeps its room: a window too narrow for both grows by the panel's width.
            // Its default size is known before the window is shown (an action may come that
            // early), follows its size after, and is the measure `set_default_size` takes.
            let (window_width, height) = self.window.default_size();
            let wanted = (!self.window.is_maximized() && window_width > 0 && window_width < width + BOARD_ROOM)
                .then(|| (window_width + width).max(width + BOARD_ROOM));
            if let Some(wanted) = wanted {
                self.window.set_default_size(wanted, height);
            }
            self.lab_grew.set(wanted.map(|wanted| (window_width, wanted)));
            let window = self.window.downgrade();
            let asked = std::cell::Cell::new(0);
            lab.panel.set_visible(true);
            // Give the panel its width once the (perhaps grown) window is laid out: each frame
            // until its width has held for a few frames. While the window is still growing for
            // the panel no position is set: GtkPaned came back to such an interim position
            // after the right one (seen as a panel 126 px too wide). A window that has not
            // grown after a second (a screen too small, or a slow one) gets the best position
            // in its width as it holds, and the panel its own width if the window still grows
            // within `GROWING_SECONDS`.
            let (last, stable) = (std::cell::Cell::new(-1), std::cell::Cell::new(0));
            let opened = std::time::Instant::now();
            self.split.add_tick_callback(move |split, _| {
                // (Closed again before it had its width: the window is not grown any more.)
                let shown = split.end_child().is_some_and(|panel| panel.is_visible());
                let Some(window) = window.upgrade().filter(|_| shown) else {
                    return gtk::glib::ControlFlow::Break;
                };
                let total = split.width();
                if total == last.replace(total) {
                    stable.set(stable.get() + 1);
                } else {
                    stable.set(0);
                }
                let (roomy, held) = (total >= width + BOARD_LEAST, stable.get() >= 3);
                let waited = |seconds| opened.elapsed() > std::time::Duration::from_secs(seconds);
                // Asked again (a few times at most) when the window's width holds short of the
                // one wanted: a request made before the window's first frame can be lost (its
                // first size, or the one it takes for the panel's minimum, wins), while its
                // default size reads as asked. The same size again would change nothing: a
                // pixel more on every other ask.
                let short = |wanted: &i32| total > 0 && total + FRAME_ALLOWANCE < *wanted;
                let ask_again = held && asked.get() < 5 && !waited(GROWING_SECONDS) && !window.is_maximized();
                if let Some(wanted) = wanted.filter(short).filter(|_| ask_again) {
                    asked.set(asked.get() + 1);
                    let (_, height) = window.default_size();
                    window.set_default_size(wanted + asked.get() % 2, height);
                }
                if total > 0 && (roomy || held && waited(1)) {
                    split.set_position((total - width).max(BOARD_LEAST));
                }
                match held && (roomy || waited(GROWING_SECONDS)) {
                    true => gtk::glib::ControlFlow::Break,
                    false => gtk::glib::ControlFlow::Continue,
                }
            });
        }
        lab
    }

    /// Ctrl+Shift+L: opens the Lab's panel, or closes it (stopping a run and saving the script).
    pub fn toggle_lab(self: &Rc<Self>) {
        let shown = self.lab.borrow().clone().filter(|lab| lab.panel.is_visible());
        match shown {
            Some(lab) => {
                self.save_lab_width();
                lab.close();
                lab.panel.set_visible(false);
                self.give_back_lab_room();
                self.area.grab_focus();
            }
            None => {
                self.lab().focus_editor();
            }
        }
    }

    /// As the window closes: the Lab's script is written at once, and when it can't be kept the
    /// window asks first (unless the player already chose to close without it, or the session
    /// is ending). False while it asks: the window stays.
    pub(super) fn may_close_with_lab(self: &Rc<Self>) -> bool {
        let Some(lab) = self.lab.borrow().clone() else {
            return true;
        };
        match SCRIPT_AT_CLOSE.get() {
            ScriptAtClose::Asking => false,
            ScriptAtClose::Leave => {
                lab.close_for_good();
                true
            }
            ScriptAtClose::Ask => match lab.close_for_good() {
                Some(reason) => {
                    self.ask_about_unkept_script(&lab, &reason);
                    false
                }
                None => true,
            },
        }
    }

    /// Save Your Script?: Save As… (the default; the window closes once it is saved), Close
    /// Without Saving, or Cancel.
    fn ask_about_unkept_script(self: &Rc<Self>, lab: &Rc<Lab>, reason: &str) {
        let body = fill(
            &gettext("Nonet can't keep the Scripting Lab's script in {file}: {error}. Save it to a file of your own, or it is lost."),
            &[("file", &super::lab::script_file().display()), ("error", &reason)],
        );
        let window = self.window.downgrade();
        let lab = Rc::downgrade(lab);
        let dialog = super::question_with_answers(
            &self.window,
            &gettext("Save Your Script?"),
            &body,
            &[
                (
                    "leave",
                    &gettext("Close _Without Saving"),
                    adw::ResponseAppearance::Destructive,
                ),
                ("save", &gettext("_Save As…"), adw::ResponseAppearance::Suggested),
            ],
            move |response| {
                SCRIPT_AT_CLOSE.set(ScriptAtClose::Ask);
                let (Some(window), Some(lab)) = (window.upgrade(), lab.upgrade()) else {
                    return;
                };
                match response {
                    "leave" => {
                        SCRIPT_AT_CLOSE.set(ScriptAtClose::Leave);
                        window.close();
                    }
                    "save" => {
                        let window = window.downgrade();
                        lab.save_script_as_then(move || {
                            if let Some(window) = window.upgrade() {
                                window.close();
                            }
                        });
                    }
                    _ => {}
                }
            },
        );
        SCRIPT_AT_CLOSE.set(ScriptAtClose::Asking);
        dialog.present();
    }

    /// After the panel closes: a window that grew for it, and has not been resized, maximized or
    /// made fullscreen since, takes its former width again (the board keeps its size; the room
    /// the panel had would be empty).
    fn give_back_lab_room(&self) {
        let Some((before, grown)) = self.lab_grew.take() else {
            return;
        };
        let (width, height) = self.window.default_size();
        // (The panel's growth may have been asked a pixel wider, see `lab`.)
        let unchanged = (width - grown).abs() <= 1;
        if unchanged && !self.window.is_maximized() && !self.window.is_fullscreen() {
            self.window.set_default_size(before, height);
        }
    }

    /// The Lab panel's width now, when it is shown.
    pub(super) fn lab_width(&self) -> Option<i32> {
        let shown = self.lab.borrow().as_ref().is_some_and(|lab| lab.panel.is_visible());
        (shown && self.split.width() > 0).then(|| self.split.width() - self.split.position())
    }

    /// Remembers the panel's width (when it closes, and when the window does).
    pub(super) fn save_lab_width(&self) {
        if let Some(width) = self.lab_width() {
            self.settings.set_int("lab-width", width);
        }
    }
}

impl LabHost for Controller {
    fn refresh_view(&self) {
        self.refresh();
    }

    /// The position a script sees, with the solution to check its steps; `None` when the game
    /// does not take steps (finished, paused, solution shown, Solve running).
    fn script_grid(&self) -> Result<ScriptGrid, String> {
        // The game waits behind a puzzle being entered: a run would change it out of sight.
        if self.entry.borrow().is_some() {
            return Err(gettext(
                "a puzzle is being entered on the board: start it, or cancel to go back to the game",
            ));
        }
        let play = self.play.borrow();
        let play = play.as_ref().ok_or_else(super::lab::no_steps_now)?;
        let game = &play.game;
        if game.status() != Status::Playing || play.paused || play.solution_shown() || play.animation.is_some() {
            return Err(super::lab::no_steps_now());
        }
        let position = game.position();
        let board = crate::engine::logic::Board::from_position(&position);
        let given = std::array::from_fn(|c| game.is_given(c));
        Ok(ScriptGrid {
            grid: crate::script::Grid::new(board, given),
            solution: *game.solution(),
            holds_mistake: crate::engine::logic::hint::mistake(&position, game.solution()).is_some(),
        })
    }

    /// Before a script runs: pencil marks filled in (one undoable step) when there are none, so
    /// its eliminations show.
    fn prepare_for_script(&self) {
        if self.entry.borrow().is_some() {
            return; // (the run ends at once, and says why)
        }
        let empty = self
            .with_play(|play| (0..81).all(|c| play.game.marks(c).is_empty()))
            .unwrap_or(false);
        if empty {
            let _ = self.with_play(|play| play.act(Action::FillCandidates));
        }
        self.refresh();
    }

    /// Shows (or clears) a script's step on the board.
    fn show_script_step(&self, view: Option<ScriptView>) {
        self.with_play(|play| play.script_step = view);
        self.area.queue_draw();
    }

    /// Applies a checked script step to the game (one undoable move).
    fn apply_script_step(
        self: Rc<Self>,
        placements: Vec<(usize, Digit)>,
        eliminations: Vec<(usize, Digit)>,
        technique: Option<Technique>,
    ) -> Result<(), Refusal> {
        let result = self.with_play(|play| {
            play.script_step = None;
            play.act(Action::ApplyScriptStep {
                placements,
                eliminations,
                technique,
            })
        });
        let result = result.unwrap_or(Err(Refusal::Finished));
        self.report(result);
        result.map(|_| ())
    }
}
