//! The player's settings: GSettings (`io.github.nonet.Nonet`), from the installed schema or the
//! one the build compiles into `target/`, read through typed helpers; the Preferences window binds
//! its widgets to the keys.

use std::rc::Rc;

use gtk::gio;
use gtk::gio::prelude::*;
use gtk::glib;

use super::play::Prefs;
use super::APP_ID;
use crate::engine::game::Rules;
use crate::engine::logic::hint::Uniqueness;
use crate::engine::logic::Level;

/// Where the build compiled the schema (for runs from the checkout, where it is not installed).
const BUILT_SCHEMAS: &str = concat!(env!("OUT_DIR"), "/schemas");

/// A file of several puzzles and the place in it ([`Settings::puzzle_file`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFile {
    pub uri: String,
    /// The puzzle last played from it, from 1.
    pub number: usize,
    pub count: usize,
    /// Whether that puzzle is done with: solved, or refused as it can't be played.
    pub done: bool,
}

impl PuzzleFile {
    /// Whether a puzzle follows the one last played.
    pub fn has_next(&self) -> bool {
        self.number < self.count
    }

    /// Whether the file's last puzzle is the one last played, and it is done with.
    pub fn finished(&self) -> bool {
        self.done && !self.has_next()
    }

    /// Where the file opens again (from 0), as a book opens where it was left: at the puzzle last
    /// played, or the next once that one is done with; at the first again once the last one is.
    pub fn reopen_index(&self) -> usize {
        match (self.done, self.has_next()) {
            (true, true) => self.number,
            (true, false) => 0,
            (false, _) => self.number.saturating_sub(1),
        }
    }
}

pub struct Settings {
    gio: gio::Settings,
}

impl Settings {
    /// The player's settings: the installed schema, or the one the build compiled into `target/`
    /// (so `cargo run` and `make run` remember preferences too). The backend is GIO's choice:
    /// dconf on a desktop, `GSETTINGS_BACKEND=memory` in tests, `keyfile` where asked.
    pub fn load() -> Rc<Settings> {
        let installed = gio::SettingsSchemaSource::default().and_then(|source| source.lookup(APP_ID, true));
        let schema = installed.or_else(|| {
            gio::SettingsSchemaSource::from_directory(
                BUILT_SCHEMAS,
                gio::SettingsSchemaSource::default().as_ref(),
                false,
            )
            .map_err(|e| tracing::warn!("no compiled schema in {BUILT_SCHEMAS}: {e}"))
            .ok()?
            .lookup(APP_ID, false)
        });
        let schema = schema.expect("the settings schema, installed or compiled by build.rs");
        let gio = gio::Settings::new_full(&schema, None::<&gio::SettingsBackend>, None);
        Rc::new(Settings { gio })
    }

    /// Calls `listener` with the key after every change.
    pub fn connect_changed(&self, listener: impl Fn(&str) + 'static) {
        self.gio.connect_changed(None, move |_, key| listener(key));
    }

    /// Binds a key to a widget's property, both ways (`Settings::bind`).
    pub fn bind(&self, key: &str, object: &impl IsA<glib::Object>, property: &str) {
        self.gio.bind(key, object, property).build();
    }

    /// Binds a widget's property to a key, which it follows (a binding ends with its widget, where
    /// a `connect_changed` listener would stay).
    pub fn bind_read(&self, key: &str, object: &impl IsA<glib::Object>, property: &str) {
        self.gio.bind(key, object, property).get().build();
    }

    fn value(&self, key: &str) -> glib::Variant {
        self.gio.value(key)
    }

    fn set_value(&self, key: &str, value: glib::Variant) {
        if let Err(error) = self.gio.set_value(key, &value) {
            tracing::warn!("can't save setting {key}: {error}");
        }
    }

    pub fn boolean(&self, key: &str) -> bool {
        self.value(key).get().unwrap_or(false)
    }

    pub fn int(&self, key: &str) -> i32 {
        self.value(key).get().unwrap_or(0)
    }

    pub fn uint(&self, key: &str) -> u32 {
        self.value(key).get().unwrap_or(0)
    }

    pub fn string(&self, key: &str) -> String {
        self.value(key).get().unwrap_or_default()
    }

    pub fn set_boolean(&self, key: &str, value: bool) {
        self.set_value(key, value.to_variant());
    }

    pub fn set_int(&self, key: &str, value: i32) {
        self.set_value(key, value.to_variant());
    }

    pub fn set_uint(&self, key: &str, value: u32) {
        self.set_value(key, value.to_variant());
    }

    pub fn set_string(&self, key: &str, value: &str) {
        self.set_value(key, value.to_variant());
    }

    /// The last file opened that holds several puzzles: its URI, the number (from 1) of the
    /// puzzle last played from it, how many it held then, and whether that puzzle is done with.
    /// Next Puzzle from File goes on there.
    pub fn puzzle_file(&self) -> Option<PuzzleFile> {
        let uri = self.string("puzzle-file");
        (!uri.is_empty()).then(|| PuzzleFile {
            uri,
            number: self.uint("puzzle-file-number") as usize,
            count: self.uint("puzzle-file-count") as usize,
            done: self.boolean("puzzle-file-done"),
        })
    }

    pub fn set_puzzle_file(&self, file: &PuzzleFile) {
        let small = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        self.set_string("puzzle-file", &file.uri);
        self.set_uint("puzzle-file-number", small(file.number));
        self.set_uint("puzzle-file-count", small(file.count));
        self.set_boolean("puzzle-file-done", file.done);
    }

    pub fn prefs(&self) -> Prefs {
        Prefs {
            show_conflicts: self.boolean("show-conflicts"),
            mark_wrong: self.boolean("mark-wrong"),
            highlight_region: self.boolean("highlight-region"),
            highlight_same: self.boolean("highlight-same"),
            coordinates: self.boolean("show-coordinates"),
            show_clock: self.boolean("show-clock"),
            steps_per_second: self.uint("animation-speed").clamp(1, 100_000),
            digit_first: self.boolean("digit-first"),
        }
    }

    pub fn rules(&self) -> Rules {
        Rules {
            auto_remove_marks: self.boolean("auto-remove-marks"),
            hint_allowance: self.uint("hint-allowance"),
            strict: self.boolean("strict-mode"),
            strike_limit: self.uint("strike-limit"),
            hint_uniqueness: match self.boolean("hint-uniqueness") {
                true => Uniqueness::Used,
                false => Uniqueness::Avoided,
            },
        }
    }

    /// The difficulty for new puzzles.
    pub fn level(&self) -> Level {
        self.string("difficulty").parse::<Level>().unwrap_or(Level::Medium)
    }

    pub fn color_scheme(&self) -> adw::ColorScheme {
        match self.string("color-scheme").as_str() {
            "light" => adw::ColorScheme::ForceLight,
            "dark" => adw::ColorScheme::ForceDark,
            _ => adw::ColorScheme::Default,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PuzzleFile;

    fn place(number: usize, done: bool) -> PuzzleFile {
        PuzzleFile {
            uri: "file:///tmp/ten.txt".into(),
            number,
            count: 10,
            done,
        }
    }

    /// A file opens again as a book does: at the puzzle left unfinished, past one done with, and
    /// at the first once the last one is done with.
    #[test]
    fn a_file_opens_again_where_it_was_left() {
        assert_eq!(place(4, false).reopen_index(), 3);
        assert_eq!(place(4, true).reopen_index(), 4);
        assert_eq!(place(10, false).reopen_index(), 9);
        assert_eq!(place(10, true).reopen_index(), 0);
        assert!(place(10, true).finished());
        assert!(!place(10, false).finished() && !place(9, true).finished());
    }
}
