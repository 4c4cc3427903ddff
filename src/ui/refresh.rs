//! Redrawing the main window from the play state after every change: the board, the header's
//! counters, the title and clock (or a narrow window's status line), the pause page, which
//! commands can be used now, the board's description for screen readers, and the state file
//! for tests; then the game's progress is saved.

use adw::prelude::*;

use super::controller::Controller;
use super::play::Play;
use crate::engine::game::{format_duration, Status};
use crate::i18n::{count, fill, gettext};

impl Controller {
    /// Redraws the board and updates the counters (and the state file for tests).
    pub fn refresh(&self) {
        self.area.queue_draw();
        self.notice_practice_done();
        let entering = self.refresh_entry();
        let now = self.now_ms();
        let play = self.play.borrow();
        let Some(play) = play.as_ref() else { return };
        let game = &play.game;
        // An open All Steps window follows the game.
        if let Some(shown) = self.all_steps_shown.borrow().as_ref() {
            shown.follow(&game.position());
        }
        self.refresh_counters(play, entering);
        self.refresh_title(play, entering, now);
        self.refresh_actions(play, entering);
        // (After the commands: Resume, which may take the focus, is usable once Pause is.)
        self.refresh_pause_page(play, entering, now);
        self.describe_selected(play);
        if let Some(path) = std::env::var_os(super::probe::STATE_FILE_ENV) {
            self.write_probe(&path, play, now);
        }
        self.save_progress(game, now);
    }

    /// The header's counters (mistakes or strikes, hints) and the digit pad's, for what the
    /// board shows; while a puzzle is entered, the header tells that instead.
    fn refresh_counters(&self, play: &Play, entering: bool) {
        let game = &play.game;
        // Strict mode counts strikes ("1/3") where the mistakes were counted.
        let strict = game.rules.strict;
        self.mistakes.set_label(&match game.strikes_left() {
            Some(left) => format!("{}/{}", game.strikes(), game.strikes() + left),
            None if strict => game.strikes().to_string(),
            None => game.mistakes().to_string(),
        });
        if let Some(pad) = self.digit_pad.borrow().as_ref() {
            // The pad counts the digits the board shows: a puzzle being entered, the search's
            // while Solve runs, the solution while it is shown, else the player's.
            match self.entry.borrow().as_ref() {
                Some(entry) => pad.update(&entry.values),
                None => pad.update(&play.shown_values()),
            }
        }
        // While a puzzle is entered, the header tells that instead of the waiting game's counts.
        if let Some(counter) = self.hints.parent() {
            if counter.is_visible() == entering {
                counter.set_visible(!entering);
            }
        }
        // Without Mark Wrong Digits the player plays without being told: no mistakes counter.
        if let Some(counter) = self.mistakes.parent() {
            let shown = (play.prefs.mark_wrong || strict) && !entering;
            if counter.is_visible() != shown {
                counter.set_visible(shown);
            }
            let tip = if strict {
                gettext("Strikes")
            } else {
                gettext("Mistakes")
            };
            if counter.tooltip_text().as_deref() != Some(tip.as_str()) {
                counter.set_tooltip_text(Some(&tip));
                if let Some(icon) = counter.first_child() {
                    super::set_accessible(&icon, gtk::AccessibleProperty::Label, &tip);
                }
            }
        }
        self.hints.set_label(&match game.hints_left() {
            Some(left) => format!("{}/{}", game.hints_used(), game.hints_used() + left),
            None => game.hints_used().to_string(),
        });
    }

    /// The title over the level or the technique practised and the clock (or the narrow
    /// window's status line), and the pause page.
    fn refresh_title(&self, play: &Play, entering: bool, now: u64) {
        let game = &play.game;
        let strict = game.rules.strict;
        // Beside the level: the time played (unless hidden), or that the game is paused.
        let clock = if entering {
            None
        } else if play.paused {
            Some(gettext("Paused"))
        } else {
            play.prefs
                .show_clock
                .then(|| format_duration(game.clock.elapsed_ms(now)))
        };
        // A practice says what it practises until its step is done (the message line that said
        // so goes with the next move): "Practice" over the technique, where the level is
        // otherwise (in a narrow header a long name is cut short before the clock).
        let practising = play.practice.as_ref().filter(|_| !entering).map(|goal| {
            let name = super::names::technique_name(goal.technique);
            let whole = fill(&gettext("Practising {technique}"), &[("technique", &name)]);
            (name, whole)
        });
        // A daily puzzle is titled so, its day in the tooltip.
        let daily = self.daily_day().filter(|_| !entering && practising.is_none());
        let (title, what) = match &practising {
            _ if entering => ("Nonet".to_string(), gettext("Enter Your Own Puzzle")),
            Some((name, _)) => (gettext("Practice"), name.clone()),
            None if daily.is_some() => (gettext("Daily Puzzle"), super::level_name(play.level)),
            None => ("Nonet".to_string(), super::level_name(play.level)),
        };
        let tooltip = match (&practising, daily) {
            (Some((_, whole)), _) => Some(whole.clone()),
            (None, Some(day)) => Some(fill(
                &gettext("The daily puzzle of {day}"),
                &[("day", &super::day_name(day))],
            )),
            (None, None) => None,
        };
        if self.title.title() != title {
            self.title.set_title(&title);
        }
        // (A long technique's name does not fit a narrow header: it gives way to the clock, and
        // the tooltip has it all.)
        self.title.set_subtitle(&what, clock.as_deref());
        let mut status: Vec<String> = [Some(what), clock].into_iter().flatten().collect();
        if self.title.tooltip_text().map(String::from) != tooltip {
            self.title.set_tooltip_text(tooltip.as_deref());
        }
        if self.window.is_narrow() {
            // The header has no room for the title and counters: they share the status line,
            // which then says that it is a practice, or the daily puzzle.
            if let Some((_, whole)) = practising {
                status[0] = whole;
            } else if daily.is_some() {
                status.insert(0, title);
            }
            // (While a puzzle is entered, the waiting game's counts are not its own.)
            if !entering {
                if strict {
                    status.push(fill(&gettext("strikes {count}"), &[("count", &self.mistakes.label())]));
                } else if play.prefs.mark_wrong {
                    status.push(count(game.mistakes(), "{n} mistake", "{n} mistakes"));
                }
                status.push(fill(&gettext("hints {count}"), &[("count", &self.hints.label())]));
            }
            self.window.parts().narrow_status.set_label(&status.join(" · "));
        }
    }

    /// Which commands (app actions: their buttons, keys and menu items) can be used now.
    fn refresh_actions(&self, play: &Play, entering: bool) {
        let game = &play.game;
        // The hint button (and Ctrl+H) goes insensitive once the allowance is spent, unless a
        // hint is still being shown in stages or a slip it told can be put right.
        let playing = game.status() == Status::Playing;
        let playing = playing && !entering;
        // Paused, the board is hidden and the game takes nothing until Resume: its commands are
        // dimmed (as GNOME Sudoku dims them), Pause itself excepted.
        let paused = play.paused;
        self.enable_action(
            "hint",
            !entering && !paused && (play.hint_goes_on() || (playing && game.hints_left() != Some(0))),
        );
        // While a puzzle is entered, the game waiting behind it is not copied, printed, coloured
        // or solved (out of sight, a colour cleared said only "The game is paused").
        for action in [
            "copy-puzzle",
            "copy-position",
            "save-position",
            "solution-path",
            "all-steps",
            "print",
            "print-to-file",
            "colour",
            "clear-colours",
        ] {
            self.enable_action(action, !entering);
        }
        // Next Puzzle from File, Puzzle Number from File and Print Puzzles from File (hidden in
        // the menu until then) once a file of several was opened; Next until its last puzzle.
        let in_file = self.settings.puzzle_file();
        self.enable_action("next-in-file", in_file.as_ref().is_some_and(|file| file.has_next()));
        self.enable_action("choose-in-file", in_file.is_some());
        self.enable_action("print-file-puzzles", in_file.is_some());
        // Undo and Redo (buttons and keys) only when they would do something: not after Solve,
        // nor while it runs (the board shows the search, not the game the moves would change).
        let solving = play.animation.is_some();
        self.enable_action("undo", playing && !paused && !solving && game.can_undo());
        // (Not dimmed by a wrong digit's absence: with Mark Wrong Digits off, that would tell.)
        self.enable_action(
            "undo-to-last-correct",
            playing && !paused && !solving && game.can_undo(),
        );
        self.enable_action("redo", playing && !paused && !solving && game.can_redo());
        // A game that is over takes no pencil marks, pause, solving, candidates or reset, and
        // shows its solution only where the board is not already it (lost in strict mode), or
        // to hide it again.
        self.enable_action("pause", playing);
        for action in ["pencil", "solve", "fill-candidates", "reset"] {
            self.enable_action(action, playing && !paused);
        }
        // (Dimmed, as Undo is, where it would do nothing: no mark on the board.)
        let marked = (0..81).any(|cell| !game.marks(cell).is_empty());
        self.enable_action("clear-marks", playing && !paused && !solving && marked);
        self.enable_action("set-checkpoint", playing && !paused && !solving);
        // (Dimmed, as Undo is, where it would do nothing: none set, or the board as it was then.)
        self.enable_action(
            "back-to-checkpoint",
            playing && !paused && !solving && game.has_checkpoint() && !game.at_checkpoint(),
        );
        let solved = matches!(game.status(), Status::Solved | Status::SolvedByComputer);
        // (Not while Solve runs: the board shows its search; Esc stops it.)
        self.enable_action(
            "show-solution",
            !entering && !paused && !solving && (!solved || play.solution_shown()),
        );
    }

    /// Keeps the board's accessible description (what a screen reader reads) on the selected cell.
    fn describe_selected(&self, play: &Play) {
        let description = play.describe_selected();
        if *self.described.borrow() != description {
            super::set_accessible(&self.area, gtk::AccessibleProperty::Description, &description);
            self.described.replace(description);
        }
    }

    /// The pause page over a paused game's board, with the time the clock stopped at.
    fn refresh_pause_page(&self, play: &Play, entering: bool, now: u64) {
        // (A puzzle entered on the board while the game is paused is on show: the page covers
        // the paused game's board only.)
        let covered = play.paused && !entering;
        if self.pause_page.is_visible() != covered {
            self.show_pause_page(covered);
        }
        if covered {
            let description = match play.prefs.show_clock {
                true => fill(
                    &gettext("The clock stopped at {time}. Click, press a key or Resume to play on."),
                    &[("time", &format_duration(play.game.clock.elapsed_ms(now)))],
                ),
                false => gettext("The clock stopped. Click, press a key or Resume to play on."),
            };
            if self.pause_page.description().as_deref() != Some(description.as_str()) {
                self.pause_page.set_description(Some(&description));
            }
        }
    }

    /// Shows or hides the pause page over the board, the keyboard's focus going with it: the
    /// board hidden under the page is no stop of Tab or Ctrl+Tab, and a focus it had goes to
    /// Resume (a screen reader reads the page's button, not the hidden board), and back to the
    /// board on resuming (from the page's button, or from nowhere).
    fn show_pause_page(&self, paused: bool) {
        let resume = self.pause_page.child();
        // (The window's focus, which it keeps while another window is active: paused then.)
        let focus = GtkWindowExt::focus(&self.window);
        let on_page = focus.as_ref().is_none_or(|focus| focus.is_ancestor(&self.pause_page));
        let on_board = focus.is_some_and(|focus| focus == *self.area.upcast_ref::<gtk::Widget>());
        self.pause_page.set_visible(paused);
        self.area.set_focusable(!paused);
        if paused && on_board {
            if let Some(resume) = resume {
                resume.grab_focus();
            }
        } else if !paused && on_page {
            self.area.grab_focus();
        }
    }
}
