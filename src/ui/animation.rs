//! The animated Solve: a backtracking search played out on the board, cell by cell, on a glib
//! timeout; Escape or any new game stops it, Pause holds it.

use std::rc::Rc;
use std::time::{Duration, Instant};

use adw::prelude::*;
use gtk::glib;

use super::controller::Controller;
use super::play::Tick;
use crate::engine::game::Status;
use crate::i18n::gettext;

impl Controller {
    /// Asks first: Solve ends the game as solved by the computer, which Undo can't take back.
    pub fn solve(self: &Rc<Self>) {
        let playing = self.with_play(|play| play.game.status() == Status::Playing && play.animation.is_none());
        if playing != Some(true) {
            return;
        }
        let this = Rc::downgrade(self);
        let asked = super::question(
            &self.window,
            &gettext("Solve the Puzzle?"),
            &gettext("Nonet fills in the rest by trial and error, step by step (Esc stops it). The game then ends as solved by the computer, and Undo can't take it back."),
            &gettext("_Solve"),
            adw::ResponseAppearance::Destructive,
            move || {
                if let Some(this) = this.upgrade() {
                    this.start_solving();
                }
            },
        );
        asked.set_widget_name(super::ABOUT_THE_GAME);
        asked.present();
    }

    /// Animates a backtracking search to the solution; Esc stops it.
    fn start_solving(self: &Rc<Self>) {
        self.stop_animation();
        let started = self.with_play(|play| {
            if play.game.status() != Status::Playing {
                return false;
            }
            play.start_animation();
            true
        });
        if started != Some(true) {
            return;
        }
        self.say(&gettext("Solving by trial and error… (Esc stops)"));
        // Up to 60 frames a second; at higher speeds several steps go into one frame.
        let speed = self.settings.prefs().steps_per_second.max(1);
        let frames = speed.min(60);
        let per_frame = speed.div_ceil(frames);
        let this = Rc::downgrade(self);
        let source = glib::timeout_add_local(Duration::from_millis(1000 / frames as u64), move || {
            let Some(this) = this.upgrade() else {
                return glib::ControlFlow::Break;
            };
            // Paused (by the player, or when away): the search waits with the clock, and goes on
            // on Resume. (It ran on, and a game it finished stayed behind the pause page, whose
            // Resume a finished game disables.)
            if this.with_play(|play| play.paused) == Some(true) {
                return glib::ControlFlow::Continue;
            }
            let now = this.now_ms();
            let began = Instant::now();
            let tick = this.with_play(|play| play.tick(per_frame, now)).unwrap_or(Tick::Failed);
            this.timing.borrow_mut().ticked(began.elapsed());
            match tick {
                Tick::Running => {
                    this.area.queue_draw();
                    if let (Some(pad), Some(shown)) = (
                        this.digit_pad.borrow().as_ref(),
                        this.with_play(|play| play.shown_values()),
                    ) {
                        pad.update(&shown);
                    }
                    glib::ControlFlow::Continue
                }
                Tick::Solved => {
                    this.animation.replace(None);
                    this.say(&gettext("Solved by the computer."));
                    this.refresh();
                    glib::ControlFlow::Break
                }
                Tick::Failed => {
                    this.animation.replace(None);
                    this.say(&gettext("The search found no solution."));
                    this.refresh();
                    glib::ControlFlow::Break
                }
            }
        });
        self.animation.replace(Some(source));
        self.refresh();
    }

    pub fn stop_animation(&self) {
        if let Some(source) = self.animation.take() {
            source.remove();
            self.with_play(|play| play.stop_animation());
            self.say(&gettext("Solver stopped."));
            self.refresh();
        }
    }
}
