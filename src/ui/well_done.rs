//! The "Well done!" a solved game ends with: its time, mistakes and hints, what it offers next
//! (a new puzzle, another practice, the file's next puzzle), and what the history adds for a game
//! solved alone: how its time stands against the level's best, and the daily puzzle's streak.

use std::rc::Rc;

use adw::prelude::*;

use super::controller::Controller;
use crate::engine::daily::{self, Day, SolvedDay};
use crate::engine::game::format_duration;
use crate::engine::logic::Level;
use crate::i18n::{count, fill, gettext, ngettext};
use crate::store;

/// A game just solved alone, as the history compares it.
struct Solved {
    level: Level,
    started_at: i64,
    elapsed_ms: u64,
    /// The day of the daily puzzle it is, if it is one.
    daily: Option<Day>,
}

impl Controller {
    /// Tells the player the puzzle is solved, and offers a new one (a practice: another of its
    /// technique first; a puzzle of a file of several: the file's next, if any).
    pub(super) fn finished(self: &Rc<Self>) {
        self.file_puzzle_solved();
        let now = self.now_ms();
        let started = self.started_game.borrow().as_ref().map(|g| (g.level, g.started_at));
        let practice = self.started_game.borrow().as_ref().and_then(|g| g.practice);
        let daily = self.daily_day();
        let ended = self.with_play(|play| {
            play.game.clock.stop(now);
            let game = &play.game;
            let elapsed_ms = game.clock.elapsed_ms(now);
            // (A practice began part solved: helped, but that is what a practice is.)
            let template = match practice {
                Some(_) => gettext("Practice of {technique} solved in {time} with {mistakes} and {hints}."),
                None if game.helped() => {
                    gettext("Solved with help in {time} with {mistakes} and {hints} (not a best time).")
                }
                None => gettext("Solved in {time} with {mistakes} and {hints}."),
            };
            let summary = fill(
                &template,
                &[
                    (
                        "technique",
                        &practice.map(super::names::technique_name).unwrap_or_default(),
                    ),
                    ("time", &format_duration(elapsed_ms)),
                    ("mistakes", &count(game.mistakes(), "{n} mistake", "{n} mistakes")),
                    ("hints", &count(game.hints_used(), "{n} hint", "{n} hints")),
                ],
            );
            let alone = started
                .filter(|_| practice.is_none() && !game.helped())
                .map(|(level, started_at)| Solved {
                    level,
                    started_at,
                    elapsed_ms,
                    daily,
                });
            (summary, alone)
        });
        let Some((summary, alone)) = ended else { return };
        self.say(&summary);
        let dialog = adw::MessageDialog::new(Some(&self.window), Some(&gettext("Well done!")), Some(&summary));
        dialog.add_response("close", &gettext("Close"));
        dialog.add_response("new", &gettext("New Puzzle"));
        let next_in_file = self.next_in_file_follows();
        let offered = match practice {
            Some(_) => {
                dialog.add_response("practise", &gettext("Practise Another"));
                "practise"
            }
            None if next_in_file => {
                dialog.add_response("next", &gettext("Next Puzzle from File"));
                "next"
            }
            None => "new",
        };
        dialog.set_response_appearance(offered, adw::ResponseAppearance::Suggested);
        dialog.set_default_response(Some(offered));
        let this = Rc::downgrade(self);
        dialog.connect_response(None, move |_, response| match (this.upgrade(), response, practice) {
            (Some(this), "new", _) => this.new_game(),
            (Some(this), "practise", Some(technique)) => this.practise(technique),
            (Some(this), "next", _) => this.next_in_file(),
            _ => {}
        });
        super::present_dialog(&dialog);
        if let Some(solved) = alone {
            self.tell_from_history(&dialog, summary, solved);
        }
    }

    /// Adds to `dialog` (the "Well done!" whose body is `summary`) what the history says of a
    /// game solved alone: its time against the best of its level before it, as games' own
    /// records do, and for a daily puzzle the streak it makes, as newspapers' daily puzzles do
    /// (one played after its day makes none, and the dialog says so). The history is read off
    /// the main thread once this game's end is written. With history off (this game not kept)
    /// or unreadable, only what needs no history is told.
    fn tell_from_history(self: &Rc<Self>, dialog: &adw::MessageDialog, summary: String, solved: Solved) {
        let on_its_day = solved.daily.map(|day| store::local_day(solved.started_at) == Some(day));
        let late = (on_its_day == Some(false))
            .then(|| gettext("Played after its day, this puzzle counts as a day solved, but not in a streak."));
        let dialog = dialog.downgrade();
        let tell = move |told: Vec<String>| {
            if let Some(dialog) = dialog.upgrade() {
                let body = std::iter::once(summary).chain(told).chain(late);
                dialog.set_body(&body.collect::<Vec<_>>().join("\n\n"));
            }
        };
        if self.recorder.borrow().is_none() {
            return tell(Vec::new());
        }
        let (level, started_at, today) = (solved.level, solved.started_at, super::today());
        self.read_history(
            move |store| {
                let days = match on_its_day {
                    Some(true) => Some(store.daily_days_solved()?),
                    _ => None,
                };
                Ok((store.best_time_other_than(level, started_at)?, days))
            },
            move |_, found| {
                let Ok((best, days)) = found else {
                    return tell(Vec::new());
                };
                let mut told = vec![best_time_words(&solved, best)];
                if let (Some(mut days), Some((day, today))) = (days, solved.daily.zip(today)) {
                    // (In case its end is not written yet.)
                    days.push(SolvedDay { day, on_its_day: true });
                    told.extend(streak_words(daily::streaks(&days, today)));
                }
                tell(told);
            },
        );
    }
}

/// How a game's time stands against `best`, the best of its level before it (compared by the
/// second, as times are shown).
fn best_time_words(solved: &Solved, best: Option<u64>) -> String {
    let level = super::level_in_sentence(solved.level);
    let seconds = solved.elapsed_ms / 1000;
    match best {
        None => fill(
            &gettext("That is your first {level} puzzle solved without help."),
            &[("level", &level)],
        ),
        Some(best) if seconds < best / 1000 => fill(
            &gettext("A new best time for {level} puzzles: your best was {best}."),
            &[("level", &level), ("best", &format_duration(best))],
        ),
        Some(best) if seconds == best / 1000 => fill(
            &gettext("That equals your best time for {level} puzzles."),
            &[("level", &level)],
        ),
        Some(best) => fill(
            &gettext("Your best time for {level} puzzles is {best}."),
            &[("level", &level), ("best", &format_duration(best))],
        ),
    }
}

/// The streak a daily puzzle solved on its day makes (none for one begun on its day and
/// finished days later: its run has ended).
fn streak_words(streaks: daily::Streaks) -> Option<String> {
    let n = streaks.current;
    Some(match n {
        0 => return None,
        1 => gettext("A daily streak begins: solve the next day's puzzle to keep it going."),
        _ if n >= streaks.best => fill(
            &ngettext(
                "That makes {n} day in a row, your best streak yet.",
                "That makes {n} days in a row, your best streak yet.",
                n,
            ),
            &[("n", &n)],
        ),
        _ => fill(
            &ngettext("That makes {n} day in a row.", "That makes {n} days in a row.", n),
            &[("n", &n)],
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(elapsed_ms: u64, best: Option<u64>) -> String {
        let solved = Solved {
            level: Level::Hard,
            started_at: 0,
            elapsed_ms,
            daily: None,
        };
        best_time_words(&solved, best)
    }

    /// A time is compared with the best by the second, as both are shown.
    #[test]
    fn a_time_is_told_against_the_levels_best_by_the_second() {
        assert_eq!(
            words(61_000, None),
            "That is your first hard puzzle solved without help."
        );
        assert_eq!(
            words(59_900, Some(60_000)),
            "A new best time for hard puzzles: your best was 1:00."
        );
        assert_eq!(
            words(60_900, Some(60_000)),
            "That equals your best time for hard puzzles."
        );
        assert_eq!(words(61_000, Some(60_999)), "Your best time for hard puzzles is 1:00.");
    }
}
