//! The daily puzzle: one a day, the same on every machine (generated from the date alone, its
//! clues in rotational symmetry as newspapers print them), easier early in the week and harder
//! towards its end. Its seed tells its date back, so a game's record names the day it was of.

use std::fmt;

use super::generator::{Options, Symmetry};
use super::logic::Level;

/// A day of the calendar (proleptic Gregorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    year: i32,
    month: u32,
    day: u32,
}

/// The high half of a daily puzzle's seed ("None", the first four letters of "Nonet" in ASCII):
/// the low half is the date written as digits, 20261205. A random seed has this high half once
/// in four billion.
const TAG: u64 = 0x4E6F_6E65 << 32;

/// The level of each weekday's puzzle, Monday first.
const LEVELS: [Level; 7] = [
    Level::Easy,
    Level::Medium,
    Level::Medium,
    Level::Hard,
    Level::Hard,
    Level::Expert,
    Level::Expert,
];

impl Day {
    /// The day, if the calendar has it (years 1 to 9999).
    pub fn new(year: i32, month: u32, day: u32) -> Option<Day> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        ((1..=9999).contains(&year) && (1..=days).contains(&day)).then_some(Day { year, month, day })
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.trim().splitn(3, '-');
        let mut next = || {
            parts
                .next()
                .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        };
        let (year, month, day) = (next()?, next()?, next()?);
        Day::new(year.parse().ok()?, month.parse().ok()?, day.parse().ok()?)
    }

    pub fn year(self) -> i32 {
        self.year
    }

    pub fn month(self) -> u32 {
        self.month
    }

    pub fn day(self) -> u32 {
        self.day
    }

    /// 0 for Monday to 6 for Sunday.
    pub fn weekday(self) -> usize {
        // (1 January 1970 was a Thursday.)
        (self.ordinal() + 3).rem_euclid(7) as usize
    }

    /// Days since 1 January 1970, by Howard Hinnant's days-from-civil.
    fn ordinal(self) -> i64 {
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let of_era = year - era * 400;
        let month = i64::from(self.month);
        let of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let of_era_days = of_era * 365 + of_era / 4 - of_era / 100 + of_year;
        era * 146_097 + of_era_days - 719_468
    }

    /// The level of the day's puzzle: Easy on Monday, Medium on Tuesday and Wednesday, Hard on
    /// Thursday and Friday, Expert at the weekend.
    pub fn level(self) -> Level {
        LEVELS[self.weekday()]
    }

    /// The day after.
    pub fn next(self) -> Option<Day> {
        Day::new(self.year, self.month, self.day + 1)
            .or_else(|| Day::new(self.year, self.month + 1, 1))
            .or_else(|| Day::new(self.year + 1, 1, 1))
    }

    /// The seed the day's puzzle is generated from.
    pub fn seed(self) -> u64 {
        TAG | (self.year as u64 * 10_000 + u64::from(self.month) * 100 + u64::from(self.day))
    }

    /// Every seed a day's puzzle may have (and some that are no day's: `of_seed` tells).
    pub fn seeds() -> std::ops::RangeInclusive<u64> {
        TAG..=TAG | 0xFFFF_FFFF
    }

    /// The day whose puzzle a seed gives, if it is a daily puzzle's.
    pub fn of_seed(seed: u64) -> Option<Day> {
        if seed & !0xFFFF_FFFF != TAG {
            return None;
        }
        let date = seed & 0xFFFF_FFFF;
        Day::new(
            i32::try_from(date / 10_000).ok()?,
            (date / 100 % 100) as u32,
            (date % 100) as u32,
        )
    }

    /// How the day's puzzle is generated.
    pub fn options(self) -> Options {
        Options {
            seed: self.seed(),
            symmetry: Symmetry::Rotational,
            minimal: false,
            difficulty: Some(self.level()),
        }
    }
}

/// How the daily puzzles went: how many days' puzzles were solved, and the runs of days in a
/// row whose puzzle was solved on the day itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    pub solved: u32,
    /// The run ending today, or yesterday while today's puzzle is still to be solved.
    pub current: u32,
    pub best: u32,
}

/// A day whose puzzle was solved, and whether on that day (a streak counts only those: a past
/// day's puzzle played later fills no gap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvedDay {
    pub day: Day,
    pub on_its_day: bool,
}

/// The streaks of `solved`, the days whose puzzle was solved (in any order, a day more than
/// once when its puzzle was solved again), as they stand on `today`.
pub fn streaks(solved: &[SolvedDay], today: Day) -> Streaks {
    let distinct = |on_time_only: bool| {
        let mut days: Vec<i64> = solved
            .iter()
            .filter(|s| s.on_its_day || !on_time_only)
            .map(|s| s.day.ordinal())
            .collect();
        days.sort_unstable();
        days.dedup();
        days
    };
    let (mut best, mut run, mut last) = (0, 0, None);
    for day in distinct(true) {
        run = if last == Some(day - 1) { run + 1 } else { 1 };
        best = best.max(run);
        last = Some(day);
    }
    let today = today.ordinal();
    let current = match last {
        Some(day) if day == today || day == today - 1 => run,
        _ => 0,
    };
    Streaks {
        solved: u32::try_from(distinct(false).len()).unwrap_or(u32::MAX),
        current,
        best,
    }
}

impl std::str::FromStr for Day {
    type Err = String;

    fn from_str(text: &str) -> Result<Day, String> {
        Day::parse(text).ok_or_else(|| format!("'{text}' is no date of the calendar (expected YYYY-MM-DD)"))
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generator::generate;
    use crate::engine::logic::rate;

    #[test]
    fn days_are_read_checked_and_named_by_weekday() {
        let day = Day::parse("2026-12-05").unwrap();
        assert_eq!((day.year(), day.month(), day.day()), (2026, 12, 5));
        assert_eq!(day.to_string(), "2026-12-05");
        // Known weekdays: 5 December 2026 is a Saturday, 1 January 1970 a Thursday, 29 February
        // 2000 a Tuesday, 1 March 1900 a Thursday, 1 January 0001 a Monday.
        let weekday = |text| Day::parse(text).unwrap().weekday();
        assert_eq!(
            ["2026-12-05", "1970-01-01", "2000-02-29", "1900-03-01", "0001-01-01"].map(weekday),
            [5, 3, 1, 3, 0]
        );
        for bad in [
            "2026-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-04-31",
            "2026-00-10",
            "2026-1",
            "",
            "x-1-1",
            "2026--1-1",
        ] {
            assert_eq!(Day::parse(bad), None, "{bad}");
        }
        assert!(Day::parse("2000-02-29").is_some());
        // The day after, over a month's and a year's end.
        let next = |text| Day::parse(text).unwrap().next().unwrap().to_string();
        assert_eq!(
            ["2026-12-05", "2026-02-28", "2024-02-28", "2026-12-31"].map(next),
            ["2026-12-06", "2026-03-01", "2024-02-29", "2027-01-01"]
        );
        assert_eq!(Day::parse("9999-12-31").unwrap().next(), None);
    }

    #[test]
    fn a_day_gives_its_seed_and_the_seed_its_day() {
        let day = Day::new(2026, 12, 5).unwrap();
        assert_eq!(Day::of_seed(day.seed()), Some(day));
        assert!(Day::seeds().contains(&day.seed()) && !Day::seeds().contains(&20261205));
        // (Stored as SQLite's signed integers, as they are.)
        assert!(i64::try_from(*Day::seeds().end()).is_ok());
        assert_eq!(
            Day::of_seed(Day::new(2026, 12, 6).unwrap().seed()),
            Day::new(2026, 12, 6)
        );
        // Random seeds are no day's, nor is the tag with a date the calendar lacks.
        assert_eq!(Day::of_seed(20261205), None);
        assert_eq!(Day::of_seed(day.seed() + 26), Day::new(2026, 12, 31));
        assert_eq!(Day::of_seed(day.seed() + 30), None, "20261235");
    }

    #[test]
    fn streaks_are_runs_of_days_in_a_row() {
        let days = |list: &[&str]| {
            list.iter()
                .map(|d| SolvedDay {
                    day: Day::parse(d).unwrap(),
                    on_its_day: true,
                })
                .collect::<Vec<_>>()
        };
        let today = Day::parse("2026-12-05").unwrap();
        assert_eq!(streaks(&[], today), Streaks::default());
        // Three days in a row, a day alone, and two days to yesterday (one solved twice).
        let solved = days(&[
            "2026-12-04",
            "2026-11-28",
            "2026-11-29",
            "2026-12-01",
            "2026-11-27",
            "2026-12-03",
            "2026-12-04",
        ]);
        let before_today = streaks(&solved, today);
        assert_eq!(
            before_today,
            Streaks {
                solved: 6,
                current: 2,
                best: 3
            },
            "27, 28, 29 | 1 | 3, 4"
        );
        // Today's solved too: the run goes on; a day missed ends it.
        let mut with_today = solved.clone();
        with_today.extend(days(&["2026-12-05"]));
        assert_eq!(streaks(&with_today, today).current, 3);
        assert_eq!(streaks(&with_today, today).best, 3);
        // The day missed, 2 December, solved later: a day solved, but no run joined.
        let mut late = with_today.clone();
        late.push(SolvedDay {
            day: Day::parse("2026-12-02").unwrap(),
            on_its_day: false,
        });
        let joined = streaks(&late, today);
        assert_eq!((joined.solved, joined.current, joined.best), (8, 3, 3));
        // Solved on its day as well as late, it joins them: 1 to 5 December.
        late.extend(days(&["2026-12-02"]));
        let joined = streaks(&late, today);
        assert_eq!((joined.solved, joined.current, joined.best), (8, 5, 5));
        // Over a month's end.
        let on = streaks(
            &days(&["2026-11-29", "2026-11-30", "2026-12-01"]),
            Day::parse("2026-12-01").unwrap(),
        );
        assert_eq!((on.current, on.best), (3, 3));
        assert_eq!(streaks(&solved, Day::parse("2026-12-06").unwrap()).current, 0);
        // Over a year's end and a leap day.
        let solved = days(&["2024-02-28", "2024-02-29", "2024-03-01", "2025-12-31", "2026-01-01"]);
        let on = streaks(&solved, Day::parse("2026-01-01").unwrap());
        assert_eq!((on.solved, on.current, on.best), (5, 2, 3));
    }

    #[test]
    fn each_day_has_its_own_puzzle_at_its_weekday_level() {
        // A week: Monday 30 November 2026 to Sunday 6 December.
        let mut puzzles = Vec::new();
        let mut day = Day::new(2026, 11, 30).unwrap();
        for i in 0..7 {
            if i > 0 {
                day = day.next().unwrap();
            }
            assert_eq!(day.weekday(), i);
            let generated = generate(day.options()).unwrap();
            // Generated again, the same puzzle; rated again, the weekday's level; symmetric.
            assert_eq!(generate(day.options()).unwrap().puzzle, generated.puzzle);
            assert_eq!(rate(&generated.puzzle).level, LEVELS[i], "{day}");
            assert!(Symmetry::Rotational.holds_for(&generated.puzzle));
            puzzles.push(generated.puzzle);
        }
        puzzles.sort_unstable();
        puzzles.dedup();
        assert_eq!(puzzles.len(), 7);
    }
}
