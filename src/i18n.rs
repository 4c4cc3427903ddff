//! Translations through gettext (the `nonet` text domain): binds the catalogues, installed under
//! `NONET_LOCALEDIR` (set by meson at build time) or, for a build run from the checkout, the ones
//! `build.rs` compiled from `po/` into `target/`. The UI and the CLI's human output call
//! [`gettext`]/[`ngettext`] and fill named `{placeholders}` with [`fill`], so translators can
//! reorder them. Numbers are written as the language writes them, its catalogue giving the
//! separators: [`number`] groups a count's digits ("20,002", "20 002" in French), [`decimal`]
//! writes a score ("9.2", "9,2").

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
/// mistakes")` is "3 mistakes", the number written by [`number`]. Both forms are marked for
/// translation where they are written.
pub fn count(n: u32, singular: &str, plural: &str) -> String {
    fill(&ngettext(singular, plural, n), &[("n", &number(n.into()))])
}

/// A count as the user's language writes it, its digits in groups of three from the right with
/// the catalogue's translation of "," in the context "thousands separator" between them:
/// "20,002" in English, "20 002" (a narrow no-break space) in French, "20.002" in German.
pub fn number(n: u64) -> String {
    // Translators: your language's thousands separator, as in "20,002 games" (a no-break space
    // where it is a space, so that a number stays on one line).
    grouped(n, &pgettext("thousands separator", ","))
}

/// `n` with `separator` between its groups of three digits.
fn grouped(n: u64, separator: &str) -> String {
    let digits = n.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3 * separator.len());
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push_str(separator);
        }
        text.push(digit);
    }
    text
}

/// A number written with a decimal point ("9.2", "2.25") as the user's language writes it
/// ("9,2"): each catalogue gives its decimal separator as its translation of "." in the context
/// "decimal separator".
pub fn decimal(number: &str) -> String {
    // Translators: your language's decimal separator, as in a score of "9,2".
    number.replace('.', &pgettext("decimal separator", "."))
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
        assert_eq!(count(1000, "{n} mistake", "{n} mistakes"), "1,000 mistakes");
    }

    #[test]
    fn counts_are_written_in_groups_of_three_digits() {
        assert_eq!(grouped(0, ","), "0");
        assert_eq!(grouped(7, ","), "7");
        assert_eq!(grouped(999, ","), "999");
        assert_eq!(grouped(1000, ","), "1,000");
        assert_eq!(grouped(20002, ","), "20,002");
        assert_eq!(grouped(123456, "."), "123.456");
        assert_eq!(grouped(1234567, "\u{202f}"), "1\u{202f}234\u{202f}567");
        assert_eq!(grouped(u64::MAX, ","), "18,446,744,073,709,551,615");
        // Before a catalogue is bound (as here), English.
        assert_eq!(number(20002), "20,002");
    }
}
