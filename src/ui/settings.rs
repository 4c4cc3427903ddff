//! The player's settings: GSettings (`io.github.nonet.Nonet`) when the schema is installed, and
//! otherwise the same keys kept in memory with the schema's defaults, so a plain `cargo run` or a
//! test still works. Listeners hear every change either way.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use gtk::gio;
use gtk::gio::prelude::*;
use gtk::glib;

use super::play::Prefs;
use super::APP_ID;
use crate::engine::game::Rules;
use crate::engine::logic::Level;

/// Every key with its default, as in `data/io.github.nonet.Nonet.gschema.xml` (a test checks they
/// agree).
const DEFAULTS: &[(&str, Default)] = &[
    ("window-width", Default::Int(560)),
    ("window-height", Default::Int(680)),
    ("window-maximized", Default::Bool(false)),
    ("lab-width", Default::Int(460)),
    ("difficulty", Default::Str("medium")),
    ("show-conflicts", Default::Bool(true)),
    ("mark-wrong", Default::Bool(false)),
    ("highlight-region", Default::Bool(true)),
    ("highlight-same", Default::Bool(true)),
    ("auto-remove-marks", Default::Bool(true)),
    ("hint-allowance", Default::Uint(5)),
    ("animation-speed", Default::Uint(60)),
    ("color-scheme", Default::Str("system")),
    ("pause-when-away", Default::Bool(true)),
];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Default {
    Bool(bool),
    Int(i32),
    Uint(u32),
    Str(&'static str),
}

impl Default {
    fn variant(self) -> glib::Variant {
        match self {
            Default::Bool(b) => b.to_variant(),
            Default::Int(i) => i.to_variant(),
            Default::Uint(u) => u.to_variant(),
            Default::Str(s) => s.to_variant(),
        }
    }
}

type Listener = Box<dyn Fn(&str)>;

pub struct Settings {
    gio: Option<gio::Settings>,
    memory: RefCell<HashMap<&'static str, glib::Variant>>,
    listeners: Rc<RefCell<Vec<Listener>>>,
}

impl Settings {
    /// The installed settings, or in-memory defaults when the schema is not installed
    /// (`gio::Settings::new` would abort).
    pub fn load() -> Rc<Settings> {
        let installed = gio::SettingsSchemaSource::default().and_then(|source| source.lookup(APP_ID, true));
        let gio = installed.map(|_| gio::Settings::new(APP_ID));
        if gio.is_none() {
            tracing::info!("settings schema {APP_ID} not installed; settings last for this run only");
        }
        let settings = Rc::new(Settings::with(gio));
        if let Some(gio) = &settings.gio {
            let listeners = Rc::downgrade(&settings.listeners);
            gio.connect_changed(None, move |_, key| {
                if let Some(listeners) = listeners.upgrade() {
                    for listener in listeners.borrow().iter() {
                        listener(key);
                    }
                }
            });
        }
        settings
    }

    /// Settings kept in GSettings (`Some`) or in memory, starting from the defaults.
    fn with(gio: Option<gio::Settings>) -> Settings {
        Settings {
            gio,
            memory: RefCell::new(
                DEFAULTS
                    .iter()
                    .map(|(key, default)| (*key, default.variant()))
                    .collect(),
            ),
            listeners: Rc::new(RefCell::new(Vec::new())),
        }
    }

    /// Calls `listener` with the key after every change.
    pub fn connect_changed(&self, listener: impl Fn(&str) + 'static) {
        self.listeners.borrow_mut().push(Box::new(listener));
    }

    fn value(&self, key: &str) -> glib::Variant {
        match &self.gio {
            Some(gio) => gio.value(key),
            None => self
                .memory
                .borrow()
                .get(key)
                .cloned()
                .unwrap_or_else(|| panic!("unknown settings key {key}")),
        }
    }

    fn set_value(&self, key: &str, value: glib::Variant) {
        match &self.gio {
            Some(gio) => {
                if let Err(error) = gio.set_value(key, &value) {
                    tracing::warn!("can't save setting {key}: {error}");
                }
            }
            None => {
                let Some((known, _)) = DEFAULTS.iter().find(|(k, _)| *k == key) else {
                    return;
                };
                if self.memory.borrow_mut().insert(known, value.clone()).as_ref() == Some(&value) {
                    return;
                }
                for listener in self.listeners.borrow().iter() {
                    listener(key);
                }
            }
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

    pub fn prefs(&self) -> Prefs {
        Prefs {
            show_conflicts: self.boolean("show-conflicts"),
            mark_wrong: self.boolean("mark-wrong"),
            highlight_region: self.boolean("highlight-region"),
            highlight_same: self.boolean("highlight-same"),
            steps_per_second: self.uint("animation-speed").clamp(1, 100_000),
        }
    }

    pub fn rules(&self) -> Rules {
        Rules {
            auto_remove_marks: self.boolean("auto-remove-marks"),
            hint_allowance: self.uint("hint-allowance"),
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
    use super::*;

    /// The defaults in code are the schema's, key for key.
    #[test]
    fn defaults_match_the_schema() {
        let schema = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/io.github.nonet.Nonet.gschema.xml"
        ))
        .expect("the schema file");
        let mut keys = 0;
        for block in schema.split("<key ").skip(1) {
            let name = block
                .split("name=\"")
                .nth(1)
                .and_then(|s| s.split('"').next())
                .expect("key name");
            let kind = block
                .split("type=\"")
                .nth(1)
                .and_then(|s| s.split('"').next())
                .expect("key type");
            let default = block
                .split("<default>")
                .nth(1)
                .and_then(|s| s.split("</default>").next())
                .expect("default");
            let (_, ours) = DEFAULTS
                .iter()
                .find(|(k, _)| *k == name)
                .unwrap_or_else(|| panic!("{name} missing in code"));
            let parsed = glib::Variant::parse(Some(glib::VariantTy::new(kind).unwrap()), default.trim()).unwrap();
            assert_eq!(parsed, ours.variant(), "default of {name}");
            keys += 1;
        }
        assert_eq!(keys, DEFAULTS.len(), "every key in code is in the schema");
    }

    #[test]
    fn without_the_schema_settings_live_in_memory_and_notify() {
        let settings = Settings::with(None);
        let heard = Rc::new(RefCell::new(Vec::new()));
        let sink = heard.clone();
        settings.connect_changed(move |key| sink.borrow_mut().push(key.to_string()));
        assert_eq!(settings.rules(), Rules::default());
        assert_eq!(settings.prefs(), Prefs::default());
        settings.set_uint("hint-allowance", 0);
        settings.set_uint("hint-allowance", 0); // no change, no notice
        settings.set_string("difficulty", "expert");
        assert_eq!(settings.rules().hint_allowance, 0);
        assert_eq!(settings.level(), Level::Expert);
        assert_eq!(*heard.borrow(), vec!["hint-allowance", "difficulty"]);
    }
}
