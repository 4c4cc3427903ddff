//! Strict mode's side of the controller: a refused wrong digit flashes red and is told as a
//! strike; the last strike allowed ends the game with the game-over dialog, whose Try Again
//! starts the same puzzle afresh (`app.try-again`). The rule itself lives in the engine's game.

use std::rc::Rc;
use std::time::Duration;

use adw::prelude::*;
use gtk::glib;

use super::controller::Controller;
use crate::engine::game::{format_duration, MoveKind};
use crate::engine::grid::cell_name;
use crate::i18n::{fill, gettext};
use crate::store;

/// How long a refused digit stays on the board, in red.
const FLASH: Duration = Duration::from_millis(900);

impl Controller {
    /// After a strike: the refused digit flashes in its cell and the strike is told; the last one
    /// allowed ends the game.
    pub(super) fn struck(self: &Rc<Self>, lost: bool) {
        let told = self.with_play(|play| {
            let game = &play.game;
            let last = game.journal().last().filter(|m| m.kind == MoveKind::Strike)?;
            let (cell, digit) = (last.cell?, last.digit?);
            play.strike_flash = Some((cell, digit));
            let count = match game.strikes_left() {
                Some(left) => fill(
                    &gettext("strike {n} of {limit}"),
                    &[("n", &game.strikes()), ("limit", &(game.strikes() + left))],
                ),
                None => fill(&gettext("strike {n}"), &[("n", &game.strikes())]),
            };
            Some((
                (cell, digit),
                fill(
                    &gettext("{digit} is not right in {cell}: {strike}."),
                    &[("digit", &digit), ("cell", &cell_name(cell)), ("strike", &count)],
                ),
            ))
        });
        let Some(Some((flashed, message))) = told else { return };
        self.say(&message);
        let this = Rc::downgrade(self);
        glib::timeout_add_local_once(FLASH, move || {
            let Some(this) = this.upgrade() else { return };
            this.with_play(|play| {
                if play.strike_flash == Some(flashed) {
                    play.strike_flash = None;
                }
            });
            this.refresh();
        });
        if lost {
            self.game_over();
        }
    }

    /// The game is lost: the clock stops, the end is recorded (by the refresh that follows), and
    /// the player chooses between the same puzzle again and a new one.
    fn game_over(self: &Rc<Self>) {
        let now = self.now_ms();
        let body = self.with_play(|play| {
            play.game.clock.stop(now);
            fill(
                &gettext("That was strike {n} after {time}. The game is recorded as lost."),
                &[
                    ("n", &play.game.strikes()),
                    ("time", &format_duration(play.game.clock.elapsed_ms(now))),
                ],
            )
        });
        let Some(body) = body else { return };
        let dialog = adw::MessageDialog::new(Some(&self.window), Some(&gettext("Game Over")), Some(&body));
        dialog.add_response("new", &gettext("New Puzzle"));
        dialog.add_response("again", &gettext("Try Again"));
        dialog.set_response_appearance("again", adw::ResponseAppearance::Suggested);
        dialog.set_default_response(Some("again"));
        dialog.set_close_response("new");
        let this = Rc::downgrade(self);
        dialog.connect_response(None, move |_, response| {
            let Some(this) = this.upgrade() else { return };
            match response {
                "again" => this.try_again(),
                _ => this.new_game(),
            }
        });
        super::present_dialog(&dialog);
    }

    /// `app.try-again`: the puzzle on the board from the start, as a new game in the history.
    pub fn try_again(self: &Rc<Self>) {
        let Some(mut new) = self.started_game.borrow().clone() else {
            return;
        };
        self.generation.set(self.generation.get() + 1); // a generation under way is dropped
        new.started_at = store::now_unix_ms();
        if let (Some(technique), Some(seed)) = (new.practice, new.seed) {
            return self.practise_again(new, technique, seed);
        }
        let level = new.level;
        self.start(new, level);
        self.say(&gettext("The same puzzle, from the start."));
        self.refresh();
    }
}
