//! The Preferences window (AdwPreferencesWindow): how the board helps the player, the rules that
//! are a matter of taste, strict mode and its strikes, the hint allowance, the Solve animation's
//! speed and the colour scheme.
//! The switches are bound to their keys (`Settings::bind`); the allowance and the choice rows map
//! their key to what they offer. Changes apply at once and persist.

use std::rc::Rc;

use adw::prelude::*;

use super::settings::Settings;

/// Speeds offered for the animated Solve, in search steps per second.
/// Solve speeds, in search steps a second (the row's subtitle says so; names stay short so
/// they fit the row).
const SPEEDS: [(u32, &str); 5] = [
    (4, "Slow"),
    (20, "Relaxed"),
    (60, "Normal"),
    (600, "Fast"),
    (6000, "Fastest"),
];

const SCHEMES: [(&str, &str); 3] = [("system", "Follow System"), ("light", "Light"), ("dark", "Dark")];

pub fn show(parent: &impl IsA<gtk::Window>, settings: &Rc<Settings>) {
    let window = adw::PreferencesWindow::builder()
        .transient_for(parent)
        .modal(true)
        .search_enabled(false)
        .build();
    window.set_title(Some("Preferences"));

    let page = adw::PreferencesPage::builder()
        .title("Game")
        .icon_name("applications-games-symbolic")
        .build();

    let help = adw::PreferencesGroup::builder().title("Help While Playing").build();
    for (key, title, subtitle) in [
        (
            "show-conflicts",
            "Show Conflicts",
            "Cells whose digit repeats in their row, column or box are tinted red",
        ),
        (
            "mark-wrong",
            "Mark Wrong Digits",
            "Digits that disagree with the solution are marked and counted as mistakes; off, you \
             play without being told",
        ),
        (
            "highlight-region",
            "Highlight Row, Column and Box",
            "Of the selected cell",
        ),
        (
            "show-coordinates",
            "Show Coordinates",
            "Row and column numbers along the board, as hints name cells (r4c7)",
        ),
        (
            "highlight-same",
            "Highlight Equal Digits",
            "Every cell holding the selected digit",
        ),
        (
            "auto-remove-marks",
            "Remove Pencil Marks Automatically",
            "Entering a digit removes it from the marks of its row, column and box",
        ),
        (
            "pause-when-away",
            "Pause When Away",
            "Stop the clock when Nonet has been in the background for a minute",
        ),
    ] {
        help.add(&switch_row(settings, key, title, subtitle));
    }
    page.add(&help);

    page.add(&strict_group(settings));

    let hints = adw::PreferencesGroup::builder().title("Hints and Solving").build();
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
    {
        let settings = settings.clone();
        let limit = limit.clone();
        allowance.connect_value_changed(move |spin| {
            if limit.is_active() {
                settings.set_uint("hint-allowance", spin.value() as u32);
            }
        });
    }
    {
        let settings = settings.clone();
        let allowance = allowance.clone();
        limit.connect_active_notify(move |limit| {
            allowance.set_sensitive(limit.is_active());
            settings.set_uint(
                "hint-allowance",
                if limit.is_active() { allowance.value() as u32 } else { 0 },
            );
        });
    }
    let limit_row = adw::ActionRow::builder()
        .title("Limit Hints")
        .subtitle("Off: as many hints as you like")
        .build();
    limit_row.add_suffix(&limit);
    limit_row.set_activatable_widget(Some(&limit));
    hints.add(&limit_row);
    let row = adw::ActionRow::builder()
        .title("Hints per Game")
        .subtitle("Including those already taken in this game")
        .build();
    row.add_suffix(&allowance);
    row.set_activatable_widget(Some(&allowance));
    hints.add(&row);

    let speed = choice_row(
        settings,
        "Solve Animation Speed",
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
    speed.set_subtitle("Search steps a second: 4, 20, 60, 600 or 6,000");
    hints.add(&speed);
    page.add(&hints);

    let look = adw::PreferencesGroup::builder().title("Appearance").build();
    let scheme = choice_row(
        settings,
        "Style",
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
    page.add(&look);

    window.add(&page);
    window.present();
}

/// Strict mode: the switch, and the strikes that end a game (0: no limit), which only matter
/// with the switch on.
fn strict_group(settings: &Rc<Settings>) -> adw::PreferencesGroup {
    let group = adw::PreferencesGroup::builder().title("Strict Mode").build();
    group.add(&switch_row(
        settings,
        "strict-mode",
        "Strict Mode",
        "A wrong digit is not placed: it counts as a strike",
    ));
    let strikes = gtk::SpinButton::with_range(0.0, 9.0, 1.0);
    strikes.set_valign(gtk::Align::Center);
    strikes.set_value(f64::from(settings.uint("strike-limit").min(9)));
    {
        let settings = settings.clone();
        strikes.connect_value_changed(move |spin| settings.set_uint("strike-limit", spin.value() as u32));
    }
    let row = adw::ActionRow::builder()
        .title("Strikes Allowed")
        .subtitle("The game is lost at this many strikes; 0 for no limit")
        .build();
    row.add_suffix(&strikes);
    row.set_activatable_widget(Some(&strikes));
    row.set_sensitive(settings.boolean("strict-mode"));
    {
        let (settings_for_row, row) = (settings.clone(), row.downgrade());
        settings.connect_changed(move |key| {
            if let (Some(row), "strict-mode") = (row.upgrade(), key) {
                row.set_sensitive(settings_for_row.boolean("strict-mode"));
            }
        });
    }
    group.add(&row);
    group
}

fn switch_row(settings: &Rc<Settings>, key: &'static str, title: &str, subtitle: &str) -> adw::ActionRow {
    let switch = gtk::Switch::builder().valign(gtk::Align::Center).build();
    settings.bind(key, &switch, "active");
    let row = adw::ActionRow::builder().title(title).subtitle(subtitle).build();
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
    let row = adw::ComboRow::builder()
        .title(title)
        .model(&gtk::StringList::new(names))
        .build();
    row.set_selected(current(settings) as u32);
    let settings = settings.clone();
    row.connect_selected_notify(move |row| choose(&settings, row.selected() as usize));
    row
}
