//! The Preferences window (an AdwPreferencesPage in a window): how the board helps the player,
//! how clicks enter digits (cell first or digit first), the rules that are a matter of taste,
//! strict mode and its strikes, the hint allowance and whether hints may rest on uniqueness, the
//! Solve animation's speed and the colour scheme. The switches are bound to their keys
//! (`Settings::bind`); the allowance and the choice rows map their key to what they offer.
//! Changes apply at once and persist.

use std::rc::Rc;

use adw::prelude::*;

use super::settings::Settings;
use crate::i18n::{gettext, n_};

/// Speeds offered for the animated Solve, in search steps per second.
/// Solve speeds, in search steps a second (the row's subtitle says so; names stay short so
/// they fit the row).
const SPEEDS: [(u32, &str); 5] = [
    (4, n_("Slow")),
    (20, n_("Relaxed")),
    (60, n_("Normal")),
    (600, n_("Fast")),
    (6000, n_("Fastest")),
];

const SCHEMES: [(&str, &str); 3] = [
    ("system", n_("Follow System")),
    ("light", n_("Light")),
    ("dark", n_("Dark")),
];

pub fn show(parent: &impl IsA<gtk::Window>, settings: &Rc<Settings>) {
    // A plain window holding the page, not an AdwPreferencesWindow: libadwaita 1.2's keeps the
    // page's groups alive after it closes, through the list models of their rows that its search
    // reads, and held 1.2 MB more each time it was opened (the search is off here anyway). The
    // GUI test `closed_windows_free_their_widgets` checks that its widgets go with it.
    let window = adw::Window::builder()
        .transient_for(parent)
        .modal(true)
        .title(gettext("Preferences"))
        .default_width(640)
        .default_height(576)
        .build();

    let page = adw::PreferencesPage::builder()
        .title(gettext("Game"))
        .icon_name("applications-games-symbolic")
        .build();

    let help = adw::PreferencesGroup::builder()
        .title(gettext("Help While Playing"))
        .build();
    for (key, title, subtitle) in [
        (
            "show-conflicts",
            n_("Show Conflicts"),
            n_("Cells whose digit repeats in their row, column or box are tinted red, and pencil marks such a digit rules out are written in red"),
        ),
        (
            "mark-wrong",
            n_("Mark Wrong Digits"),
            n_("Digits that disagree with the solution are marked and counted as mistakes; off, you play without being told"),
        ),
        (
            "highlight-region",
            n_("Highlight Row, Column and Box"),
            n_("Of the selected cell"),
        ),
        (
            "show-coordinates",
            n_("Show Coordinates"),
            n_("Row and column numbers along the board, as hints name cells (r4c7)"),
        ),
        (
            "highlight-same",
            n_("Highlight Equal Digits"),
            n_("Every cell holding the selected digit"),
        ),
        (
            "auto-remove-marks",
            n_("Remove Pencil Marks Automatically"),
            n_("Entering a digit removes it from the marks of its row, column and box"),
        ),
        (
            "show-clock",
            n_("Show Clock"),
            n_("The time played, beside the level; the history keeps it either way"),
        ),
        (
            "pause-when-away",
            n_("Pause When Away"),
            n_("Stop the clock when Nonet has been in the background for a minute"),
        ),
    ] {
        help.add(&switch_row(settings, key, title, subtitle));
    }
    let input = adw::PreferencesGroup::builder().title(gettext("Input")).build();
    input.add(&switch_row(
        settings,
        "digit-first",
        n_("Digit First"),
        n_("Choose a digit on the pad, then click each cell it goes in (in pencil mode, to mark it); a click on a cell holding it takes it out"),
    ));
    let strict = strict_group(settings);

    let hints = adw::PreferencesGroup::builder()
        .title(gettext("Hints and Solving"))
        .build();
    // The allowance: a switch (limited or not) and the number (0 in the setting means unlimited).
    let current = settings.uint("hint-allowance");
    let limit = gtk::Switch::builder()
        .valign(gtk::Align::Center)
        .active(current > 0)
        .build();
    let allowance = gtk::SpinButton::with_range(1.0, 81.0, 1.0);
    allowance.set_valign(gtk::Align::Center);
    allowance.set_value(f64::from(if current > 0 { current } else { 5 }));
    allowance.set_sensitive(current > 0);
    // (Each holds the other weakly: strongly, the two would keep each other alive for good.)
    {
        let (settings, limit) = (settings.clone(), limit.downgrade());
        allowance.connect_value_changed(move |spin| {
            if limit.upgrade().is_some_and(|limit| limit.is_active()) {
                settings.set_uint("hint-allowance", spin.value() as u32);
            }
        });
    }
    {
        let (settings, allowance) = (settings.clone(), allowance.downgrade());
        limit.connect_active_notify(move |limit| {
            let Some(allowance) = allowance.upgrade() else {
                return;
            };
            allowance.set_sensitive(limit.is_active());
            settings.set_uint(
                "hint-allowance",
                if limit.is_active() { allowance.value() as u32 } else { 0 },
            );
        });
    }
    let limit_row = adw::ActionRow::builder()
        .title(gettext("Limit Hints"))
        .subtitle(gettext("Off: as many hints as you like"))
        .build();
    limit_row.add_suffix(&limit);
    limit_row.set_activatable_widget(Some(&limit));
    hints.add(&limit_row);
    let row = adw::ActionRow::builder()
        .title(gettext("Hints per Game"))
        .subtitle(gettext("Including those already taken in this game"))
        .build();
    row.add_suffix(&allowance);
    row.set_activatable_widget(Some(&allowance));
    hints.add(&row);
    hints.add(&switch_row(
        settings,
        "hint-uniqueness",
        n_("Uniqueness in Hints"),
        n_("Unique rectangles and BUG+1 assume the puzzle has one solution; off, hints teach another way (ratings still use them)"),
    ));

    let speed = choice_row(
        settings,
        n_("Solve Animation Speed"),
        &SPEEDS.map(|(_, name)| name),
        |settings| {
            let current = settings.uint("animation-speed");
            // The nearest offered speed.
            SPEEDS
                .iter()
                .enumerate()
                .min_by_key(|(_, (s, _))| s.abs_diff(current))
                .map(|(i, _)| i)
                .unwrap_or(2)
        },
        |settings, index| settings.set_uint("animation-speed", SPEEDS[index].0),
    );
    speed.set_subtitle(&gettext("Search steps a second: 4, 20, 60, 600 or 6,000"));
    hints.add(&speed);

    let look = adw::PreferencesGroup::builder().title(gettext("Appearance")).build();
    let scheme = choice_row(
        settings,
        n_("Style"),
        &SCHEMES.map(|(_, name)| name),
        |settings| {
            SCHEMES
                .iter()
                .position(|(id, _)| *id == settings.string("color-scheme"))
                .unwrap_or(0)
        },
        |settings, index| settings.set_string("color-scheme", SCHEMES[index].0),
    );
    look.add(&scheme);

    for group in [help, input, strict, hints, look] {
        page.add(&group);
    }
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&adw::HeaderBar::new());
    content.append(&page);
    window.set_content(Some(&content));
    super::close_on_escape(&window);
    window.present();
}

/// Strict mode: the switch, and the strikes that end a game (0: no limit), which only matter
/// with the switch on.
fn strict_group(settings: &Rc<Settings>) -> adw::PreferencesGroup {
    let group = adw::PreferencesGroup::builder().title(gettext("Strict Mode")).build();
    group.add(&switch_row(
        settings,
        "strict-mode",
        n_("Strict Mode"),
        n_("A wrong digit is not placed: it counts as a strike"),
    ));
    let strikes = gtk::SpinButton::with_range(0.0, 9.0, 1.0);
    strikes.set_valign(gtk::Align::Center);
    strikes.set_value(f64::from(settings.uint("strike-limit").min(9)));
    {
        let settings = settings.clone();
        strikes.connect_value_changed(move |spin| settings.set_uint("strike-limit", spin.value() as u32));
    }
    let row = adw::ActionRow::builder()
        .title(gettext("Strikes Allowed"))
        .subtitle(gettext("The game is lost at this many strikes; 0 for no limit"))
        .build();
    row.add_suffix(&strikes);
    row.set_activatable_widget(Some(&strikes));
    settings.bind_read("strict-mode", &row, "sensitive");
    group.add(&row);
    group
}

/// A switch bound to a setting; the title and subtitle (marked with `n_`) are translated here.
fn switch_row(settings: &Rc<Settings>, key: &'static str, title: &str, subtitle: &str) -> adw::ActionRow {
    let switch = gtk::Switch::builder().valign(gtk::Align::Center).build();
    settings.bind(key, &switch, "active");
    let row = adw::ActionRow::builder()
        .title(gettext(title))
        .subtitle(gettext(subtitle))
        .build();
    row.add_suffix(&switch);
    row.set_activatable_widget(Some(&switch));
    row
}

fn choice_row(
    settings: &Rc<Settings>,
    title: &str,
    names: &[&str],
    current: impl Fn(&Settings) -> usize,
    choose: impl Fn(&Settings, usize) + 'static,
) -> adw::ComboRow {
    let names: Vec<String> = names.iter().map(|name| gettext(*name)).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let row = adw::ComboRow::builder()
        .title(gettext(title))
        .model(&gtk::StringList::new(&names))
        .build();
    row.set_selected(current(settings) as u32);
    let settings = settings.clone();
    row.connect_selected_notify(move |row| choose(&settings, row.selected() as usize));
    row
}
