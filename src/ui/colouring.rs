//! Colouring by hand, as HoDoKu's colouring tool: the colour in hand (C takes it up or puts it
//! down, Shift+C the next one, Board → Colour chooses), colouring a pencil mark or a cell with
//! it, and taking every colour off. The colours themselves are the game's, so undo, the store
//! and replay keep them; this is only how the player asks.

use std::rc::Rc;

use gtk::gio;
use gtk::prelude::*;

use super::controller::Controller;
use crate::engine::game::{Action, Outcome, Refusal, COLOURS};
use crate::engine::grid::{Cell, Digit};
use crate::i18n::{fill, gettext};

/// A colour's name as menus, tooltips and messages give it (1 to [`COLOURS`]).
pub fn colour_name(colour: u8) -> String {
    match colour {
        1 => gettext("yellow"),
        2 => gettext("green"),
        3 => gettext("blue"),
        4 => gettext("purple"),
        _ => gettext("no colour"),
    }
}

impl Controller {
    /// Takes up `colour` (1 to [`COLOURS`]) for colouring, or puts colouring down (0). The
    /// `colour` action's state and the digit pad follow.
    pub fn set_colouring(&self, colour: u8) {
        if self.entry.borrow().is_some() {
            return;
        }
        let colour = if colour <= COLOURS { colour } else { 0 };
        let Some(now) = self.with_play(|play| {
            play.colouring = colour;
            colour
        }) else {
            return;
        };
        if now != 0 {
            self.last_colour.set(now);
        }
        self.show_colouring(now);
        // A hint's explanation stays: colouring often follows what it points at.
        if self.with_play(|play| play.is_explaining()) != Some(true) {
            self.say(&if now == 0 {
                gettext("Colouring off.")
            } else {
                fill(
                    &gettext("Colouring in {colour}: click a pencil mark or a cell (or type its digit, Space for the cell); the same colour again takes it off. C ends it, Shift+C takes the next colour."),
                    &[("colour", &colour_name(now))],
                )
            });
        }
        self.refresh();
    }

    /// The `colour` action: takes up that colour, or puts it down when it is the one in hand.
    pub fn choose_colour(&self, colour: u8) {
        let now = self.with_play(|play| play.colouring).unwrap_or(0);
        self.set_colouring(if now == colour { 0 } else { colour });
    }

    /// C: takes up the colour last used, or puts colouring down.
    pub fn toggle_colouring(&self) {
        let now = self.with_play(|play| play.colouring).unwrap_or(0);
        self.set_colouring(if now == 0 { self.last_colour.get() } else { 0 });
    }

    /// Shift+C: the next colour (colouring taken up with the last used when it was down).
    pub fn next_colour(&self) {
        let now = self.with_play(|play| play.colouring).unwrap_or(0);
        self.set_colouring(if now == 0 {
            self.last_colour.get()
        } else {
            now % COLOURS + 1
        });
    }

    /// Colours a pencil mark of `cell` (the cell itself for `digit` 0) with the colour in hand,
    /// from a click or a key, selecting the cell.
    pub fn colour_at(self: &Rc<Self>, cell: Cell, digit: Digit) {
        let result = self.with_play(|play| {
            play.selected = Some(cell);
            play.colour_selected(digit)
        });
        if let Some(result) = result {
            self.report_colouring(result);
        }
    }

    /// Takes every colour off the board, in one move (undoable).
    pub fn clear_colours(self: &Rc<Self>) {
        if let Some(result) = self.with_play(|play| play.act(Action::ClearColours)) {
            self.report_colouring(result);
        }
    }

    /// As [`Controller::report`], but a hint's explanation on show stays: colours change nothing
    /// it explains.
    pub(super) fn report_colouring(self: &Rc<Self>, result: Result<Outcome, Refusal>) {
        let explaining = self.with_play(|play| play.is_explaining()) == Some(true);
        if explaining && result.is_ok() {
            self.refresh();
        } else {
            self.report(result);
        }
    }

    /// The `colour` action's state (0: not colouring) and the digit pad show the colour in hand.
    pub(super) fn show_colouring(&self, colour: u8) {
        let action = self.window.application().and_then(|app| app.lookup_action("colour"));
        if let Some(action) = action.and_downcast::<gio::SimpleAction>() {
            action.set_state(&i32::from(colour).to_variant());
        }
        if let Some(pad) = self.digit_pad.borrow().as_ref() {
            pad.show_colouring(colour);
        }
    }
}
