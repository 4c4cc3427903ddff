//! Practising a technique, as HoDoKu's practising mode: the chooser window (every technique the
//! engine can set a position for, by level, with a search) and the controller's side, which looks
//! for a position off the main thread (`engine::practice`), puts it on the board, pencil marks
//! and all, as the move the game begins with, and tells the player when a step of the technique
//! is done there.

use std::rc::Rc;
use std::sync::atomic::AtomicBool;

use adw::prelude::*;
use adw::subclass::prelude::ObjectSubclassIsExt;
use gtk::{gdk, glib};
use unicode_normalization::UnicodeNormalization;

use super::names::{family_name, technique_name};
use crate::engine::game::MoveKind;
use crate::engine::generator::{self, GenerateError};
use crate::engine::logic::{Level, Technique};
use crate::engine::practice::{self, NotPractised, Rarity};
use crate::i18n::{fill, gettext, ngettext, number};
use crate::store::{self, NewGame, Practised, TechniqueHints};

/// The chooser's widgets, from its template `resources/ui/practice.ui`.
mod imp {
    use std::cell::RefCell;

    use adw::subclass::prelude::*;
    use gtk::glib;
    use gtk::CompositeTemplate;

    use crate::engine::logic::Family;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/practice.ui")]
    pub struct PracticeChooser {
        #[template_child]
        pub search: TemplateChild<gtk::SearchEntry>,
        #[template_child]
        pub scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub groups: TemplateChild<gtk::Box>,
        #[template_child]
        pub nothing_found: TemplateChild<adw::StatusPage>,
        #[template_child]
        pub help: TemplateChild<gtk::Button>,
        /// Each level's group with its rows and the text they are searched by.
        pub levels: RefCell<Vec<LevelGroup>>,
    }

    /// A level's group of rows, each row with the text it is searched by (its technique's name,
    /// family and id) and its technique's family.
    pub type LevelGroup = (adw::PreferencesGroup, Vec<(adw::ActionRow, String, Family)>);

    #[glib::object_subclass]
    impl ObjectSubclass for PracticeChooser {
        const NAME: &'static str = "NonetPracticeChooser";
        type Type = super::PracticeChooser;
        type ParentType = adw::Window;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for PracticeChooser {}
    impl WidgetImpl for PracticeChooser {}
    impl WindowImpl for PracticeChooser {}
    impl AdwWindowImpl for PracticeChooser {}
}

glib::wrapper! {
    pub struct PracticeChooser(ObjectSubclass<imp::PracticeChooser>)
        @extends adw::Window, gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

impl PracticeChooser {
    /// Opens the chooser over `parent`. A row starts `app.practise-technique` with its id and
    /// closes the chooser; Escape closes it without. Each technique `practised` says how often
    /// (the history's count), and each the player's `hints` taught how many hints; the one
    /// practised `last` (this session's, else the history's latest) says so in its row, and
    /// Return with nothing typed takes it again.
    pub fn show(
        parent: &impl IsA<gtk::Window>,
        last: Option<Technique>,
        practised: &[Practised],
        hints: &[TechniqueHints],
    ) -> PracticeChooser {
        let chooser: PracticeChooser = glib::Object::builder()
            .property("transient-for", parent)
            .property("application", parent.as_ref().application())
            .build();
        let last = last.or(practised.first().map(|p| p.technique));
        chooser.fill(last, practised, hints);
        let weak = chooser.downgrade();
        chooser.imp().search.connect_search_changed(move |entry| {
            if let Some(chooser) = weak.upgrade() {
                chooser.narrow(&entry.text());
            }
        });
        // Return in the search starts the technique named exactly, else the first still listed
        // (with nothing typed, the one practised last, if any).
        let weak = chooser.downgrade();
        chooser.imp().search.connect_activate(move |entry| {
            let Some(chooser) = weak.upgrade() else { return };
            let named = match entry.text().trim() {
                "" => last.map(technique_name).unwrap_or_default(),
                typed => typed.to_string(),
            }
            .to_lowercase();
            let rows = chooser.listed_rows();
            let exact = rows.iter().find(|row| row.title().to_lowercase() == named);
            if let Some(row) = exact.or(rows.first()) {
                WidgetExt::activate(row);
                GtkWindowExt::close(&chooser);
            }
        });
        // Down in the search goes to the first technique still listed, as in GNOME Settings'
        // search (GTK would move the focus to the list's scroller, where Down goes no further).
        let keys = gtk::EventControllerKey::new();
        let weak = chooser.downgrade();
        keys.connect_key_pressed(move |_, key, _, _| {
            if ![gdk::Key::Down, gdk::Key::KP_Down].contains(&key) {
                return glib::Propagation::Proceed;
            }
            let first = weak
                .upgrade()
                .and_then(|chooser| chooser.listed_rows().into_iter().next());
            match first {
                Some(row) => {
                    row.grab_focus();
                    glib::Propagation::Stop
                }
                None => glib::Propagation::Proceed,
            }
        });
        chooser.imp().search.add_controller(keys);
        super::close_on_escape(&chooser);
        // (The search has the keys, and takes Escape as the end of a search: it closes the
        // chooser too.)
        let weak = chooser.downgrade();
        chooser.imp().search.connect_stop_search(move |_| {
            if let Some(chooser) = weak.upgrade() {
                GtkWindowExt::close(&chooser);
            }
        });
        GtkWindowExt::present(&chooser);
        chooser.imp().search.grab_focus();
        chooser
    }

    /// The rows the search leaves listed, in order.
    fn listed_rows(&self) -> Vec<adw::ActionRow> {
        self.imp()
            .levels
            .borrow()
            .iter()
            .flat_map(|(_, rows)| rows.iter().map(|(row, _, _)| row.clone()))
            .filter(|row| row.is_visible())
            .collect()
    }

    /// A group for each level, a row for each technique in it (by score, as the ladder asks),
    /// with how often it was `practised` and how many `hints` taught it, the one practised
    /// `last` marked so.
    fn fill(&self, last: Option<Technique>, practised: &[Practised], hints: &[TechniqueHints]) {
        let imp = self.imp();
        let mut levels = Vec::new();
        for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Master] {
            let group = adw::PreferencesGroup::builder().title(super::level_name(level)).build();
            let mut rows = Vec::new();
            for &technique in practice::techniques().iter().filter(|t| t.level() == level) {
                let name = technique_name(technique);
                let subtitle = match practice::rarity(technique) {
                    Rarity::Common => gettext("Score {score}"),
                    Rarity::Rare => gettext("Score {score} · rare: finding a position can take many minutes"),
                    Rarity::Unseen => {
                        gettext("Score {score} · very rare: no position found yet in ten minutes of searching")
                    }
                };
                let family = family_name(technique.family());
                let score = fill(&subtitle, &[("score", &super::decimal(&technique.score_text()))]);
                let mut subtitle = format!("{family} · {score}");
                if let Some(done) = practised.iter().find(|p| p.technique == technique) {
                    let times = ngettext("practised {n} time", "practised {n} times", done.games);
                    subtitle = format!("{subtitle} · {}", fill(&times, &[("n", &number(done.games.into()))]));
                }
                // (What to practise: the techniques the player's hints had to teach.)
                if let Some(taught) = hints.iter().find(|h| h.technique == technique) {
                    let times = ngettext("taught by {n} hint", "taught by {n} hints", taught.hints);
                    subtitle = format!("{subtitle} · {}", fill(&times, &[("n", &number(taught.hints.into()))]));
                }
                // (Not the row's action: GTK 4.8's list box then activates the action instead of
                // the row, whose `activated` closes the chooser; a click or Return on the row
                // started the practice behind a chooser left open.)
                let row = adw::ActionRow::builder()
                    .title(&name)
                    .subtitle(subtitle)
                    .activatable(true)
                    .build();
                if last == Some(technique) {
                    let label = gtk::Label::new(Some(&gettext("Practised last")));
                    label.add_css_class("dim-label");
                    row.add_suffix(&label);
                    self.scroll_to_once_laid_out(&row);
                }
                row.add_suffix(&gtk::Image::from_icon_name("go-next-symbolic"));
                let weak = self.downgrade();
                row.connect_activated(move |_| {
                    if let Some(chooser) = weak.upgrade() {
                        GtkWindowExt::close(&chooser);
                    }
                    super::activate_app_action("practise-technique", Some(&technique.id().to_variant()));
                });
                group.add(&row);
                // Searched by its name and its family's in the user's language and by its id
                // (English, as the command line writes it: "aic").
                let searched = format!("{} {} {}", searched_as(&name), searched_as(&family), technique.id());
                rows.push((row, searched, technique.family()));
            }
            imp.groups.append(&group);
            levels.push((group, rows));
        }
        imp.levels.replace(levels);
    }

    /// Scrolls the list so that `row` is in view, once the rows have their places.
    fn scroll_to_once_laid_out(&self, row: &adw::ActionRow) {
        let scroller = self.imp().scroller.get();
        row.add_tick_callback(move |row, _| {
            if row.height() == 0 {
                return glib::ControlFlow::Continue;
            }
            let groups = scroller.child().unwrap_or_else(|| scroller.clone().upcast());
            if let Some(top) = row.compute_point(&groups, &gtk::graphene::Point::new(0.0, 0.0)) {
                let adjustment = scroller.vadjustment();
                let centred = f64::from(top.y()) - (adjustment.page_size() - f64::from(row.height())) / 2.0;
                let bottom = (adjustment.upper() - adjustment.page_size()).max(adjustment.lower());
                adjustment.set_value(centred.clamp(adjustment.lower(), bottom));
            }
            glib::ControlFlow::Break
        });
    }

    /// Shows only the techniques whose name, family or id holds `text` (and the levels that keep
    /// one). The help button then opens the technique reference at the family of the first one
    /// listed ("als" → its section on almost locked sets), at its start with nothing typed.
    fn narrow(&self, text: &str) {
        let text = searched_as(text.trim());
        let mut first = None;
        for (group, rows) in self.imp().levels.borrow().iter() {
            let mut kept = false;
            for (row, searched, family) in rows {
                let shown = searched.contains(&text);
                row.set_visible(shown);
                kept |= shown;
                if shown && first.is_none() {
                    first = Some(*family);
                }
            }
            group.set_visible(kept);
        }
        self.imp().nothing_found.set_visible(first.is_none());
        let page = match first.filter(|_| !text.is_empty()) {
            Some(family) => format!("techniques#{}", family.id()),
            None => "techniques".to_string(),
        };
        self.imp().help.set_action_target_value(Some(&page.to_variant()));
    }
}

/// Text as the chooser's search compares it: in lower case and without accents, so that
/// "chaine" finds "Chaîne XY" and "meduse" "Méduse", as players type them.
fn searched_as(text: &str) -> String {
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect::<String>()
        .to_lowercase()
}

/// A practice found, with its goal (listed off the main thread, with the practice).
fn with_goal(found: practice::Practice) -> (practice::Practice, practice::Goal) {
    let goal = found.goal();
    (found, goal)
}

/// Practising, the controller's side.
impl super::controller::Controller {
    /// Opens the chooser of a technique to practise, once the history has told which were
    /// practised and how often, and which the hints taught (read off the main thread; none when
    /// it can't be read).
    pub fn choose_practice(self: &Rc<Self>) {
        self.read_history(
            |store| Ok((store.practised()?, store.hints_by_technique()?)),
            |this, read| {
                let (practised, hints) = read.unwrap_or_default();
                PracticeChooser::show(&this.window, this.last_practised.get(), &practised, &hints);
            },
        );
    }

    /// `app.practise-technique(id)`: [`Controller::practise`] the technique of that id, as
    /// `nonet-cli techniques` lists them; another id (the chooser, History and the toasts send
    /// none, another program may) is told to be none.
    pub fn practise_id(self: &Rc<Self>, id: &str) {
        match id.parse::<Technique>() {
            Ok(technique) => self.practise(technique),
            Err(_) => self.say(&fill(
                &gettext("There is no technique “{id}” to practise."),
                &[("id", &id)],
            )),
        }
    }

    /// Looks for a position whose next step is of `technique`, off the main thread, telling
    /// how many puzzles it drew as it goes, then starts a game of its puzzle at that position
    /// (the easier steps' digits and every candidate as pencil marks, one move: Reset goes back
    /// to it). Starting another game meanwhile gives the search up, as for a Master puzzle.
    pub fn practise(self: &Rc<Self>, technique: Technique) {
        if let Some(why) = practice::why_not(technique) {
            self.say(&cannot_be_practised(technique, why));
            return;
        }
        self.stop_animation();
        self.last_practised.set(Some(technique));
        let name = technique_name(technique);
        self.say(&fill(
            &gettext("Looking for a position to practise {technique}…"),
            &[("technique", &name)],
        ));
        let seed = generator::random_seed();
        // (Listing the goal's steps, every forcing net of the position, is off the main thread
        // too.)
        let work = move |cancel: &AtomicBool, progress: &mut dyn FnMut(u64)| {
            practice::practise(technique, seed, cancel, progress).map(with_goal)
        };
        let told = name.clone();
        let told = move |n: u64| {
            fill(
                &ngettext(
                    "Looking for a position to practise {technique}… {n} puzzle tried",
                    "Looking for a position to practise {technique}… {n} puzzles tried",
                    n.min(1_000_000) as u32,
                ),
                &[("technique", &told), ("n", &number(n))],
            )
        };
        self.search(work, told, move |this, result| match result {
            Some(Ok((found, goal))) => this.begin_practice(found, goal),
            Some(Err(GenerateError::Cancelled)) => {}
            None => this.say(&gettext("Looking for a position failed.")),
        });
    }

    /// A practice game from its start again (History's Play Again, Try Again after a strict
    /// game is lost): its puzzle solved by the ladder up to its position again, off the main
    /// thread; the puzzle is played from its givens if the position is no longer there (a
    /// damaged history, a ladder that has changed).
    pub(super) fn practise_again(self: &Rc<Self>, again: NewGame, technique: Technique, seed: u64) {
        let (puzzle, solution) = (again.puzzle, again.solution);
        let work =
            move || practice::practice_in(technique, &puzzle, &solution, seed, &AtomicBool::new(false)).map(with_goal);
        self.off_main(work, move |this, result| {
            // (Taken whole: a closure that takes fields of the game's arrays alone breaks
            // rustc 1.95's MIR checks.)
            let again = again;
            match result.flatten() {
                Some((found, goal)) => this.begin_practice(found, goal),
                None => {
                    let level = again.level;
                    this.start(
                        NewGame {
                            practice: None,
                            ..again
                        },
                        level,
                    );
                    this.say(&gettext("The same puzzle, from the start."));
                }
            }
        });
    }

    /// Starts a game of a practice found: its puzzle, with the position's digits and pencil
    /// marks as its first move (Reset goes back to it), and the goal the message line asks for.
    fn begin_practice(self: &Rc<Self>, found: practice::Practice, goal: practice::Goal) {
        let level = found.rating.level;
        let new = NewGame {
            puzzle: found.puzzle,
            solution: found.solution,
            level,
            score: Some(found.rating.score),
            source: store::Source::Generated,
            // (With the technique, it gives the practice again: `nonet-cli practise`.)
            seed: Some(found.seed),
            practice: Some(found.technique),
            file: None,
            started_at: store::now_unix_ms(),
        };
        self.start(new, level);
        if let Some(take) = found.take() {
            if let Some(result) = self.with_play(|play| play.act(take)) {
                self.report(result);
            }
        }
        self.with_play(|play| play.practice = Some(goal));
        self.say(&fill(
            &gettext("Practise {technique}: find one on the board. Hint shows it if you need it."),
            &[("technique", &technique_name(found.technique))],
        ));
    }

    /// A practice game taken up again (at start, or from History) asks for its step again,
    /// unless it was done before it was left (then Reset asks for it again). The goal is found
    /// off the main thread, from the puzzle as the practice found it.
    pub(super) fn resume_practice(self: &Rc<Self>, technique: Technique, resumed: &NewGame) {
        let Some(seed) = resumed.seed else { return };
        let (puzzle, solution) = (resumed.puzzle, resumed.solution);
        let work = move || {
            practice::practice_in(technique, &puzzle, &solution, seed, &AtomicBool::new(false))
                .map(|found| found.goal())
        };
        self.off_main(work, move |this, goal| {
            let Some(goal) = goal.flatten() else { return };
            this.with_play(|play| {
                if play.game.givens() != &puzzle {
                    return;
                }
                match goal.met_by(&play.game) {
                    None => play.practice = Some(goal),
                    Some(_) => play.practice_done = Some(goal),
                }
            });
        });
    }

    /// Once a step of the practised technique is done on the board, tells the player (praise
    /// for finding it, or only the offer after a hint or All Steps did it) and offers another
    /// practice of the technique; then the game plays on as any other. A step done again by
    /// Undo (back past a Reset) is taken as done without a word.
    pub(super) fn notice_practice_done(&self) {
        let done = self.with_play(|play| {
            let goal = play.practice.as_ref()?;
            goal.met_by(&play.game)?;
            let technique = goal.technique;
            // (The practice is a new game: any hint in it came after the position.)
            let last = play.game.journal().last().map(|m| m.kind);
            let shown = play.game.hints_used() > 0 || matches!(last, Some(MoveKind::Step | MoveKind::ScriptStep));
            play.practice_done = play.practice.take();
            // (Undo back to where the step was done, past a Reset, is no finding: quietly done.)
            (!play.game.can_redo()).then_some((technique, shown))
        });
        let Some((technique, shown)) = done.flatten() else {
            return;
        };
        let name = technique_name(technique);
        if !shown {
            self.say(&fill(
                &gettext("Well found: that is the {technique}. Play on, or practise another."),
                &[("technique", &name)],
            ));
        }
        let toast = adw::Toast::builder()
            .title(fill(&gettext("{technique} done"), &[("technique", &name)]))
            .button_label(gettext("Practise Another"))
            .action_name("app.practise-technique")
            .action_target(&technique.id().to_variant())
            .timeout(10)
            .build();
        super::show_toast(&self.toasts, toast);
    }
}

/// What the message line says when asked (by `app.practise-technique`, the chooser offers none
/// such) to practise a technique that is never a position's easiest step.
fn cannot_be_practised(technique: Technique, why: NotPractised) -> String {
    let text = match why {
        NotPractised::TwoSimplerSteps => gettext(
            "{technique} can't be practised: it is two steps of a simpler technique, and a hint always gives one of those first.",
        ),
        NotPractised::HoldsASimplerChain => gettext(
            "{technique} can't be practised: each of its loops holds a simpler chain, which a hint always gives first.",
        ),
        NotPractised::OffTheLadder => {
            gettext("{technique} can't be practised: hints, paths and ratings never use it.")
        }
    };
    fill(&text, &[("technique", &technique_name(technique))])
}

#[cfg(test)]
mod tests {
    use super::searched_as;

    #[test]
    fn the_search_ignores_case_and_accents() {
        assert_eq!(searched_as("Chaîne XY"), "chaine xy");
        assert_eq!(searched_as("Méduse à nageoire"), "meduse a nageoire");
        assert!(searched_as("Réseau de forçage (contradiction)").contains(&searched_as("reseau de forcage")));
        assert_eq!(searched_as("Übung"), "ubung");
        assert_eq!(searched_as("x-wing"), "x-wing");
    }
}
