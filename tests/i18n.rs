//! The translation pipeline (issue 13): the committed `po/nonet.pot` is what xgettext extracts
//! now, every string the Rust code marks is in it, the UI sets no visible text without gettext,
//! each catalogue in `po/LINGUAS` compiles with `msgfmt --check` and translates every message; the
//! user help names only controls the app shows, and its translations are whole, current and
//! valid, and name the controls as the app's catalogue of their language does; and no two entries
//! of a menu share a mnemonic, in any language.

use std::collections::{BTreeSet, HashMap};

use nonet::engine::logic::{Family, Technique};
use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The msgids of a .po or .pot file (singular and plural forms) and their contexts
/// (`msgctxt`, pgettext's first argument), unescaped.
fn msgids(po: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut current: Option<String> = None;
    for line in po.lines() {
        if let Some(rest) = line
            .strip_prefix("msgid ")
            .or_else(|| line.strip_prefix("msgid_plural "))
            .or_else(|| line.strip_prefix("msgctxt "))
        {
            if let Some(id) = current.take() {
                ids.insert(id);
            }
            current = Some(unquote(rest));
        } else if line.starts_with('"') {
            if let Some(id) = current.as_mut() {
                id.push_str(&unquote(line));
            }
        } else if let Some(id) = current.take() {
            ids.insert(id);
        }
    }
    ids.extend(current);
    ids.remove("");
    ids
}

fn unquote(quoted: &str) -> String {
    let inner = quoted.trim().trim_start_matches('"').trim_end_matches('"');
    let mut text = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => text.push('\n'),
                Some('t') => text.push('\t'),
                Some(other) => text.push(other),
                None => {}
            }
        } else {
            text.push(c);
        }
    }
    text
}

/// The string literals passed to gettext, ngettext, pgettext, n_, i18n::count and the engine's
/// explanation marker `phrase` in a Rust file,
/// found here independently of xgettext: every literal inside each such call's parentheses.
fn marked_literals(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for marker in ["gettext(", "ngettext(", "pgettext(", "n_(", "count(", "phrase("] {
        for (at, _) in source.match_indices(marker) {
            let before = source[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') || source[..at].ends_with("fn ") {
                continue; // part of a longer name, or the definition
            }
            let mut rest = &source[at + marker.len()..];
            let mut depth = 1;
            while depth > 0 && !rest.is_empty() {
                let c = rest.chars().next().unwrap();
                match c {
                    '"' => {
                        let Some(end) = literal_end(&rest[1..]) else { break };
                        found.push(unescape_rust(&rest[1..1 + end]));
                        rest = &rest[1 + end + 1..];
                        continue;
                    }
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    found
}

/// Where an escaped Rust string literal's body ends (the index of its closing quote).
fn literal_end(body: &str) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in body.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return Some(i),
            _ => escaped = false,
        }
    }
    None
}

fn unescape_rust(body: &str) -> String {
    unquote(&format!("\"{body}\""))
}

/// The Rust files under `dir` (and its subfolders), by path from the checkout, with their text.
fn rust_sources(dir: &str) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut folders = vec![Path::new(ROOT).join(dir)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.strip_prefix(ROOT).unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

fn ui_sources() -> Vec<(String, String)> {
    rust_sources("src/ui")
}

#[test]
fn the_pot_is_what_xgettext_extracts_now() {
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("nonet.pot");
    let status = Command::new(Path::new(ROOT).join("scripts/update-pot.sh"))
        .arg(&fresh)
        .status()
        .expect("xgettext (gettext) is installed: scripts/setup.sh");
    assert!(status.success());
    let fresh = std::fs::read_to_string(&fresh).unwrap();
    assert!(
        fresh == read("po/nonet.pot"),
        "po/nonet.pot is out of date: run scripts/update-pot.sh, then msgmerge --update po/LANG.po po/nonet.pot \
         for each language of po/LINGUAS, and translate what is new"
    );
}

#[test]
fn every_marked_string_is_in_the_pot_and_every_marking_file_is_listed() {
    let pot = msgids(&read("po/nonet.pot"));
    let listed: BTreeSet<String> = read("po/POTFILES.in")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    for file in &listed {
        assert!(
            Path::new(ROOT).join(file).exists(),
            "POTFILES.in lists {file}, which is gone"
        );
    }
    let mut checked = 0;
    for (name, source) in ui_sources().into_iter().chain(rust_sources("src/engine")) {
        let literals = marked_literals(&source);
        if !literals.is_empty() {
            assert!(
                listed.contains(&name),
                "{name} marks strings but is not in po/POTFILES.in"
            );
        }
        for literal in literals {
            assert!(pot.contains(&literal), "{name}: {literal:?} is not in po/nonet.pot");
            checked += 1;
        }
    }
    assert!(checked > 400, "only {checked} marked strings found");
    for ui in [
        "resources/ui/window.ui",
        "resources/ui/history.ui",
        "resources/ui/lab.ui",
        "resources/ui/shortcuts.ui",
    ] {
        assert!(listed.contains(ui), "{ui} is not in po/POTFILES.in");
    }
}

/// Text put on screen from Rust goes through gettext: no string literal straight into a title,
/// label, tooltip, message or dialog response.
#[test]
fn the_ui_shows_no_untranslated_literal() {
    let setters = [
        "say(\"",
        ".title(\"",
        ".subtitle(\"",
        ".label(\"",
        ".description(\"",
        ".tooltip_text(\"",
        "set_title(Some(\"",
        "set_label(\"",
        "set_tooltip_text(Some(\"",
        "with_label(\"",
        "button_label(\"",
        "set_subtitle(\"",
        "show_text(\"",
        "Some(\"The",
        "Some(\"A ",
    ];
    let mut offences = Vec::new();
    for (name, source) in ui_sources() {
        for (number, line) in source.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let response =
                code.contains("add_response(\"") && code.matches('"').count() >= 4 && !code.contains("&gettext(");
            let shown = setters.iter().any(|setter| {
                code.find(setter).is_some_and(|at| {
                    let after = &code[at + setter.len()..];
                    after.chars().next().is_some_and(|c| c.is_alphabetic())
                })
            });
            if response || shown {
                offences.push(format!("{name}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(offences.is_empty(), "untranslated text:\n{}", offences.join("\n"));
}

#[test]
fn every_catalogue_compiles_and_translates_every_message() {
    let pot = msgids(&read("po/nonet.pot"));
    let languages = read("po/LINGUAS");
    let languages: Vec<&str> = languages.split_whitespace().filter(|l| !l.starts_with('#')).collect();
    assert!(languages.contains(&"de"), "German is shipped");
    for language in languages {
        let po = format!("po/{language}.po");
        let output = Command::new("msgfmt")
            .args(["--check", "--statistics", "-o", "/dev/null", &po])
            .current_dir(ROOT)
            .output()
            .expect("msgfmt (gettext) is installed");
        let report = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{po}: {report}");
        assert!(
            !report.contains("untranslated") && !report.contains("fuzzy"),
            "{po} is incomplete: {report}"
        );
        let translated = msgids(&read(&po));
        let missing: Vec<_> = pot.difference(&translated).collect();
        assert!(
            missing.is_empty(),
            "{po} lacks {missing:?}: msgmerge --update {po} po/nonet.pot"
        );
    }
}

/// The `{placeholders}` of a message.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}'))
        .map(|(name, _)| name)
        .collect()
}

/// msgfmt checks printf formats, not the named `{placeholders}` that `i18n::fill` and the engine's
/// explanations fill: a translation that drops or misspells one would show a raw `{name}` or lose
/// a cell. Every translation uses its message's placeholders and no others (a plural form may
/// name the count that only the English plural shows).
#[test]
fn every_translation_keeps_its_placeholders() {
    let mut checked = 0;
    for (language, messages) in app_catalogues() {
        for message in messages {
            let singular = placeholders(&message.id);
            let (required, allowed) = match &message.plural {
                Some(plural) => {
                    let plural = placeholders(plural);
                    (&singular & &plural, &singular | &plural)
                }
                None => (singular.clone(), singular),
            };
            for translation in &message.translations {
                let used = placeholders(translation);
                assert!(
                    required.is_subset(&used) && used.is_subset(&allowed),
                    "po/{language}.po: {:?} is translated as {translation:?}",
                    message.id
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "only {checked} translations checked");
}

/// A label or status that ends in "…" (a menu item that asks more, work under way) ends so in
/// every translation too, written as the language's GNOME team writes it: German with a space
/// before it ("Öffnen …"), French without ("Ouvrir…"). One catalogue mixing both reads as a slip
/// ("Lösungsweg …" beside "Alle Schritte…" in one menu).
#[test]
fn every_translation_writes_the_ellipsis_the_languages_way() {
    let mut checked = 0;
    for (language, messages) in app_catalogues() {
        let spaced = match language.as_str() {
            "de" => true,
            "fr" => false,
            _ => panic!("po/{language}.po: say here how the language writes a trailing ellipsis"),
        };
        for message in messages {
            if !message.id.ends_with('…') {
                continue;
            }
            for translation in &message.translations {
                let body = translation.strip_suffix('…');
                let right = body.is_some_and(|body| body.ends_with(' ') == spaced);
                assert!(
                    right,
                    "po/{language}.po: {:?} is translated as {translation:?}",
                    message.id
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "only {checked} translations checked");
}

/// French puts a no-break space before a colon and a narrow one before ";", "?" and "!", so that
/// a line never starts with them; an ordinary space there (typed by hand) lets the sign wrap to
/// the next line on its own. Checked in the app's catalogue and the help's.
#[test]
fn french_keeps_its_signs_on_the_line() {
    let mut checked = 0;
    for path in ["po/fr.po", "help/fr/fr.po"] {
        for message in messages(&read(path)) {
            for translation in &message.translations {
                let chars: Vec<char> = translation.chars().collect();
                for pair in chars.windows(2) {
                    let (before, sign) = (pair[0], pair[1]);
                    let space = match sign {
                        ':' => '\u{a0}',
                        ';' | '?' | '!' => '\u{202f}',
                        _ => continue,
                    };
                    if before.is_whitespace() {
                        assert_eq!(before, space, "{path}: {sign:?} after {before:?} in {translation:?}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 300, "only {checked} signs checked");
}

/// Each catalogue's separators for numbers (`i18n::number` and `decimal`): the thousands one
/// (the translation of "," in its context) is not the decimal one, so "20.002" never reads as
/// twenty point zero, and a space there is a no-break one, so a count never wraps inside.
#[test]
fn every_language_writes_large_numbers_on_one_line() {
    let mut checked = 0;
    for (language, messages) in app_catalogues() {
        let translation = |id: &str| {
            let found = messages.iter().find(|m| m.id == id);
            found.and_then(|m| m.translations.first()).cloned().unwrap_or_default()
        };
        let (thousands, decimal) = (translation(","), translation("."));
        assert!(!thousands.is_empty(), "po/{language}.po: no thousands separator");
        assert_ne!(thousands, decimal, "po/{language}.po: the same separator for both");
        assert!(
            !thousands.contains([' ', '\t']),
            "po/{language}.po: the thousands separator {thousands:?} is an ordinary space"
        );
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} catalogues checked");
}

/// The app's catalogues (po/LANG.po, for the languages of po/LINGUAS): each language with its
/// messages.
fn app_catalogues() -> Vec<(String, Vec<Message>)> {
    read("po/LINGUAS")
        .split_whitespace()
        .filter(|l| !l.starts_with('#'))
        .map(|language| (language.to_string(), messages(&read(&format!("po/{language}.po")))))
        .collect()
}

/// A message of a catalogue: its msgid, msgid_plural and translations (every plural form).
#[derive(Default)]
struct Message {
    id: String,
    plural: Option<String>,
    translations: Vec<String>,
}

/// The messages of a .po file (not the header, not obsolete ones), unescaped.
fn messages(po: &str) -> Vec<Message> {
    let mut found: Vec<Message> = Vec::new();
    // The field the current line continues: the msgid, the plural, or a translation.
    let mut field: Option<&mut String> = None;
    let mut current = Message::default();
    for line in po.lines() {
        if line.starts_with('"') {
            if let Some(text) = field.as_deref_mut() {
                text.push_str(&unquote(line));
            }
            continue;
        }
        field = None;
        let Some((key, rest)) = line.split_once(' ') else {
            continue;
        };
        if key == "msgid" {
            let done = std::mem::take(&mut current);
            if !done.id.is_empty() {
                found.push(done);
            }
            current.id = unquote(rest);
            field = Some(&mut current.id);
        } else if key == "msgid_plural" {
            field = Some(current.plural.insert(unquote(rest)));
        } else if key.starts_with("msgstr") {
            current.translations.push(unquote(rest));
            field = current.translations.last_mut();
        }
    }
    if !current.id.is_empty() {
        found.push(current);
    }
    found
}

/// The words of each `<gui>` element in `text` (a menu item, a button, a switch the help tells
/// the reader to use), whitespace collapsed.
fn gui_words(text: &str) -> Vec<String> {
    let gui = regex::Regex::new(r"(?s)<gui>(.*?)</gui>").unwrap();
    gui.captures_iter(text)
        .map(|found| {
            found[1]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace("&amp;", "&")
        })
        .collect()
}

/// The user help's pages (help/C/*.page), by name, sorted.
fn help_pages() -> Vec<(String, String)> {
    let mut pages: Vec<_> = std::fs::read_dir(Path::new(ROOT).join("help/C"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "page"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    pages.sort();
    pages
}

/// The languages the help is translated to (help/LINGUAS).
fn help_languages() -> Vec<String> {
    read("help/LINGUAS")
        .split_whitespace()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// A label as the reader sees it: without its mnemonic's underscore or a trailing "…" (and the
/// space German puts before it).
fn as_seen(label: &str) -> String {
    label.replacen('_', "", 1).trim_end_matches('…').trim_end().to_string()
}

/// The labels the app shows in a language: the msgids of po/nonet.pot for English, a
/// catalogue's translations otherwise, as seen.
fn labels_in(language: &str) -> BTreeSet<String> {
    if language == "C" {
        return msgids(&read("po/nonet.pot")).iter().map(|id| as_seen(id)).collect();
    }
    messages(&read(&format!("po/{language}.po")))
        .iter()
        .flat_map(|m| m.translations.iter().map(|t| as_seen(t)))
        .collect()
}

/// The desktop's own labels the help points to, by language (as GTK 4.8's catalogues word
/// them): GNOME Settings' panel and switch, GTK's print dialog's printer and page range.
fn the_desktops(language: &str) -> [&'static str; 4] {
    match language {
        "de" => ["Barrierefreiheit", "Hoher Kontrast", "In Datei drucken", "Seiten"],
        "fr" => ["Accessibilité", "Contraste élevé", "Imprimer dans un fichier", "Pages"],
        _ => ["Accessibility", "High Contrast", "Print to File", "Pages"],
    }
}

/// The user help (help/C) names only controls the app shows: every `<gui>` of its pages is the
/// label of a menu item, button, page or setting of Nonet's (a message of po/nonet.pot, as seen:
/// no mnemonic, no "…"), or one of the desktop's own that the help points to. A label renamed in
/// the app without the help following fails here.
#[test]
fn the_help_names_only_what_the_app_shows() {
    let labels = labels_in("C");
    let words: Vec<(String, String)> = help_pages()
        .iter()
        .flat_map(|(name, text)| gui_words(text).into_iter().map(move |w| (name.clone(), w)))
        .collect();
    assert!(words.len() > 50, "the help names {} controls", words.len());
    let unknown: Vec<&(String, String)> = words
        .iter()
        .filter(|(_, said)| !labels.contains(said) && !the_desktops("C").contains(&said.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "the help names controls the app does not show: {unknown:?}"
    );
}

/// Runs a program of the help's tool chain (itstool, yelp-check, msgfmt) in `dir`, failing with
/// its output unless it succeeds; returns what it wrote (standard error, then output).
fn run_in(dir: &Path, program: &str, args: &[&str]) -> String {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{program} is installed (scripts/setup.sh): {e}"));
    let report =
        String::from_utf8_lossy(&output.stderr).into_owned() + String::from_utf8_lossy(&output.stdout).as_ref();
    assert!(output.status.success(), "{program} {args:?}: {report}");
    report
}

/// Each translation of the help (help/LANG/LANG.po, for the languages of help/LINGUAS) holds
/// exactly the messages itstool extracts from the pages now, translates every one, and gives
/// pages that are valid Mallard (built as meson's gnome.yelp builds them: msgfmt, then itstool,
/// then `yelp-check validate`).
#[test]
fn the_help_translations_are_whole_current_and_valid() {
    let help = Path::new(ROOT).join("help");
    let work = tempfile::tempdir().unwrap();
    let pot = work.path().join("help.pot");
    let pages: Vec<String> = help_pages().into_iter().map(|(name, _)| format!("C/{name}")).collect();
    let mut itstool = vec!["-o", pot.to_str().unwrap()];
    itstool.extend(pages.iter().map(String::as_str));
    run_in(&help, "itstool", &itstool);
    let extracted = msgids(&std::fs::read_to_string(&pot).unwrap());
    let languages = help_languages();
    assert!(languages.iter().any(|l| l == "de") && languages.iter().any(|l| l == "fr"));
    for language in &languages {
        let po = help.join(language).join(format!("{language}.po"));
        let shown = format!("help/{language}/{language}.po");
        let translated = msgids(&std::fs::read_to_string(&po).unwrap());
        assert_eq!(
            extracted, translated,
            "{shown} is not the pages' messages now: run scripts/update-help-po.sh and translate what is new"
        );
        let mo = work.path().join(format!("{language}.mo"));
        let report = run_in(
            &help,
            "msgfmt",
            &[
                "--check",
                "--statistics",
                "-o",
                mo.to_str().unwrap(),
                po.to_str().unwrap(),
            ],
        );
        assert!(
            !report.contains("untranslated") && !report.contains("fuzzy"),
            "{shown} is incomplete: {report}"
        );
        let built = work.path().join(language);
        std::fs::create_dir(&built).unwrap();
        let mut itstool = vec!["-m", mo.to_str().unwrap(), "-o", built.to_str().unwrap()];
        itstool.extend(pages.iter().map(String::as_str));
        // (A translation whose markup does not parse is left out, with a warning.)
        let merged = run_in(&help, "itstool", &itstool);
        assert!(!merged.contains("Could not merge"), "{shown}: {merged}");
        std::fs::copy(help.join("C/legal.xml"), built.join("legal.xml")).unwrap();
        let mut validate = vec!["validate"];
        validate.extend(pages.iter().map(|page| page.trim_start_matches("C/")));
        run_in(&built, "yelp-check", &validate);
    }
}

/// A translation of the help names the controls as the app's catalogue of the same language
/// translates them: every `<gui>` of help/LANG/LANG.po is a translation of po/LANG.po (as seen),
/// or one of the desktop's own.
#[test]
fn the_translated_help_names_what_the_translated_app_shows() {
    for language in help_languages() {
        let labels = labels_in(&language);
        let help = messages(&read(&format!("help/{language}/{language}.po")));
        let words: Vec<String> = help
            .iter()
            .flat_map(|m| m.translations.iter().flat_map(|t| gui_words(t)))
            .collect();
        assert!(words.len() > 50, "help/{language} names {} controls", words.len());
        let unknown: Vec<&String> = words
            .iter()
            .filter(|w| !labels.contains(*w) && !the_desktops(&language).contains(&w.as_str()))
            .collect();
        assert!(
            unknown.is_empty(),
            "help/{language} names controls the app in that language does not show: {unknown:?}"
        );
    }
}

/// The help's technique reference (help/C/techniques.page) has an entry for every technique the
/// engine knows, each named once, as the app names it: an entry's title is technique names
/// joined by ", ", the engine's English names in the pages and, in each translation of the help,
/// the names po/LANG.po gives them, in the same order. A technique added to the engine without
/// an entry, or renamed in the app without the help following, fails here.
#[test]
fn the_technique_reference_names_every_technique_as_the_app_does() {
    let page = read("help/C/techniques.page");
    let entry = regex::Regex::new(r"(?s)<item>\s*<title>(.*?)</title>").unwrap();
    let titles: Vec<String> = entry
        .captures_iter(&page)
        .map(|c| c[1].split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let mut named: Vec<&str> = titles.iter().flat_map(|title| title.split(", ")).collect();
    let mut known: Vec<&str> = Technique::all_by_score().iter().map(|t| t.name()).collect();
    named.sort_unstable();
    known.sort_unstable();
    assert_eq!(
        named, known,
        "help/C/techniques.page names each technique once, as the engine does"
    );
    for language in help_languages() {
        let (app, help) = app_and_help_translations(&language);
        for title in &titles {
            let names: Vec<&str> = title.split(", ").map(|name| app[name].as_str()).collect();
            assert_eq!(
                help[title],
                names.join(", "),
                "help/{language}/{language}.po names the techniques of \"{title}\" as po/{language}.po does"
            );
        }
    }
}

/// The app's and the help's catalogues for `language`, each a map from a message to its
/// (first) translation.
fn app_and_help_translations(language: &str) -> (HashMap<String, String>, HashMap<String, String>) {
    let translated = |po: &str| -> HashMap<String, String> {
        messages(&read(po))
            .into_iter()
            .filter_map(|m| Some((m.id, m.translations.into_iter().next()?)))
            .collect()
    };
    (
        translated(&format!("po/{language}.po")),
        translated(&format!("help/{language}/{language}.po")),
    )
}

/// The engine's families of techniques are the help's technique reference's sections: each
/// technique's entry lies in the section whose id is its family's id, titled with the family's
/// name, and in each translation the app names the family as the help titles that section (the
/// practice chooser shows the family, and is searched by it).
#[test]
fn the_technique_families_are_the_help_references_sections() {
    let page = read("help/C/techniques.page");
    let section = regex::Regex::new(r#"(?s)<section id="([^"]+)">\s*<title>(.*?)</title>(.*?)</section>"#).unwrap();
    let entry = regex::Regex::new(r"(?s)<item>\s*<title>(.*?)</title>").unwrap();
    let mut placed: HashMap<String, (String, String)> = HashMap::new();
    let mut titles: HashMap<String, String> = HashMap::new();
    for found in section.captures_iter(&page) {
        titles.insert(found[1].to_string(), found[2].to_string());
        for title in entry.captures_iter(&found[3]) {
            let title = title[1].split_whitespace().collect::<Vec<_>>().join(" ");
            for name in title.split(", ") {
                placed.insert(name.to_string(), (found[1].to_string(), found[2].to_string()));
            }
        }
    }
    let families: BTreeSet<&str> = Family::ALL.iter().map(|f| f.id()).collect();
    let sections: BTreeSet<&str> = titles.keys().map(String::as_str).collect();
    assert_eq!(
        families, sections,
        "one section of help/C/techniques.page for each family"
    );
    for &technique in Technique::ALL {
        let family = technique.family();
        assert_eq!(
            placed.get(technique.name()),
            Some(&(family.id().to_string(), family.name().to_string())),
            "{} is told of in the section of its family",
            technique.name()
        );
    }
    for language in help_languages() {
        let (app, help) = app_and_help_translations(&language);
        for &family in Family::ALL {
            assert_eq!(
                app.get(family.name()),
                help.get(family.name()),
                "po/{language}.po names the family as help/{language}/{language}.po titles its section"
            );
        }
    }
}

/// The labels of each menu of the main window (the primary menu and each submenu: the items a
/// mnemonic chooses among), as window.ui writes them.
fn menus() -> Vec<Vec<String>> {
    let ui = read("resources/ui/window.ui");
    let label = regex::Regex::new(r#"^\s*<attribute name="label" translatable="yes">([^<]*)<"#).unwrap();
    let (mut done, mut open): (Vec<Vec<String>>, Vec<Vec<String>>) = (Vec::new(), Vec::new());
    let mut submenu_label_pending = false;
    for line in ui.lines() {
        let line = line.trim();
        if line.starts_with("<menu ") || line == "<submenu>" {
            submenu_label_pending = line == "<submenu>";
            if !submenu_label_pending {
                open.push(Vec::new());
            }
        } else if line == "</submenu>" || line == "</menu>" {
            done.extend(open.pop());
        } else if let Some(found) = label.captures(line) {
            open.last_mut()
                .expect("a label inside a menu")
                .push(found[1].to_string());
            if submenu_label_pending {
                // The submenu's own label was its parent's item; its items follow.
                submenu_label_pending = false;
                open.push(Vec::new());
            }
        }
    }
    done
}

/// In every language, the items of each menu have mnemonics of their own: no two entries of one
/// menu answer the same Alt+letter (French "_Aide" took the A of "_Autre grille").
#[test]
fn menu_mnemonics_are_unique_in_every_language() {
    let menus = menus();
    assert!(menus.len() >= 5 && menus.iter().any(|m| m.len() >= 10), "{menus:?}");
    let mut languages = vec!["C".to_string()];
    languages.extend(read("po/LINGUAS").split_whitespace().map(String::from));
    for language in languages {
        let translated: std::collections::BTreeMap<String, String> = if language == "C" {
            Default::default()
        } else {
            messages(&read(&format!("po/{language}.po")))
                .into_iter()
                .filter_map(|m| Some((m.id, m.translations.into_iter().next()?)))
                .collect()
        };
        for menu in &menus {
            let mut seen = std::collections::BTreeMap::new();
            for label in menu {
                let shown = translated.get(label).filter(|t| !t.is_empty()).unwrap_or(label);
                let key = shown.split_once('_').and_then(|(_, rest)| rest.chars().next());
                let key = key
                    .unwrap_or_else(|| panic!("{language}: {shown:?} has no mnemonic"))
                    .to_lowercase()
                    .to_string();
                if let Some(other) = seen.insert(key.clone(), shown.clone()) {
                    panic!("{language}: {other:?} and {shown:?} share Alt+{key}");
                }
            }
        }
    }
}

/// The pages of each menu of a `.ui` file as GTK's popover shows them: the main page (the items
/// of all its sections) and one page for each submenu, headed by the submenu's own label (the
/// back button, which takes the label's mnemonic too). Each label as written, in English.
fn menu_pages(ui: &str) -> Vec<Vec<String>> {
    fn walk(node: roxmltree::Node, page: &mut Vec<String>, pages: &mut Vec<Vec<String>>) {
        for child in node.children().filter(|c| c.is_element()) {
            let label = || {
                child
                    .children()
                    .find(|a| a.has_tag_name("attribute") && a.attribute("name") == Some("label"))
                    .and_then(|a| a.text())
                    .map(str::to_string)
            };
            match child.tag_name().name() {
                "section" => walk(child, page, pages),
                "item" => page.extend(label()),
                "submenu" => {
                    let mut own: Vec<String> = label().into_iter().collect();
                    page.extend(own.clone());
                    walk(child, &mut own, pages);
                    pages.push(own);
                }
                _ => {}
            }
        }
    }
    let document = roxmltree::Document::parse(ui).expect("the .ui file is XML");
    let mut pages = Vec::new();
    for menu in document.descendants().filter(|n| n.has_tag_name("menu")) {
        let mut main = Vec::new();
        walk(menu, &mut main, &mut pages);
        pages.push(main);
    }
    pages
}

/// The labels with a mnemonic that a `.ui` file shows at once (its buttons' and labels' with
/// `use-underline`), in English.
fn underlined_labels(ui: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(ui).expect("the .ui file is XML");
    let property = |object: roxmltree::Node, name: &str| {
        object
            .children()
            .find(|p| p.has_tag_name("property") && p.attribute("name") == Some(name))
            .and_then(|p| p.text())
            .map(str::to_string)
    };
    document
        .descendants()
        .filter(|n| n.has_tag_name("object") || n.has_tag_name("template"))
        .filter(|object| property(*object, "use-underline").as_deref() == Some("true"))
        .filter_map(|object| property(object, "label"))
        .collect()
}

/// The answers of each of the app's questions (AdwMessageDialog through `ui::question`,
/// `ui::question_with_answers` and History's `ask_before`), with the "_Cancel" each is shown
/// beside: the underlined messages of each such call.
fn questions_answers() -> Vec<Vec<String>> {
    let call =
        regex::Regex::new(r"(?s)(?:super::question|super::question_with_answers|self\.ask_before)\((.*?)\);").unwrap();
    let underlined = regex::Regex::new(r#"gettext\("([^"]*_[^"]*)"\)"#).unwrap();
    let questions: Vec<Vec<String>> = rust_sources("src/ui")
        .iter()
        .flat_map(|(_, source)| call.captures_iter(source).map(|c| c[1].to_string()).collect::<Vec<_>>())
        .map(|args| {
            let answers = underlined.captures_iter(&args).map(|c| c[1].to_string());
            std::iter::once("_Cancel".to_string())
                .chain(answers)
                .collect::<Vec<_>>()
        })
        .filter(|answers| answers.len() > 1)
        .collect();
    assert!(
        questions.len() >= 5 && questions.iter().any(|answers| answers.len() > 2),
        "the questions' answers not found: {questions:?}"
    );
    questions
}

/// No two labels shown together share a mnemonic, in English or in any translation: GTK then
/// only moves between them on the key, and neither is chosen. Checked on each page of each menu
/// (in English, O in Other Puzzle's page, where the page's own heading took O as Open did,
/// opened nothing), among the underlined labels of each `.ui` file (French "_Afficher" and
/// "_Appliquer" in All Steps), and for each question's answer beside "_Cancel" (French
/// "_Afficher" and "_Annuler" in Show Solution's).
#[test]
fn no_two_labels_shown_together_share_a_mnemonic() {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for folder in ["resources/ui"] {
        for entry in std::fs::read_dir(Path::new(ROOT).join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ui") {
                let ui = std::fs::read_to_string(&path).unwrap();
                let name = path.strip_prefix(ROOT).unwrap().display().to_string();
                groups.extend(
                    menu_pages(&ui)
                        .into_iter()
                        .map(|page| (format!("{name}, a menu"), page)),
                );
                groups.push((name, underlined_labels(&ui)));
            }
        }
    }
    for answers in questions_answers() {
        groups.push(("a question".to_string(), answers));
    }
    let languages = read("po/LINGUAS");
    let languages = std::iter::once("C").chain(languages.split_whitespace().filter(|l| !l.starts_with('#')));
    let mnemonic = |label: &str| {
        let (_, after) = label.split_once('_')?;
        after.chars().next().map(|c| c.to_lowercase().to_string())
    };
    let mut checked = 0;
    for language in languages {
        let translated: HashMap<String, String> = match language {
            "C" => HashMap::new(),
            _ => messages(&read(&format!("po/{language}.po")))
                .into_iter()
                .filter_map(|m| Some((m.id, m.translations.into_iter().next()?)))
                .collect(),
        };
        for (place, group) in &groups {
            let labels: Vec<&String> = group.iter().map(|l| translated.get(l).unwrap_or(l)).collect();
            let mut seen: HashMap<String, &String> = HashMap::new();
            for label in &labels {
                let Some(key) = mnemonic(label) else { continue };
                if let Some(other) = seen.insert(key.clone(), label) {
                    panic!("{language}, {place}: {other:?} and {label:?} share the mnemonic {key:?} among {labels:?}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} mnemonics checked");
}
