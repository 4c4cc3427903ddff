//! Translations through gettext (the `nonet` text domain): binds the catalogues, installed under
//! `NONET_LOCALEDIR` (set by meson at build time) or, for a build run from the checkout, the ones
//! `build.rs` compiled from `po/` into `target/`. The UI and the CLI's human output call
//! [`gettext`]/[`ngettext`] and fill named `{placeholders}` with [`fill`], so translators can
//! reorder them.

pub use gettextrs::{gettext, ngettext, pgettext};

/// The text domain, the catalogues' file name (`nonet.mo`).
pub const DOMAIN: &str = "nonet";

/// Where meson installs the catalogues (its `localedir`), if this build came from meson.
const INSTALLED: Option<&str> = option_env!("NONET_LOCALEDIR");

/// The catalogues `build.rs` compiled from `po/`.
const BUILT: &str = concat!(env!("OUT_DIR"), "/locale");

/// Selects the user's locale and binds the text domain. Call once at start.
pub fn init() {
    // SAFETY: called first thing, before any thread that could read the locale is started.
    unsafe {
        gettextrs::setlocale(gettextrs::LocaleCategory::LcAll, "");
    }
    let dir = match INSTALLED {
        Some(dir) if std::path::Path::new(dir).join("de/LC_MESSAGES/nonet.mo").exists() => dir,
        _ => BUILT,
    };
    let bound = gettextrs::bindtextdomain(DOMAIN, dir)
        .and_then(|_| gettextrs::bind_textdomain_codeset(DOMAIN, "UTF-8"))
        .and_then(|_| gettextrs::textdomain(DOMAIN));
    if let Err(error) = bound {
        tracing::warn!("translations unavailable: {error}");
    }
}

/// Marks a string for translation where it is written (a table, a constant) without translating
/// it there: it is looked up with [`gettext`] where it is shown.
pub const fn n_(text: &str) -> &str {
    text
}

/// Replaces each `{name}` in a translated template by its value.
pub fn fill(template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut text = template.to_string();
    for (name, value) in values {
        text = text.replace(&format!("{{{name}}}"), &value.to_string());
    }
    text
}

/// A count in words, singular or plural as the language wants: `count(3, "1 mistake", "{n}
/// mistakes")` is "3 mistakes". Both forms are marked for translation where they are written.
pub fn count(n: u32, singular: &str, plural: &str) -> String {
    fill(&ngettext(singular, plural, n), &[("n", &n)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_by_name_in_any_order() {
        let text = fill("{b} before {a}, {a} again", &[("a", &1), ("b", &"two")]);
        assert_eq!(text, "two before 1, 1 again");
        assert_eq!(count(1, "{n} mistake", "{n} mistakes"), "1 mistake");
        assert_eq!(count(2, "{n} mistake", "{n} mistakes"), "2 mistakes");
    }
}
