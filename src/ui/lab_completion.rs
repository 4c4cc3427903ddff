//! The Lab editor's completion of the scripting API: as a player types, the functions a script
//! can call (after a `.` the grid's and a step's methods, elsewhere the plain functions), each
//! with its parameters and what it does, inside `builtin("…")` the technique ids with their
//! names, and inside `techniques("…")` the families. The functions come from
//! `script::reference`; the editor's own words are offered too.

use std::cell::RefCell;

use gtk::subclass::prelude::*;
use gtk::{gio, glib};
use sourceview5::prelude::*;
use sourceview5::subclass::prelude::*;

use crate::engine::logic::{Family, Technique};
use crate::i18n::gettext;
use crate::script::reference::{Function, Receiver, FUNCTIONS};

/// What a proposal puts in the script, and how the list shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entry {
    /// The text inserted in place of what was typed (a name, or a technique id).
    pub text: String,
    /// Shown before it: the receiver (`g.`, `s.`).
    pub before: String,
    /// Shown after it: the parameters (`(c, d)`).
    pub after: String,
    /// What it is, in the player's language.
    pub comment: String,
    /// What the Details button shows: the call written whole and what it does, or a
    /// technique's name, level and score.
    pub details: String,
    /// A call: parentheses follow the name once chosen (the cursor inside when it takes
    /// parameters), unless the script already has them.
    pub call: Option<bool>,
}

impl Entry {
    fn of_function(function: &Function) -> Entry {
        Entry {
            text: function.name.to_string(),
            before: function.receiver.prefix().to_string(),
            after: function.parameters.map(|p| format!("({p})")).unwrap_or_default(),
            comment: gettext(function.summary),
            details: format!("{}\n{}", function.call(), gettext(function.summary)),
            call: function.parameters.map(|p| !p.is_empty()),
        }
    }

    fn of_technique(technique: Technique) -> Entry {
        Entry {
            text: technique.id().to_string(),
            comment: super::names::technique_name(technique),
            details: format!(
                "{}\n{} · {}",
                super::names::technique_name(technique),
                super::level_name(technique.level()),
                super::decimal(&technique.score_text())
            ),
            ..Entry::default()
        }
    }
}

impl Entry {
    fn of_family(family: Family) -> Entry {
        let members: Vec<String> = family
            .techniques()
            .into_iter()
            .map(super::names::technique_name)
            .collect();
        Entry {
            text: family.id().to_string(),
            comment: super::names::family_name(family),
            details: format!("{}\n{}", super::names::family_name(family), members.join(", ")),
            ..Entry::default()
        }
    }
}

/// Where the cursor is, as the completion sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// After a `.`: a method; `on_grid` when it follows `g`.
    Method { on_grid: bool },
    /// Inside the quotes of `builtin("…`.
    TechniqueId,
    /// Inside the quotes of `techniques("…`.
    FamilyId,
    /// Anywhere else code is written.
    Function,
}

/// Tells the place from the line up to the cursor; the word being typed (letters, digits and
/// `_`; with `-` inside a technique id) and the place, or `None` inside a comment or a string
/// that is not a technique id.
pub fn place_of(line: &str) -> Option<(String, Place)> {
    let id_start = line.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '-');
    for quote in ['"', '`'] {
        if let Some(call) = id_start.strip_suffix(quote) {
            let called = call.trim_end().strip_suffix('(').map(str::trim_end);
            for (function, place) in [("builtin", Place::TechniqueId), ("techniques", Place::FamilyId)] {
                if called.is_some_and(|c| c.ends_with(function)) {
                    return Some((line[id_start.len()..].to_string(), place));
                }
            }
        }
    }
    // Outside code: a line comment, or an open string.
    if line.contains("//") || line.chars().filter(|&c| c == '"' || c == '`').count() % 2 == 1 {
        return None;
    }
    let start = line.trim_end_matches(|c: char| c.is_alphanumeric() || c == '_');
    let word = line[start.len()..].to_string();
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    match start.strip_suffix('.') {
        Some(receiver) => {
            let on_grid = receiver
                .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_')
                .len()
                + 1
                == receiver.len()
                && receiver.ends_with('g');
            Some((word, Place::Method { on_grid }))
        }
        None => Some((word, Place::Function)),
    }
}

/// The proposals for a place and what was typed there, best first: names that begin with it,
/// then those with a part that does (`cells` for `empty_cells`), then those whose parts begin
/// with its letters (`cw` for `cells_with`, `x-w` for `x-wing`).
pub fn proposals(word: &str, place: &Place) -> Vec<Entry> {
    let entries: Vec<Entry> = match place {
        Place::TechniqueId => Technique::all_by_score().into_iter().map(Entry::of_technique).collect(),
        Place::FamilyId => Family::ALL.iter().copied().map(Entry::of_family).collect(),
        Place::Method { on_grid } => {
            let first = if *on_grid { Receiver::Grid } else { Receiver::Step };
            let methods = |receiver: Receiver| FUNCTIONS.iter().filter(move |f| f.receiver == receiver);
            let other = if *on_grid { Receiver::Step } else { Receiver::Grid };
            methods(first).chain(methods(other)).map(Entry::of_function).collect()
        }
        // Nothing typed yet: no list to interrupt with.
        Place::Function if word.is_empty() => Vec::new(),
        Place::Function => FUNCTIONS
            .iter()
            .filter(|f| f.receiver == Receiver::None)
            .map(Entry::of_function)
            .collect(),
    };
    let needle = word.to_lowercase();
    let mut ranked: Vec<(u8, usize, Entry)> = entries
        .into_iter()
        .enumerate()
        // A name typed whole is no proposal.
        .filter(|(_, entry)| entry.text != word)
        .filter_map(|(order, entry)| Some((rank(&entry.text, &needle)?, order, entry)))
        .collect();
    ranked.sort_by_key(|(rank, order, _)| (*rank, *order));
    ranked.into_iter().map(|(_, _, entry)| entry).collect()
}

/// How well a name answers what was typed (lower is better), or `None`.
fn rank(name: &str, needle: &str) -> Option<u8> {
    let parts: Vec<&str> = name.split(['_', '-']).collect();
    if name.starts_with(needle) {
        Some(0)
    } else if parts.iter().any(|part| part.starts_with(needle)) {
        Some(1)
    } else {
        let initials: String = parts.iter().filter_map(|part| part.chars().next()).collect();
        let letters: String = needle.chars().filter(|c| *c != '_' && *c != '-').collect();
        (!letters.is_empty() && initials.starts_with(&letters)).then_some(2)
    }
}

mod imp {
    use super::*;

    #[derive(Default)]
    pub struct Proposal {
        pub entry: RefCell<Entry>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for Proposal {
        const NAME: &'static str = "NonetScriptProposal";
        type Type = super::Proposal;
        type Interfaces = (sourceview5::CompletionProposal,);
    }

    impl ObjectImpl for Proposal {}
    impl CompletionProposalImpl for Proposal {}

    #[derive(Default)]
    pub struct ApiCompletion {
        /// The place the shown list was made for.
        pub place: RefCell<Option<Place>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for ApiCompletion {
        const NAME: &'static str = "NonetScriptCompletion";
        type Type = super::ApiCompletion;
        type Interfaces = (sourceview5::CompletionProvider,);
    }

    impl ObjectImpl for ApiCompletion {}

    impl CompletionProviderImpl for ApiCompletion {
        fn title(&self) -> Option<glib::GString> {
            Some(gettext("Scripting Functions").into())
        }

        fn priority(&self, _context: &sourceview5::CompletionContext) -> i32 {
            1
        }

        /// A method's list comes as `.` is typed, and the technique ids with `builtin("`.
        fn is_trigger(&self, _iter: &gtk::TextIter, c: char) -> bool {
            c == '.' || c == '"'
        }

        fn populate(&self, context: &sourceview5::CompletionContext) -> Result<gio::ListModel, glib::Error> {
            let store = gio::ListStore::new::<super::Proposal>();
            if let Some(view) = context.view() {
                keep_list_wide(&view);
            }
            let found = line_before_cursor(context).and_then(|line| place_of(&line));
            if let Some((word, place)) = &found {
                fill(&store, proposals(word, place));
            }
            self.place.replace(found.map(|(_, place)| place));
            Ok(store.upcast())
        }

        fn refilter(&self, context: &sourceview5::CompletionContext, model: &gio::ListModel) {
            let Some(store) = model.downcast_ref::<gio::ListStore>() else {
                return;
            };
            let found = line_before_cursor(context).and_then(|line| place_of(&line));
            match found {
                Some((word, place)) if Some(&place) == self.place.borrow().as_ref() => {
                    fill(store, proposals(&word, &place));
                }
                _ => store.remove_all(),
            }
        }

        fn display(
            &self,
            context: &sourceview5::CompletionContext,
            proposal: &sourceview5::CompletionProposal,
            cell: &sourceview5::CompletionCell,
        ) {
            let Some(proposal) = proposal.downcast_ref::<super::Proposal>() else {
                return;
            };
            let entry = proposal.imp().entry.borrow();
            match cell.column() {
                sourceview5::CompletionColumn::TypedText => {
                    let typed = line_before_cursor(context)
                        .and_then(|line| place_of(&line))
                        .map(|(word, _)| word.to_lowercase())
                        .unwrap_or_default();
                    // (Nothing typed: nothing to underline.)
                    match sourceview5::Completion::fuzzy_highlight(&entry.text, &typed).filter(|_| !typed.is_empty()) {
                        Some(attributes) => cell.set_text_with_attributes(&entry.text, &attributes),
                        // (No attributes at all: a recycled cell keeps those last set.)
                        None => cell.set_text_with_attributes(&entry.text, &gtk::pango::AttrList::new()),
                    }
                }
                sourceview5::CompletionColumn::Before => cell.set_text(Some(&entry.before)),
                sourceview5::CompletionColumn::After => cell.set_text(Some(&entry.after)),
                sourceview5::CompletionColumn::Comment => cell.set_text(Some(&entry.comment)),
                sourceview5::CompletionColumn::Details => cell.set_text(Some(&entry.details)),
                _ => cell.set_text(None),
            }
        }

        fn activate(&self, context: &sourceview5::CompletionContext, proposal: &sourceview5::CompletionProposal) {
            let Some(proposal) = proposal.downcast_ref::<super::Proposal>() else {
                return;
            };
            let entry = proposal.imp().entry.borrow().clone();
            let (Some(buffer), Some(line)) = (context.buffer(), line_before_cursor(context)) else {
                return;
            };
            let Some((word, _)) = place_of(&line) else { return };
            let mut end = buffer.iter_at_mark(&buffer.get_insert());
            let mut start = end;
            start.backward_chars(word.chars().count() as i32);
            buffer.begin_user_action();
            buffer.delete(&mut start, &mut end);
            buffer.insert(&mut start, &entry.text);
            if let Some(parameters) = entry.call.filter(|_| start.char() != '(') {
                buffer.insert(&mut start, "()");
                if parameters {
                    start.backward_char();
                    buffer.place_cursor(&start);
                }
            }
            buffer.end_user_action();
        }
    }
}

glib::wrapper! {
    pub struct Proposal(ObjectSubclass<imp::Proposal>)
        @implements sourceview5::CompletionProposal;
}

glib::wrapper! {
    /// The scripting API's completion provider.
    pub struct ApiCompletion(ObjectSubclass<imp::ApiCompletion>)
        @implements sourceview5::CompletionProvider;
}

fn fill(store: &gio::ListStore, entries: Vec<Entry>) {
    let proposals: Vec<Proposal> = entries
        .into_iter()
        .map(|entry| {
            let proposal: Proposal = glib::Object::new();
            proposal.imp().entry.replace(entry);
            proposal
        })
        .collect();
    store.splice(0, store.n_items(), &proposals);
}

/// The list's least width. GtkSourceView 5.6 presents its list again, once it was hidden, before
/// measuring it, and GDK refuses a popup of width 0 (`gdk_popup_present: assertion 'width > 0'`):
/// the list then never shows again. A width asked for ahead keeps it presentable.
const LIST_WIDTH: i32 = 360;

/// Gives the editor's completion list (a popover among the view's children, made on first use)
/// its least width.
fn keep_list_wide(view: &sourceview5::View) {
    let mut child = view.first_child();
    while let Some(widget) = child {
        if widget.is::<gtk::Popover>() && widget.width_request() < LIST_WIDTH {
            widget.set_width_request(LIST_WIDTH);
        }
        child = widget.next_sibling();
    }
}

/// The text of the cursor's line up to the cursor.
fn line_before_cursor(context: &sourceview5::CompletionContext) -> Option<String> {
    let buffer = context.buffer()?;
    let cursor = buffer.iter_at_mark(&buffer.get_insert());
    let mut start = cursor;
    start.set_line_offset(0);
    Some(buffer.text(&start, &cursor, false).to_string())
}

/// Sets the editor up to complete the scripting API and the script's own words.
pub fn attach(view: &sourceview5::View) {
    let completion = view.completion();
    completion.add_provider(&glib::Object::new::<ApiCompletion>());
    let words = sourceview5::CompletionWords::new(Some(&gettext("Words in the Script")));
    words.set_minimum_word_size(3);
    words.register(&view.buffer());
    completion.add_provider(&words);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(word: &str, place: Place) -> Vec<String> {
        proposals(word, &place).into_iter().map(|e| e.text).collect()
    }

    #[test]
    fn the_place_follows_what_is_written_before_the_cursor() {
        let method = |on_grid| Place::Method { on_grid };
        assert_eq!(place_of("    if g.cou"), Some(("cou".into(), method(true))));
        assert_eq!(place_of("    s.pl"), Some(("pl".into(), method(false))));
        assert_eq!(place_of("    step(\"x\")."), Some(("".into(), method(false))));
        assert_eq!(
            place_of("    let d = g.candidates(c)[0]."),
            Some(("".into(), method(false)))
        );
        assert_eq!(place_of("    for c in pe"), Some(("pe".into(), Place::Function)));
        assert_eq!(
            place_of("let s = builtin(\"x-w"),
            Some(("x-w".into(), Place::TechniqueId))
        );
        assert_eq!(place_of("builtin( `"), Some(("".into(), Place::TechniqueId)));
        assert_eq!(
            place_of("for id in techniques(\"single-d"),
            Some(("single-d".into(), Place::FamilyId))
        );
        // A comment, a string, a number: nothing to offer.
        assert_eq!(place_of("// the pe"), None);
        assert_eq!(place_of("    step(\"Naked si"), None);
        assert_eq!(place_of("    let x = 12"), None);
        // A closed string is code again.
        assert_eq!(place_of("step(\"a\").hi"), Some(("hi".into(), method(false))));
    }

    #[test]
    fn proposals_begin_with_what_was_typed_or_a_part_does() {
        assert_eq!(texts("pe", Place::Function), ["peers"]);
        assert_eq!(texts("cw", Place::Method { on_grid: true }), ["cells_with"]);
        // The grid's methods first after g, a step's after anything else.
        let on_grid = texts("", Place::Method { on_grid: true });
        assert_eq!(on_grid[0], "value");
        assert!(on_grid.contains(&"place".to_string()));
        assert_eq!(texts("", Place::Method { on_grid: false })[0], "place");
        // Nothing typed in code: no list; a name typed whole: no proposal.
        assert!(texts("", Place::Function).is_empty());
        assert!(!texts("peers", Place::Function).contains(&"peers".to_string()));
        assert_eq!(texts("x-w", Place::TechniqueId)[0], "x-wing");
        assert_eq!(texts("a", Place::FamilyId), ["als"]);
        assert_eq!(texts("", Place::FamilyId).len(), Family::ALL.len());
        // A part's beginning, then the parts' initials; no letters picked from inside a name.
        assert_eq!(
            texts("cells", Place::Method { on_grid: true }),
            ["cells_with", "empty_cells"]
        );
        assert_eq!(
            texts("ce", Place::Method { on_grid: true }),
            ["cells_with", "empty_cells"]
        );
        assert_eq!(texts("hc", Place::Method { on_grid: false }), ["highlight_candidate"]);
        assert_eq!(texts("ffj", Place::TechniqueId), ["finned-franken-jellyfish"]);
        assert_eq!(texts("", Place::TechniqueId).len(), Technique::all_by_score().len());
        // Plain functions only where no receiver is written.
        assert!(!texts("pl", Place::Function).contains(&"place".to_string()));
    }
}
