//! Entering your own puzzle on the board: Enter Your Own Puzzle clears the board for typing
//! givens (digits, 0 or . for a blank, arrows, Delete, or a click and the digit keys, or the
//! digit pad), with duplicates shown in red, and a bar above it with Start, Cancel and "Type as
//! Text…". The current game waits, its clock stopped: Cancel returns to it, Start checks the
//! puzzle the way a typed one is checked (one solution, rated) and plays it, which keeps the old
//! game resumable in History. The entry (its data: the engine's `PuzzleEntry`) is kept in the
//! store as it changes, and comes back after a restart.

use std::rc::Rc;

use adw::prelude::*;
use gtk::gdk;

use super::board::{self, Layout, Palette};
use super::controller::Controller;
use super::import::Source;
use super::input::{command_for, KeyCommand};
use crate::engine::grid::{digits_to_line, Cell, Digit, CELLS};
use crate::engine::puzzle_entry::{PuzzleEntry, FEWEST_GIVENS};
use crate::i18n::{count, gettext};

/// What the bar says: how far the player got, and what Start needs.
pub fn status(entry: &PuzzleEntry) -> String {
    if !entry.conflicts().is_empty() {
        return gettext("A digit repeats in a row, column or box (shown in red).");
    }
    let givens = entry.givens() as u32;
    if givens < FEWEST_GIVENS as u32 {
        count(
            givens,
            "{n} given; a puzzle with one solution needs at least 17.",
            "{n} givens; a puzzle with one solution needs at least 17.",
        )
    } else {
        count(
            givens,
            "{n} given. Start checks that the puzzle has one solution.",
            "{n} givens. Start checks that the puzzle has one solution.",
        )
    }
}

/// The board while a puzzle is entered: the digits as givens, repeats in red, the cursor.
pub fn draw(
    cr: &gtk::cairo::Context,
    layout: Layout,
    entry: &PuzzleEntry,
    palette: &Palette,
) -> Result<(), gtk::cairo::Error> {
    board::draw_coordinates(cr, layout, palette)?;
    board::set_color(cr, &palette.paper);
    cr.rectangle(layout.left, layout.top, layout.side(), layout.side());
    cr.fill()?;
    let conflicts = entry.conflicts();
    for cell in conflicts.iter() {
        board::fill_cell(cr, &layout, cell, &palette.tint(&palette.error, 0.22))?;
    }
    board::fill_cell(cr, &layout, entry.selected, &palette.highlight(0.35))?;
    cr.select_font_face("Cantarell", gtk::cairo::FontSlant::Normal, gtk::cairo::FontWeight::Bold);
    cr.set_font_size(layout.cell * 0.62);
    for (cell, &digit) in entry.values.iter().enumerate().filter(|(_, &d)| d != 0) {
        board::set_color(
            cr,
            if conflicts.contains(cell) {
                &palette.error
            } else {
                &palette.ink
            },
        );
        let (x, y) = layout.origin(cell);
        board::centred_text(cr, &digit.to_string(), x + layout.cell / 2.0, y + layout.cell / 2.0)?;
    }
    board::draw_grid(cr, layout, palette)
}

/// Game commands that make no sense while a puzzle is entered (the game waits behind it).
pub(super) const GAME_ACTIONS: [&str; 13] = [
    "hint",
    "undo",
    "redo",
    "solve",
    "show-solution",
    "pencil",
    "fill-candidates",
    "clear-marks",
    "reset",
    "set-checkpoint",
    "back-to-checkpoint",
    "undo-to-last-correct",
    "pause",
];

impl Controller {
    /// Clears the board for entering a puzzle (starting from `values`); the game waits.
    pub fn enter_on_board(self: &Rc<Self>, values: [Digit; CELLS]) {
        self.enter(PuzzleEntry::new(values));
    }

    /// Puts `entry` on the board, the game waiting; one already there is set aside (Enter Your
    /// Own Puzzle again while typing one starts afresh, the givens typed a toast away).
    /// The questions about the waiting game (Solve it?) are cancelled: answered behind the
    /// entry, they would act on a game out of sight.
    fn enter(self: &Rc<Self>, entry: PuzzleEntry) {
        super::close_questions(|asked| asked.widget_name() == super::ABOUT_THE_GAME);
        self.set_entry_aside();
        let now = self.now_ms();
        self.with_play(|play| {
            play.drop_hint();
            play.game.set_paused(true, now);
        });
        self.stop_animation();
        self.entry.replace(Some(entry));
        // The pad shows no digit highlighted: the waiting game's highlight is not on show.
        if let Some(pad) = self.digit_pad.borrow().as_ref() {
            pad.show_highlighted(None);
        }
        self.window.parts().entry_bar.set_visible(true);
        self.say("");
        self.area.grab_focus();
        self.refresh();
    }

    /// Leaves entry and goes back to the waiting game.
    pub fn cancel_entry(self: &Rc<Self>) {
        if self.end_entry().is_some() {
            self.say(""); // (what was said of the entry, "Welcome back…", is done with)
            self.back_to_the_waiting_game();
        }
    }

    /// Leaves entry for the waiting game, which is asked for again (its puzzle pasted or opened):
    /// the givens typed are set aside as for a new game ([`Controller::set_entry_aside`]).
    pub(super) fn leave_entry_for_the_waiting_game(self: &Rc<Self>) {
        if self.set_entry_aside() {
            self.back_to_the_waiting_game();
        }
    }

    /// The waiting game goes on, its clock too unless the player had paused it.
    fn back_to_the_waiting_game(&self) {
        let now = self.now_ms();
        let paused = self.with_play(|play| play.paused).unwrap_or(false);
        if !paused {
            self.with_play(|play| play.game.set_paused(false, now));
        }
        self.refresh();
    }

    /// Ends the entry for a game that takes the board (a new game, a puzzle pasted or opened,
    /// one resumed from History): givens typed are not thrown away unseen, a toast offers to go
    /// back to them (the game then waits, as any game does for an entry), as GNOME apps offer
    /// an undo instead of asking first. Whether an entry was on the board.
    pub(super) fn set_entry_aside(self: &Rc<Self>) -> bool {
        let Some(entry) = self.end_entry() else {
            return false;
        };
        self.put_aside(entry);
        true
    }

    /// Puts `entry` aside (not on the board) with a toast offering to go back to it; the store
    /// keeps it while the toast does (the app may close meanwhile). An empty one just goes.
    fn put_aside(self: &Rc<Self>, entry: PuzzleEntry) {
        if entry.givens() == 0 {
            return;
        }
        let toast = adw::Toast::builder()
            .title(gettext("Your puzzle entry was put aside"))
            .button_label(gettext("Back to It"))
            .timeout(10)
            .build();
        self.entry_aside.replace(Some(entry.clone()));
        let count = self.entry_aside_count.get() + 1;
        self.entry_aside_count.set(count);
        let this = Rc::downgrade(self);
        let aside = entry.clone();
        toast.connect_button_clicked(move |_| {
            if let Some(this) = this.upgrade() {
                this.entry_aside.replace(None);
                this.enter(aside.clone());
            }
        });
        let this = Rc::downgrade(self);
        // (libadwaita dismisses a toast whose button was pressed in an idle after: a game asked
        // for meanwhile may have put the same entry aside again, under a toast of its own.)
        toast.connect_dismissed(move |_| {
            let Some(this) = this.upgrade() else { return };
            if this.entry_aside_count.get() == count && this.entry_aside.borrow().as_ref() == Some(&entry) {
                this.entry_aside.replace(None);
                this.keep_entry();
            }
        });
        super::show_toast(&self.toasts, toast);
    }

    /// Plays the entered puzzle, checked like a typed one; a refused one comes back for fixing.
    pub fn start_entry(self: &Rc<Self>) {
        let Some(entry) = self.entry.borrow().clone() else {
            return;
        };
        if !entry.can_start() {
            self.refresh();
            return;
        }
        self.end_entry();
        self.play_text(digits_to_line(&entry.values), Source::Placed);
    }

    /// From the bar: type or paste the puzzle as text instead, starting from the givens placed.
    /// The board stays in entry behind the question (the game waiting, its clock stopped), so
    /// Cancel comes back to the givens as they were; Play leaves the entry for the text.
    pub fn entry_as_text(self: &Rc<Self>) {
        let Some(text) = self.entry.borrow().as_ref().map(|e| digits_to_line(&e.values)) else {
            self.enter_puzzle("");
            return;
        };
        let this = Rc::downgrade(self);
        let initial = if text.bytes().all(|b| b == b'.') { "" } else { &text };
        super::import::ask_for_puzzle(&self.window, initial, move |typed| {
            if let Some(this) = this.upgrade() {
                this.cancel_entry();
                this.play_text(typed, Source::Typed);
            }
        });
    }

    pub(super) fn end_entry(&self) -> Option<PuzzleEntry> {
        let entry = self.entry.take();
        self.window.parts().entry_bar.set_visible(false);
        // The game's highlight back on the pad (a new game then clears it).
        if entry.is_some() {
            let digit = self.with_play(|play| play.highlighted_digit).flatten();
            self.show_highlighted_digit(digit);
        }
        entry
    }

    /// Keeps the bar's text, the game's commands and the store's copy in step with the entry.
    pub(super) fn refresh_entry(&self) -> bool {
        self.keep_entry();
        let entry = self.entry.borrow();
        let parts = self.window.parts();
        if let Some(entry) = entry.as_ref() {
            parts.entry_status.set_label(&status(entry));
            parts.entry_start.set_sensitive(entry.can_start());
        }
        // (Otherwise they follow the game: refresh decides them.)
        if entry.is_some() {
            for name in GAME_ACTIONS {
                self.enable_action(name, false);
            }
        }
        entry.is_some()
    }

    /// Sends the entry to the store when it changed since it was last sent (each digit typed,
    /// the cursor moved, the entry left), so a crash or a quit loses none of it: the one on the
    /// board, else the one put aside while its toast offers it back, else one brought back at
    /// start that waits for its game; none while no given is typed.
    fn keep_entry(&self) {
        let recorder = self.recorder.borrow();
        let Some(recorder) = recorder.as_ref() else { return };
        let entry = self
            .entry
            .borrow()
            .clone()
            .or_else(|| self.entry_aside.borrow().clone())
            .or_else(|| {
                self.entry_for_the_next_game
                    .borrow()
                    .as_ref()
                    .map(|(entry, _)| entry.clone())
            })
            .filter(|entry| entry.givens() > 0); // (an empty one has nothing to lose)
        if *self.entry_kept.borrow() != entry {
            recorder.puzzle_entry(entry.clone());
            self.entry_kept.replace(entry);
        }
    }

    /// The entry the store kept from before the app last closed, when a game was asked for at
    /// start (a file opened): put aside, with the toast that offers to go back to it.
    pub(super) fn put_kept_entry_aside(self: &Rc<Self>, kept: PuzzleEntry) {
        self.entry_kept.replace(Some(kept.clone()));
        self.put_aside(kept);
    }

    /// Brings back the entry the store kept from before the app last closed, the game waiting
    /// behind it (when none is on the board yet, once one is: a new one is on its way); its
    /// welcome comes after `trouble`, what was said of an unfinished game that could not go on.
    pub(super) fn bring_back_entry(self: &Rc<Self>, kept: PuzzleEntry, trouble: Option<String>) {
        self.entry_kept.replace(Some(kept.clone()));
        if self.play.borrow().is_none() {
            self.entry_for_the_next_game.replace(Some((kept, trouble)));
            return;
        }
        self.enter(kept);
        let welcome = gettext("Welcome back: your puzzle entry is as you left it.");
        self.say(&match trouble {
            Some(trouble) => format!("{trouble} {welcome}"),
            None => welcome,
        });
    }

    /// A key while entering: digits, Delete, arrows and Tab edit; Return starts; Escape cancels.
    pub(super) fn entry_key(self: &Rc<Self>, key: gdk::Key, state: gdk::ModifierType) -> bool {
        if self.entry.borrow().is_none() {
            return false;
        }
        if [gdk::Key::Return, gdk::Key::KP_Enter].contains(&key) {
            self.start_entry();
            return true;
        }
        // 0 and . leave a blank and move on, so a puzzle can be typed as its 81-character line.
        if [gdk::Key::_0, gdk::Key::KP_0, gdk::Key::period].contains(&key) {
            if let Some(entry) = self.entry.borrow_mut().as_mut() {
                entry.type_digit(0);
            }
            self.refresh();
            return true;
        }
        let Some(command) = command_for(key, state) else {
            return false;
        };
        if command == KeyCommand::Escape {
            self.cancel_entry();
            return true;
        }
        // The board's Ctrl+V and Ctrl+C wait while a puzzle is typed: a slip of the fingers would
        // throw the givens typed so far away for the clipboard's puzzle (the menu's Paste Puzzle,
        // Ctrl+Shift+V, still plays one).
        if matches!(command, KeyCommand::PastePuzzle | KeyCommand::CopyPuzzle) {
            return true;
        }
        {
            let mut entry = self.entry.borrow_mut();
            let Some(entry) = entry.as_mut() else { return false };
            let cell = entry.selected;
            match command {
                KeyCommand::Digit { digit, .. } => entry.type_digit(digit),
                KeyCommand::Clear => entry.values[cell] = 0,
                // (While entering, Ctrl+arrows move as the arrows do.)
                KeyCommand::Move { rows, cols } | KeyCommand::Jump { rows, cols } => {
                    let row = (cell as i32 / 9 + rows).clamp(0, 8);
                    let col = (cell as i32 % 9 + cols).clamp(0, 8);
                    entry.selected = (row * 9 + col) as Cell;
                }
                KeyCommand::Step { forward } => {
                    entry.selected = if forward {
                        (cell + 1) % CELLS
                    } else {
                        (cell + CELLS - 1) % CELLS
                    }
                }
                KeyCommand::Escape
                | KeyCommand::TogglePencil
                | KeyCommand::ColourCell
                | KeyCommand::ToggleColouring
                | KeyCommand::NextColour
                | KeyCommand::PastePuzzle
                | KeyCommand::CopyPuzzle => {}
            }
        }
        self.refresh();
        true
    }

    /// A digit from the digit pad while entering; returns whether there was an entry.
    pub(super) fn entry_digit(&self, digit: Digit) -> bool {
        {
            let mut entry = self.entry.borrow_mut();
            let Some(entry) = entry.as_mut() else { return false };
            entry.type_digit(digit);
        }
        self.refresh();
        true
    }

    /// A click while entering selects the cell.
    pub(super) fn entry_click(&self, cell: Option<Cell>) -> bool {
        {
            let mut entry = self.entry.borrow_mut();
            let Some(entry) = entry.as_mut() else { return false };
            if let Some(cell) = cell {
                entry.selected = cell;
            }
        }
        self.refresh();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_tells_repeats_and_what_start_needs() {
        let line = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
        let position = crate::engine::format::parse_line(line).unwrap();
        let mut entry = PuzzleEntry::new(*position.values());
        assert!(entry.can_start(), "{}", status(&entry));
        assert_eq!(
            status(&entry),
            "17 givens. Start checks that the puzzle has one solution."
        );
        entry.values[7] = 0;
        assert!(!entry.can_start());
        assert!(status(&entry).starts_with("16 givens;"));
        entry.values[0] = 1; // r1c1, r1c2 and r1c8 all 1
        entry.values[1] = 1;
        assert!(status(&entry).starts_with("A digit repeats"));
    }
}
