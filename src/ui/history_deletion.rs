//! Deleting from History: a game (`app.delete-game`) or every game but the one being played
//! (`app.clear-history`), asked first where nothing could take it back; done by the recorder,
//! which owns the writing connection. In the History window a toast says so and offers Undo (and
//! Ctrl+Z), one toast for the deletions made while it shows.

use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::ObjectSubclassIsExt;
use gtk::glib;

use super::controller::Controller;
use super::history::{history_changed, history_window, HistoryWindow};
use super::recorder::Deleted;
use super::replay;
use crate::i18n::{count, fill, gettext};
use crate::store::Deletion;

/// What undoes a deletion.
type Undo = Rc<dyn Fn()>;

/// The toast of the deletions made while it shows (one toast for them all: "3 games deleted"),
/// how many games they deleted, and what undoes them all.
pub struct PendingUndo {
    toast: adw::Toast,
    games: u32,
    undo: Undo,
}

/// Ctrl+Z in the History window: the deletions of the toast showing are undone, as the toast's
/// Undo does (which a keyboard reaches only by tabbing to it).
pub(super) fn undo_shortcut() -> gtk::ShortcutController {
    let shortcuts = gtk::ShortcutController::new();
    shortcuts.add_shortcut(gtk::Shortcut::new(
        gtk::ShortcutTrigger::parse_string("<Control>z"),
        Some(gtk::CallbackAction::new(|widget, _| {
            let pending = widget
                .downcast_ref::<HistoryWindow>()
                .and_then(|window| window.imp().undo.take());
            let Some(PendingUndo { toast, undo, .. }) = pending else {
                return glib::Propagation::Proceed;
            };
            super::dismiss_toast(&toast);
            undo();
            glib::Propagation::Stop
        })),
    ));
    shortcuts
}

impl Controller {
    /// `app.delete-game(id)`: asks first, then deletes game `id` from the history (not the game on
    /// the board); its replay closes, and an open History window lists and counts the games
    /// again.
    pub fn delete_game_id(self: &Rc<Self>, id: i64) {
        if self.recorder.borrow().is_none() {
            return self.tell_no_history(&gettext("History is off, so no game can be deleted."));
        }
        // From the History window (or a replay over it) the game goes at once, and the toast
        // saying so offers Undo; elsewhere (`gapplication action … delete-game`) nothing could
        // take it back, so it asks first.
        if history_window().is_some() {
            return self.delete_game_now(id);
        }
        self.ask_before(
            &gettext("Delete This Game?"),
            &gettext("Its moves, time and result leave the history and its statistics. This can't be undone."),
            &gettext("_Delete"),
            move |this| this.delete_game_now(id),
        );
    }

    fn delete_game_now(self: &Rc<Self>, id: i64) {
        let Some(answer) = self.recorder.borrow().as_ref().map(|recorder| recorder.delete(id)) else {
            return self.tell_no_history(&gettext("History is off, so no game can be deleted."));
        };
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let deleted = answer
                .recv()
                .await
                .unwrap_or_else(|_| Deleted::Failed(gettext("history is off")));
            let Some(this) = this.upgrade() else { return };
            let message = match deleted {
                Deleted::Done(deletion) => {
                    let replay = replay::window_name(id);
                    history_changed(|name| name == replay);
                    // In the History window, whose list no longer has it, a toast says so
                    // briefly and offers Undo; elsewhere the line names the game.
                    let line = fill(&gettext("Game {id} is deleted from the history."), &[("id", &id)]);
                    return this.tell_deleted(1, &line, deletion);
                }
                Deleted::NotThere => gettext("There is no game {id} in the history."),
                Deleted::BeingPlayed => gettext("Game {id} is the one being played, so it can't be deleted."),
                Deleted::Failed(error) => {
                    return this.tell_history(&fill(
                        &gettext("Game {id} could not be deleted: {error}"),
                        &[("id", &id), ("error", &error)],
                    ))
                }
            };
            this.tell_history(&fill(&message, &[("id", &id)]));
        });
    }

    /// `app.clear-history`: asks first, then deletes every game of the history but the one being
    /// played (a finished game on the board goes too); the replays close, and an open History
    /// window lists and counts what is left and offers Undo.
    pub fn clear_history(self: &Rc<Self>) {
        if self.recorder.borrow().is_none() {
            return self.tell_no_history(&gettext("History is off, so there is nothing to clear."));
        }
        let body = if history_window().is_some() {
            gettext("Every game but the one being played leaves the history, with its moves, times and results, and the statistics start again.")
        } else {
            gettext("Every game but the one being played leaves the history, with its moves, times and results, and the statistics start again. This can't be undone.")
        };
        self.ask_before(&gettext("Clear the History?"), &body, &gettext("C_lear"), |this| {
            this.clear_history_now()
        });
    }

    /// Asks before a History command that deletes games, over the window the player is in;
    /// `then` runs on the answer. Return keeps everything: the destructive answer is never the
    /// default.
    fn ask_before(self: &Rc<Self>, heading: &str, body: &str, answer: &str, then: impl Fn(&Rc<Self>) + 'static) {
        let this = Rc::downgrade(self);
        let dialog = super::question(
            &self.asking_parent(),
            heading,
            body,
            answer,
            adw::ResponseAppearance::Destructive,
            move || {
                if let Some(this) = this.upgrade() {
                    then(&this);
                }
            },
        );
        dialog.set_default_response(Some("cancel"));
        dialog.present();
    }

    fn clear_history_now(self: &Rc<Self>) {
        let Some(answer) = self.recorder.borrow().as_ref().map(|recorder| recorder.clear()) else {
            return self.tell_no_history(&gettext("History is off, so there is nothing to clear."));
        };
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let cleared = answer.recv().await.unwrap_or_else(|_| Err(gettext("history is off")));
            let Some(this) = this.upgrade() else { return };
            match cleared {
                Ok((n, deletion)) => {
                    history_changed(|name| name.starts_with(replay::WINDOW_PREFIX));
                    let line = count(n as u32, "{n} game deleted", "{n} games deleted");
                    this.tell_deleted(n as u32, &line, deletion);
                }
                Err(error) => this.tell_history(&fill(
                    &gettext("The history could not be cleared: {error}"),
                    &[("error", &error)],
                )),
            }
        });
    }

    /// The window a History command's question goes over: the one the player is in (the History
    /// window or a replay, which are not the application's windows), else the main window.
    pub(super) fn asking_parent(&self) -> gtk::Window {
        gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|window| window.downcast::<gtk::Window>().ok())
            .find(|window| window.is_active() && window.is_visible())
            .unwrap_or_else(|| self.window.clone().upcast())
    }

    /// Says what came of a History command (Delete Game, Clear History) where the player is
    /// looking: as a toast in the History window when one is open (the command came from it, or
    /// from a replay over it), else on the main window's message line.
    pub(super) fn tell_history(&self, text: &str) {
        self.tell_history_or(text, text);
    }

    /// Says why a History command can't be done: the history is still opening (for a moment
    /// after launch, or while another program holds it), or it is off, as `off` says.
    pub(super) fn tell_no_history(&self, off: &str) {
        if *self.history.borrow() == "opening" {
            self.tell_history(&gettext("The history is still opening. Try again in a moment."));
        } else {
            self.tell_history(off);
        }
    }

    /// Like [`Controller::tell_history`], with a shorter toast than the line.
    fn tell_history_or(&self, toast: &str, line: &str) {
        match history_window() {
            Some(history) => super::show_toast(&history.imp().toasts, adw::Toast::new(toast)),
            None => self.say(line),
        }
    }

    /// Says `games` games were deleted, as [`Controller::tell_history_or`] does (`line` on the
    /// main window's line); the History window's toast offers Undo, which puts them back. A
    /// deletion while the toast of earlier ones shows joins them: one toast counts them all, and
    /// its Undo brings them all back (a toast each would queue the older ones to show again
    /// later, their Undo out of Ctrl+Z's reach).
    fn tell_deleted(self: &Rc<Self>, games: u32, line: &str, deletion: Deletion) {
        let Some(history) = history_window() else {
            return self.say(line);
        };
        let this = Rc::downgrade(self);
        let mut undo: Undo = Rc::new(move || {
            if let Some(this) = this.upgrade() {
                this.undo_deletion(deletion);
            }
        });
        let mut games = games;
        if let Some(earlier) = history.imp().undo.take() {
            super::dismiss_toast(&earlier.toast);
            games += earlier.games;
            let (newest, older) = (undo, earlier.undo);
            undo = Rc::new(move || {
                newest();
                older();
            });
        }
        // Once only: a toast may linger a moment after Ctrl+Z or a later deletion took its place
        // (see `dismiss_toast`), and its Undo must not put the games back twice.
        let undo: Undo = {
            let done = std::cell::Cell::new(false);
            Rc::new(move || {
                if !done.replace(true) {
                    undo();
                }
            })
        };
        let title = match games {
            1 => gettext("Game deleted"),
            n => count(n, "{n} game deleted", "{n} games deleted"),
        };
        let toast = adw::Toast::builder()
            .title(title)
            .button_label(gettext("Undo"))
            .priority(adw::ToastPriority::High)
            .timeout(UNDO_SECONDS)
            .build();
        toast.connect_button_clicked({
            let undo = undo.clone();
            move |_| undo()
        });
        // Ctrl+Z undoes these deletions while their toast shows.
        let window = history.downgrade();
        toast.connect_dismissed(move |toast| {
            if let Some(window) = window.upgrade() {
                let mut pending = window.imp().undo.borrow_mut();
                if pending.as_ref().is_some_and(|shown| &shown.toast == toast) {
                    *pending = None;
                }
            }
        });
        history.imp().undo.replace(Some(PendingUndo {
            toast: toast.clone(),
            games,
            undo,
        }));
        super::show_toast(&history.imp().toasts, toast);
    }

    /// The toast's Undo: the deleted games come back, and the History window lists them again.
    fn undo_deletion(self: &Rc<Self>, deletion: Deletion) {
        let Some(answer) = self.recorder.borrow().as_ref().map(|recorder| recorder.undo(deletion)) else {
            return self.tell_no_history(&gettext("History is off, so nothing can be brought back."));
        };
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let undone = answer.recv().await.unwrap_or_else(|_| Err(gettext("history is off")));
            let Some(this) = this.upgrade() else { return };
            match undone {
                Ok(0) => this.tell_history(&gettext("That deletion can no longer be undone.")),
                Ok(_) => history_changed(|_| false),
                Err(error) => this.tell_history(&fill(
                    &gettext("The games deleted could not be brought back: {error}"),
                    &[("error", &error)],
                )),
            }
        });
    }
}

/// How long a deletion's toast, and its Undo, stay (a toast's default, 5 seconds, is short for
/// reading it and reaching the button).
const UNDO_SECONDS: u32 = 10;
