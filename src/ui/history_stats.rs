//! History's Statistics page: solve times drawn by cairo (a dot a game, a line a level's typical
//! time), each level's figures, the daily puzzle's streaks, and the techniques the hints taught.
//! Read off the main thread on a read-only connection, as the games list is.

use std::path::PathBuf;
use std::rc::Rc;

use adw::prelude::*;
use gtk::{cairo, gio, glib};

use super::board::{self, Palette};
use super::history::open_store;
use super::names::technique_name;
use super::recorder::store_error_words;
use crate::engine::daily;
use crate::engine::game::format_duration;
use crate::engine::logic::Level;
use crate::engine::practice;
use crate::i18n::{count, fill, gettext, number, pgettext};
use crate::store::{LevelStats, SolveTime, TechniqueHints};

/// Fills the Statistics page (in place of what it showed).
pub(super) fn load_stats(container: &gtk::Box, path: PathBuf) {
    let handle = gio::spawn_blocking(move || {
        let store = open_store(&path)?;
        let (stats, times) = store.stats_and_solve_times().map_err(|e| store_error_words(&e))?;
        // (Here, off the main thread: over a long history the lines take a while.)
        let lines = trend_lines(&times);
        Ok::<_, String>((
            stats,
            (times, lines),
            store.hints_by_technique().map_err(|e| store_error_words(&e))?,
            store.daily_days_solved().map_err(|e| store_error_words(&e))?,
        ))
    });
    let container = container.clone();
    glib::spawn_future_local(async move {
        let result = handle
            .await
            .unwrap_or_else(|_| Err(gettext("the history could not be read")));
        while let Some(child) = container.first_child() {
            container.remove(&child);
        }
        match result {
            Ok((stats, (times, lines), hints, daily)) => {
                let group = adw::PreferencesGroup::builder()
                    .title(gettext("Solve Times"))
                    .description(match !lines.is_empty() {
                        true => gettext(
                            "Each dot is a game you solved, in the order played; each line, a level's median time over its latest games",
                        ),
                        false => gettext("Each dot is a game you solved, in the order played"),
                    })
                    .build();
                group.add(&gtk::Frame::builder().child(&solve_times(times, lines)).build());
                container.append(&group);
                // (Once one is solved: a streak goes on day after day.)
                let streaks = super::today().map(|today| daily::streaks(&daily, today));
                if let Some(streaks) = streaks.filter(|s| s.solved > 0) {
                    container.append(&daily_group(streaks));
                }
                // Levels never played have nothing to show (with none at all, the chart's line
                // says where the times will be).
                for level in stats.iter().filter(|s| s.played > 0) {
                    container.append(&level_group(level));
                }
                if !hints.is_empty() {
                    container.append(&hints_group(&hints));
                }
            }
            Err(error) => {
                let label = gtk::Label::new(Some(&fill(
                    &gettext("History can't be read: {error}"),
                    &[("error", &error)],
                )));
                label.set_wrap(true);
                container.append(&label);
            }
        }
    });
}

/// The chart of solve times, or with none yet a line saying where they will be (a label, which
/// wraps and is read by screen readers). The chart tells screen readers how many games it shows,
/// the best and latest times and, where a level has its line, its typical time now and at first.
fn solve_times(times: Vec<SolveTime>, lines: Vec<TrendLine>) -> gtk::Widget {
    let (Some(best), Some(latest)) = (times.iter().map(|t| t.elapsed_ms).min(), times.last()) else {
        return gtk::Label::builder()
            .label(gettext("Solve a puzzle and its time appears here."))
            .wrap(true)
            .justify(gtk::Justification::Center)
            .margin_top(48)
            .margin_bottom(48)
            .margin_start(12)
            .margin_end(12)
            .css_classes(["dim-label"])
            .build()
            .upcast();
    };
    let chart = gtk::DrawingArea::builder().height_request(220).hexpand(true).build();
    super::set_accessible(&chart, gtk::AccessibleProperty::Label, &gettext("Chart of solve times"));
    let solved = count(times.len() as u32, "{n} game solved", "{n} games solved");
    let summary = fill(
        &gettext("{solved}; the best in {best}, the latest in {latest}"),
        &[
            ("solved", &solved),
            ("best", &format_duration(best)),
            ("latest", &format_duration(latest.elapsed_ms)),
        ],
    );
    super::set_accessible(
        &chart,
        gtk::AccessibleProperty::Description,
        &std::iter::once(summary)
            .chain(trends_told(&lines))
            .collect::<Vec<_>>()
            .join(". "),
    );
    let times = Rc::new(times);
    chart.set_draw_func(move |area, cr, width, height| {
        let _ = draw_chart(cr, width as f64, height as f64, &times, &lines, &board::palette(area));
    });
    chart.upcast()
}

/// What the lines show a screen reader: each level's typical time now and at first (a line's
/// last and first points), as "Medium: typically 7:30, at first 12:05".
fn trends_told(lines: &[TrendLine]) -> Option<String> {
    let told: Vec<String> = lines
        .iter()
        .filter_map(|(level, points)| {
            let (first, now) = (points.first()?.1, points.last()?.1);
            Some(fill(
                // Translators: a level's line on the chart of solve times, read by screen
                // readers: the median time of its latest games, and of its first ones.
                &gettext("{level}: typically {now}, at first {first}"),
                &[
                    ("level", &super::level_name(*level)),
                    ("now", &format_duration(now)),
                    ("first", &format_duration(first)),
                ],
            ))
        })
        .collect();
    (!told.is_empty()).then(|| told.join("; "))
}

fn level_group(stats: &LevelStats) -> adw::PreferencesGroup {
    let group = adw::PreferencesGroup::builder()
        .title(super::level_name(stats.level))
        .build();
    let time = |ms: Option<u64>| ms.map(format_duration).unwrap_or_else(|| "–".into());
    let lost = (stats.lost > 0).then(|| (gettext("Lost to Strikes"), number(stats.lost.into())));
    let solved = fill(
        // Translators: the games solved and the share of the games played they are, as in
        // "3,278 (88%)"; write the percent sign as your language does ("88 %" in French).
        &gettext("{solved} ({percent}%)"),
        &[
            ("solved", &number(stats.solved.into())),
            ("percent", &format!("{:.0}", stats.solve_rate * 100.0)),
        ],
    );
    for (index, (title, value)) in [
        (gettext("Played"), number(stats.played.into())),
        // (Counts of games: in French, say, plural where a game's status is singular.)
        (pgettext("games counted", "Solved"), solved),
        (
            pgettext("games counted", "Solved with Help"),
            number(stats.solved_with_help.into()),
        ),
    ]
    .into_iter()
    .chain(lost)
    .chain([
        (gettext("Best Time"), time(stats.best_ms)),
        (gettext("Median Time"), time(stats.median_ms)),
        (gettext("Average Time"), time(stats.mean_ms)),
        (gettext("Current Streak"), number(stats.current_streak.into())),
        (gettext("Best Streak"), number(stats.best_streak.into())),
    ])
    .enumerate()
    {
        let row = value_row(&title, &value);
        group.add(&row);
        // (The list shows more games than were played: paused ones are not counted yet.)
        if index == 0 {
            row.set_subtitle(&gettext("Paused games count once they end"));
        }
    }
    group
}

/// The daily puzzles solved: how many days', and the streaks of days in a row (each puzzle
/// solved on its day); its header's button opens their calendar.
fn daily_group(streaks: daily::Streaks) -> adw::PreferencesGroup {
    let group = adw::PreferencesGroup::builder()
        .title(gettext("Daily Puzzles"))
        .description(gettext(
            "Solved without help; a streak counts the puzzles solved on their day",
        ))
        .build();
    let calendar = gtk::Button::builder()
        .icon_name("x-office-calendar-symbolic")
        .tooltip_text(gettext("Daily Puzzle Calendar"))
        .valign(gtk::Align::Center)
        .css_classes(["flat"])
        .build();
    super::set_accessible(
        &calendar,
        gtk::AccessibleProperty::Label,
        &gettext("Daily Puzzle Calendar"),
    );
    // (Over History, the window the player is in: Play closes it too.)
    calendar.connect_clicked(|_| super::activate_app_action("daily-calendar", None));
    group.set_header_suffix(Some(&calendar));
    let days = |n: u32| count(n, "{n} day", "{n} days");
    for (title, value) in [
        (gettext("Days Solved"), number(streaks.solved.into())),
        (gettext("Current Streak"), days(streaks.current)),
        (gettext("Best Streak"), days(streaks.best)),
    ] {
        group.add(&value_row(&title, &value));
    }
    group
}

/// A statistic's row: its name, and its value dimmed at the end.
fn value_row(title: &str, value: &str) -> adw::ActionRow {
    let row = adw::ActionRow::builder().title(title).build();
    row.add_suffix(&dimmed(value));
    row
}

/// A count or a value at a row's end, dimmed beside the row's title.
fn dimmed(text: &str) -> gtk::Label {
    gtk::Label::builder().label(text).css_classes(["dim-label"]).build()
}

/// The techniques the player's hints taught, the most asked first, each with how many hints, a
/// button to the help's section on it and, where it can be practised, a button that starts a
/// practice of it (closing History, as a game's Play Again does): what to practise to find such
/// steps alone.
fn hints_group(hints: &[TechniqueHints]) -> adw::PreferencesGroup {
    let group = adw::PreferencesGroup::builder()
        .title(gettext("Hints by Technique"))
        .description(gettext(
            "What your hints taught, the most asked first: practise one to find it yourself next time",
        ))
        .build();
    for hint in hints {
        let name = technique_name(hint.technique);
        let row = adw::ActionRow::builder().title(name.as_str()).build();
        let asked = count(hint.hints, "{n} hint", "{n} hints");
        row.add_suffix(&dimmed(&asked));
        if practice::techniques().contains(&hint.technique) {
            let what = fill(&gettext("Practise {technique}"), &[("technique", &name)]);
            let practise = gtk::Button::builder()
                .label(gettext("Practise"))
                .valign(gtk::Align::Center)
                .tooltip_text(what.as_str())
                .build();
            super::set_accessible(&practise, gtk::AccessibleProperty::Label, &what);
            let id = hint.technique.id();
            practise.connect_clicked(move |button| {
                super::activate_app_action("practise-technique", Some(&id.to_variant()));
                if let Some(window) = button.root().and_downcast::<gtk::Window>() {
                    window.close();
                }
            });
            row.add_suffix(&practise);
        }
        // The help's section on the technique, as a hint's link opens it.
        let about = fill(&gettext("Help on {technique}"), &[("technique", &name)]);
        let help = gtk::Button::builder()
            .icon_name("help-about-symbolic")
            .valign(gtk::Align::Center)
            .tooltip_text(about.as_str())
            .css_classes(["flat"])
            .build();
        super::set_accessible(&help, gtk::AccessibleProperty::Label, &about);
        let page = super::message::technique_page(hint.technique);
        help.connect_clicked(move |_| super::activate_app_action("help-page", Some(&page.to_variant())));
        row.add_suffix(&help);
        group.add(&row);
    }
    group
}

/// The chart's time axis for times up to `max_ms`: a round step (15 s, 30 s, 1, 2, 5, 10, 15, 30
/// minutes, 1, 2, 5, 10… hours) and how many steps (at most four) reach past the longest time.
/// Times beyond 20,000 hours (a damaged history) stay at the top of the axis.
fn chart_ticks(max_ms: u64) -> (u64, u64) {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    const STEPS: [u64; 17] = [
        15_000,
        30_000,
        MINUTE,
        2 * MINUTE,
        5 * MINUTE,
        10 * MINUTE,
        15 * MINUTE,
        30 * MINUTE,
        HOUR,
        2 * HOUR,
        5 * HOUR,
        10 * HOUR,
        20 * HOUR,
        50 * HOUR,
        100 * HOUR,
        1000 * HOUR,
        5000 * HOUR,
    ];
    let max_ms = max_ms.min(20_000 * HOUR);
    let step = STEPS
        .into_iter()
        .find(|&step| max_ms.div_ceil(step) <= 4)
        .unwrap_or(5000 * HOUR);
    (step, max_ms.div_ceil(step).max(1))
}

/// A tick of the time axis: "30 s", "2 min", "1 h 30", "5 h".
fn tick_label(ms: u64) -> String {
    let seconds = ms / 1000;
    match (seconds / 3600, seconds / 60 % 60, seconds % 60) {
        (0, 0, 0) => "0".to_string(),
        (0, 0, s) => format!("{s} s"),
        (0, m, 0) => format!("{m} min"),
        (0, m, s) => format!("{m}:{s:02}"),
        (h, 0, _) => format!("{h} h"),
        (h, m, _) => format!("{h} h {m}"),
    }
}

/// Solve times (up) against games in the order played (across), one colour a level.
/// The fewest of a level's latest games its line on the chart takes the median of.
const TREND_GAMES: usize = 10;

/// Over a long history a level's line takes the median of this share of its games (a
/// fortieth) at each point, more than [`TREND_GAMES`]: so that the line, hundreds of games to
/// an inch, shows the trend and not the games' scatter.
const TREND_SHARE: usize = 40;

/// The most points a line has besides its first: more than the chart's width in pixels holds,
/// so that a long history's lines cost no more than a short one's.
const TREND_POINTS: usize = 600;

/// A level's line on the chart: the level, and its points, each at one of its games (its place
/// among all) with the median of the level's games up to it.
type TrendLine = (Level, Vec<(usize, u64)>);

/// The chart's lines, one for each level with more than [`TREND_GAMES`] games solved (a line
/// of one point would be a dot): the median of its last [`TREND_GAMES`] games at each, or of
/// more over a long history ([`TREND_SHARE`]); at most [`TREND_POINTS`] points, evenly spread
/// and ending at its latest game.
fn trend_lines(times: &[SolveTime]) -> Vec<TrendLine> {
    let mut lines = Vec::new();
    for &level in Level::ALL.iter() {
        let (at, ms): (Vec<usize>, Vec<u64>) = times
            .iter()
            .enumerate()
            .filter(|(_, time)| time.level == level)
            .map(|(i, time)| (i, time.elapsed_ms))
            .unzip();
        let window = (ms.len() / TREND_SHARE).max(TREND_GAMES);
        if ms.len() <= window {
            continue;
        }
        // The games whose median a point shows (the last of each window), every `stride`th
        // back from the latest, and the first window's: the line starts at the level's first
        // typical time.
        let stride = (ms.len() - window + 1).div_ceil(TREND_POINTS);
        let mut ends: Vec<usize> = (window - 1..ms.len()).rev().step_by(stride).collect();
        if ends.last() != Some(&(window - 1)) {
            ends.push(window - 1);
        }
        ends.reverse();
        let line = ends
            .into_iter()
            .map(|end| (at[end], lower_median(&ms[end + 1 - window..=end])))
            .collect();
        lines.push((level, line));
    }
    lines
}

/// The median of `times`, the lower of the middle two of an even count (0 for none): what is
/// typical of them, one quick or slow game moving it little.
fn lower_median(times: &[u64]) -> u64 {
    if times.is_empty() {
        return 0;
    }
    let mut times = times.to_vec();
    let middle = (times.len() - 1) / 2;
    *times.select_nth_unstable(middle).1
}

fn draw_chart(
    cr: &cairo::Context,
    width: f64,
    height: f64,
    times: &[SolveTime],
    lines: &[TrendLine],
    palette: &Palette,
) -> Result<(), cairo::Error> {
    board::set_color(cr, &palette.paper);
    cr.paint()?;
    let (left, right, top, bottom) = (44.0, 12.0, 12.0, 28.0);
    let (w, h) = (width - left - right, height - top - bottom);
    board::set_color(cr, &palette.grey(0.6));
    cr.set_font_size(11.0);
    if times.is_empty() {
        return Ok(()); // (shown as a label instead)
    }
    let (tick_ms, ticks) = chart_ticks(times.iter().map(|t| t.elapsed_ms).max().unwrap_or(0));
    let top_ms = (tick_ms * ticks) as f64;
    // Axes and labels.
    cr.set_line_width(1.0);
    board::set_color(cr, &palette.grey(0.3));
    for i in 0..=ticks {
        let y = top + h - h * i as f64 / ticks as f64;
        cr.move_to(left, y.round() + 0.5);
        cr.line_to(left + w, y.round() + 0.5);
    }
    cr.stroke()?;
    board::set_color(cr, &palette.grey(0.7));
    for i in 0..=ticks {
        let y = top + h - h * i as f64 / ticks as f64;
        cr.move_to(4.0, y + 4.0);
        cr.show_text(&tick_label(tick_ms * i))?;
    }
    cr.move_to(left, height - 8.0);
    cr.show_text(&count(times.len() as u32, "{n} game solved", "{n} games solved"))?;
    let colour = |level: Level| match level {
        Level::Easy => palette.success,
        Level::Medium => palette.accent,
        Level::Hard => palette.warning,
        Level::Expert => board::blend(&palette.warning, &palette.error, 0.5),
        Level::Master => palette.error,
    };
    let step = if times.len() > 1 {
        w / (times.len() - 1) as f64
    } else {
        0.0
    };
    let radius = if times.len() > 300 { 1.5 } else { 3.5 };
    let x_of = |i: usize| left + if times.len() > 1 { step * i as f64 } else { w / 2.0 };
    let y_of = |ms: u64| top + h - h * (ms as f64 / top_ms).min(1.0);
    for (i, time) in times.iter().enumerate() {
        board::set_color(cr, &colour(time.level));
        cr.arc(x_of(i), y_of(time.elapsed_ms), radius, 0.0, std::f64::consts::TAU);
        cr.fill()?;
    }
    // Each level's line of typical times, over the dots: edged in the paper's colour, so that
    // it reads across a cloud of dots of every level.
    cr.set_line_join(cairo::LineJoin::Round);
    for (level, points) in lines {
        for (pen, width) in [(palette.paper, 4.0), (colour(*level), 2.0)] {
            for &(i, median) in points {
                cr.line_to(x_of(i), y_of(median));
            }
            board::set_color(cr, &pen);
            cr.set_line_width(width);
            cr.stroke()?;
        }
    }
    // Legend.
    let mut x = left + w;
    for &level in Level::ALL.iter().rev() {
        let name = super::level_name(level);
        let name = name.as_str();
        let extents = cr.text_extents(name)?;
        x -= extents.width() + 22.0;
        board::set_color(cr, &colour(level));
        cr.arc(x + 5.0, height - 12.0, 4.0, 0.0, std::f64::consts::TAU);
        cr.fill()?;
        board::set_color(cr, &palette.grey(0.7));
        cr.move_to(x + 12.0, height - 8.0);
        cr.show_text(name)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{chart_ticks, lower_median, tick_label, trend_lines, SolveTime};
    use crate::engine::logic::Level;

    #[test]
    fn each_level_with_enough_games_has_a_line_through_its_own_games() {
        // Easy and Hard in turn, 12 games each, Easy's 2 minutes quicker each time; one
        // Medium game.
        let game = |level, minutes: u64| SolveTime {
            level,
            started_at: 0,
            elapsed_ms: minutes * 60_000,
        };
        let mut times = Vec::new();
        for i in 0..12 {
            times.push(game(Level::Easy, 40 - 2 * i));
            times.push(game(Level::Hard, 30));
        }
        times.push(game(Level::Medium, 5));
        let lines = trend_lines(&times);
        let levels: Vec<Level> = lines.iter().map(|(level, _)| *level).collect();
        assert_eq!(levels, [Level::Easy, Level::Hard]);
        // From each level's tenth game on, at its place among all; Easy's median of ten falling
        // (of 40, 38, ... 22 the lower middle is 30).
        let easy = &lines[0].1;
        assert_eq!(easy, &[(18, 30 * 60_000), (20, 28 * 60_000), (22, 26 * 60_000)]);
        let hard = &lines[1].1;
        assert_eq!(hard.iter().map(|p| p.0).collect::<Vec<_>>(), [19, 21, 23]);
        assert!(hard.iter().all(|p| p.1 == 30 * 60_000));
        // A long history: the median of a fortieth of the games (100 of 4,000) at each point, so
        // one game in ten at an hour leaves the line at the others' time.
        let long: Vec<SolveTime> = (0..4000)
            .map(|i| game(Level::Expert, if i % 10 == 0 { 60 } else { 12 }))
            .collect();
        let lines = trend_lines(&long);
        assert_eq!(lines.len(), 1);
        // (3,901 full windows: every 7th, back from the latest, 558 points, down to the 101st
        // game; and the first window's, at the 100th.)
        let points = &lines[0].1;
        assert_eq!(points.len(), 559);
        assert_eq!((points[0].0, points[1].0), (99, 100));
        assert_eq!(points.last().unwrap().0, 3999);
        assert!(points[1..].windows(2).all(|pair| pair[1].0 - pair[0].0 == 7));
        assert!(points.iter().all(|p| p.1 == 12 * 60_000));
    }

    #[test]
    fn a_levels_line_is_the_median_of_its_latest_games() {
        assert_eq!(lower_median(&[5, 1, 9]), 5);
        // One slow game among quick ones moves it not at all.
        assert_eq!(lower_median(&[60, 62, 58, 600, 61]), 61);
        assert_eq!(lower_median(&[58, 600, 61, 59, 63]), 61);
        // An even count: the lower of its middle two.
        assert_eq!(lower_median(&[4, 1, 3, 2]), 2);
        assert_eq!(lower_median(&[7]), 7);
        assert_eq!(lower_median(&[]), 0);
    }

    #[test]
    fn the_time_axis_has_distinct_round_ticks_past_the_longest_time() {
        for max_ms in [
            0,
            1,
            9_000,
            59_000,
            61_000,
            150_000,
            599_000,
            3_599_000,
            7_300_000,
            400_000_000,
            u64::MAX,
        ] {
            let (step, ticks) = chart_ticks(max_ms);
            assert!((1..=4).contains(&ticks), "{max_ms}: {ticks} ticks");
            assert!(
                step * ticks >= max_ms.min(72_000_000_000),
                "{max_ms}: the axis ends below the longest time"
            );
            let labels: Vec<String> = (0..=ticks).map(|i| tick_label(step * i)).collect();
            let mut distinct = labels.clone();
            distinct.dedup();
            assert_eq!(distinct, labels, "{max_ms}: labels repeat");
        }
        // The case from the issue: times up to two and a half minutes.
        let (step, ticks) = chart_ticks(150_000);
        let labels: Vec<String> = (0..=ticks).map(|i| tick_label(step * i)).collect();
        assert_eq!(labels, ["0", "1 min", "2 min", "3 min"]);
        assert_eq!(tick_label(5_400_000), "1 h 30");
    }
}
